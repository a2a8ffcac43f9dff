import { describe, expect, it } from 'vitest';
import {
  addNoteSignatures,
  base64ToBytes,
  bytesToBase64,
  cosignatureSigner,
  cosignatureVerifier,
  cosignedMessage,
  ed25519NoteSigner,
  ed25519NoteVerifier,
  entryBundle,
  entryBundlePath,
  formatCheckpoint,
  formatCosignerKey,
  formatSignerKey,
  formatVerifierKey,
  LOG_ENTRY_KIND,
  openNote,
  parseCheckpoint,
  parseEntryBundle,
  parseLogEntry,
  parseSignedNote,
  parseSignerKey,
  parseVerifierKey,
  publicKeyFromSeed,
  sign,
  signCheckpoint,
  signNote,
  takeLogEntry,
  tileIndexPath,
  tilePath,
  tilesForSize,
  verifyCheckpointNote,
  verifyLogEntry,
} from '@convene/protocol';
import { seedOf } from '../scripts/fixtures.js';

// The signed-note spec's example (c2sp.org/signed-note, "Verifier keys").
const SPEC_VKEY = 'example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k';
const SPEC_NOTE =
  'This is an example message.\n\n— example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n';

// golang.org/x/mod/sumdb/note's test key and its expected signature (note_test.go, TestSign).
const GO_SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const GO_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const GO_TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('signed notes', () => {
  it('verify the signed-note spec example', async () => {
    const opened = await openNote(SPEC_NOTE, [ed25519NoteVerifier(SPEC_VKEY)]);
    expect(opened).toMatchObject({ ok: true, text: 'This is an example message.\n' });
  });

  it('reproduce Go note.Sign byte for byte from the same signer key', async () => {
    const parsed = await parseSignerKey(GO_SKEY);
    expect(parsed?.name).toBe('PeterNeumann');
    expect(await formatSignerKey('PeterNeumann', parsed!.seed)).toBe(GO_SKEY);
    const publicKey = await publicKeyFromSeed(parsed!.seed);
    expect(formatVerifierKey('PeterNeumann', publicKey)).toBe(GO_VKEY);
    const signer = await ed25519NoteSigner(parsed!.name, parsed!.seed);
    expect(await signNote(GO_TEXT, signer)).toBe(GO_NOTE);
    expect(await openNote(GO_NOTE, [ed25519NoteVerifier(GO_VKEY)])).toMatchObject({ ok: true });
  });

  it('refuse the malformed notes Go refuses', async () => {
    const sig = GO_NOTE.slice(GO_TEXT.length + 1);
    const bad = [
      GO_TEXT,
      `${GO_TEXT}\n`,
      `${GO_TEXT}\n${sig.slice(0, -1)}`,
      `\u0001${GO_TEXT}\n${sig}`,
      `${GO_TEXT}\n— Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`,
      `${GO_TEXT}\n${sig}Unexpected line.\n`,
      `${GO_TEXT}\n— PeterNeumann AAAA\n`,
      `${GO_TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM\n`,
      `\ud800${GO_TEXT}\n${sig}`,
    ];
    for (const note of bad) {
      expect(parseSignedNote(note), JSON.stringify(note)).toBeNull();
      expect(await openNote(note, [ed25519NoteVerifier(GO_VKEY)])).toMatchObject({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('ignore unknown keys, reject a bad signature by a known key, need one trusted signature', async () => {
    const other = await ed25519NoteSigner('other.example/key', seedOf(0x21));
    const withOther = await addNoteSignatures(GO_NOTE, other);
    expect(await openNote(withOther, [ed25519NoteVerifier(GO_VKEY)])).toMatchObject({
      ok: true,
      unverified: [{ name: 'other.example/key' }],
    });
    expect(await openNote(GO_NOTE, [ed25519NoteVerifier(SPEC_VKEY)])).toMatchObject({
      ok: false,
      reason: 'no-trusted-signature',
    });
    const forged = GO_NOTE.replace('x08go/ZJ', 'x08go/ZK');
    expect(await openNote(forged, [ed25519NoteVerifier(GO_VKEY)])).toMatchObject({
      ok: false,
      reason: 'invalid-signature',
    });
    // Same name, another key (so another key ID): an unknown signature, not a forgery.
    const impostor = await ed25519NoteSigner('PeterNeumann', seedOf(0x22));
    expect(
      await openNote(await signNote(GO_TEXT, impostor), [ed25519NoteVerifier(GO_VKEY)]),
    ).toMatchObject({
      ok: false,
      reason: 'no-trusted-signature',
    });
  });

  it('parse verifier keys strictly', () => {
    expect(parseVerifierKey(GO_VKEY)).toMatchObject({ name: 'PeterNeumann', type: 1 });
    expect(parseVerifierKey(GO_VKEY.replace('c74f20a3', 'c74f20a4'))).toBeNull();
    expect(parseVerifierKey(GO_VKEY.replace('+ARpc', '+ZRpc'))).toBeNull();
    expect(parseVerifierKey(`a b${GO_VKEY.slice(12)}`)).toBeNull();
    expect(parseVerifierKey(GO_VKEY.slice(0, -4))).toBeNull();
    expect(() =>
      formatVerifierKey('has+plus', bytesToBase64(new Uint8Array(32).fill(9))),
    ).toThrow();
  });
});

describe('checkpoints', () => {
  const root = new Uint8Array(32).fill(7);

  it('round-trip the C2SP text and refuse anything else', () => {
    const text = formatCheckpoint({ origin: 'example.com/log', size: 20852163, rootHash: root });
    expect(text).toBe(`example.com/log\n20852163\n${bytesToBase64(root)}\n`);
    expect(parseCheckpoint(text)).toEqual({
      origin: 'example.com/log',
      size: 20852163,
      rootHash: root,
      extensions: [],
    });
    const withExtension = formatCheckpoint({
      origin: 'o',
      size: 0,
      rootHash: root,
      extensions: ['ext one'],
    });
    expect(parseCheckpoint(withExtension)?.extensions).toEqual(['ext one']);
    const r = bytesToBase64(root);
    for (const bad of [
      `o\n1\n${r}`,
      `o\n01\n${r}\n`,
      `o\n-1\n${r}\n`,
      `o\n1.0\n${r}\n`,
      `o\n9007199254740992\n${r}\n`,
      `o\n1\n${r.slice(4)}\n`,
      `o\n1\n${r}\n\n`,
      `\n1\n${r}\n`,
      `o\n1\n`,
    ]) {
      expect(parseCheckpoint(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('signCheckpoint', () => {
  it('signs the checkpoint text with the key named by the origin', async () => {
    const checkpoint = { origin: 'log.example/a', size: 3, rootHash: new Uint8Array(32).fill(1) };
    const note = await signCheckpoint(checkpoint, seedOf(0x4c));
    const vkey = formatVerifierKey('log.example/a', await publicKeyFromSeed(seedOf(0x4c)));
    expect(await verifyCheckpointNote(note, { logKey: vkey })).toMatchObject({
      ok: true,
      checkpoint: { origin: 'log.example/a', size: 3 },
    });
  });
});

describe('cosignatures (cosignature/v1, type 0x04)', () => {
  it('sign the spec message, verify, and refuse another timestamp or text', async () => {
    const seed = seedOf(0x57);
    const publicKey = await publicKeyFromSeed(seed);
    const vkey = formatCosignerKey('witness.example/w1', publicKey);
    expect(parseVerifierKey(vkey)?.type).toBe(4);
    // The same key under type 0x01 has another key ID.
    expect(vkey.split('+')[1]).not.toBe(
      formatVerifierKey('witness.example/w1', publicKey).split('+')[1],
    );
    const text = formatCheckpoint({
      origin: 'example.com/log',
      size: 5,
      rootHash: new Uint8Array(32),
    });
    expect(cosignedMessage(text, 1679315147)).toBe(`cosignature/v1\ntime 1679315147\n${text}`);
    const signer = await cosignatureSigner('witness.example/w1', seed, 1679315147);
    const signature = await signer.sign(text);
    expect(signature.length).toBe(72);
    expect(bytesToBase64(signature.slice(8))).toBe(
      await sign(seed, cosignedMessage(text, 1679315147)),
    );
    const verifier = cosignatureVerifier(vkey);
    expect(await verifier.verify(text, signature)).toBe(true);
    const otherTime = signature.slice();
    otherTime[7] = otherTime[7]! ^ 1;
    expect(await verifier.verify(text, otherTime)).toBe(false);
    expect(await verifier.verify(`${text}x\n`, signature)).toBe(false);
    expect(() => cosignatureVerifier(formatVerifierKey('w', publicKey))).toThrow();
  });
});

describe('tiles', () => {
  it('encode paths as tlog-tiles does', () => {
    expect(tileIndexPath(1234067)).toBe('x001/x234/067');
    expect(tileIndexPath(0)).toBe('000');
    expect(tilePath(0, 1234067)).toBe('tile/0/x001/x234/067');
    expect(tilePath(2, 5, 17)).toBe('tile/2/005.p/17');
    expect(entryBundlePath(1000, 3)).toBe('tile/entries/x001/000.p/3');
  });

  it('list the tiles of the spec example (size 70,000)', () => {
    const tiles = tilesForSize(70_000);
    expect(tiles.filter((t) => t.level === 0 && t.width === 256)).toHaveLength(273);
    expect(tiles.filter((t) => t.width < 256)).toEqual([
      { level: 0, index: 273, width: 112 },
      { level: 1, index: 1, width: 17 },
      { level: 2, index: 0, width: 1 },
    ]);
    expect(tilesForSize(256)).toEqual([
      { level: 0, index: 0, width: 256 },
      { level: 1, index: 0, width: 1 },
    ]);
  });

  it('bundle entries with big-endian uint16 lengths', () => {
    const entries = [new Uint8Array([1, 2, 3]), new Uint8Array(300).fill(9), new Uint8Array(0)];
    const bundle = entryBundle(entries);
    expect([...bundle.slice(0, 5)]).toEqual([0, 3, 1, 2, 3]);
    expect([...bundle.slice(5, 7)]).toEqual([1, 44]);
    expect(parseEntryBundle(bundle)).toEqual(entries);
    expect(parseEntryBundle(bundle.slice(0, -1).slice(0, 6))).toBeNull();
    expect(() => entryBundle([new Uint8Array(65_536)])).toThrow(RangeError);
  });
});

describe('take entries', () => {
  const fields = async () => {
    const seed = seedOf(0x01);
    const canonical =
      '{"memberId":"m-1","date":"2026-07-14","subjectId":"s","nonce":"n","stance":"neutral","confidence":0.5,"body":"","memoUrl":""}';
    return {
      takeId: 'take-1',
      sessionId: 'session-1',
      memberId: 'm-1',
      revision: 1,
      receivedAt: '2026-07-14T09:00:00.123Z',
      publicKey: await publicKeyFromSeed(seed),
      canonical_submission: canonical,
      signature: await sign(seed, canonical),
    };
  };

  it('are JCS text with the keys in code-point order', async () => {
    const f = await fields();
    const entry = takeLogEntry(f);
    expect(entry.startsWith('{"canonical_submission":')).toBe(true);
    expect(Object.keys(JSON.parse(entry) as object)).toEqual([
      'canonical_submission',
      'kind',
      'memberId',
      'publicKey',
      'receivedAt',
      'revision',
      'sessionId',
      'signature',
      'takeId',
    ]);
    expect(parseLogEntry(entry)).toMatchObject({ ok: true, entry: { kind: LOG_ENTRY_KIND.take } });
    expect(await verifyLogEntry(entry)).toEqual({
      ok: true,
      kind: LOG_ENTRY_KIND.take,
      problems: [],
    });
  });

  it('refuse malformed fields and non-canonical text; catch a signature or member mismatch', async () => {
    const f = await fields();
    expect(() => takeLogEntry({ ...f, revision: 0 })).toThrow(/revision/);
    expect(() => takeLogEntry({ ...f, receivedAt: '2026-07-14T09:00:00Z' })).toThrow(/receivedAt/);
    expect(() => takeLogEntry({ ...f, publicKey: bytesToBase64(new Uint8Array(32)) })).toThrow();
    const entry = takeLogEntry(f);
    const spaced = entry.replace('{"canonical_submission":', '{ "canonical_submission":');
    expect(parseLogEntry(spaced)).toMatchObject({ ok: false });
    const withExtra = entry.replace('{', '{"extra":1,');
    expect(parseLogEntry(withExtra)).toMatchObject({ ok: false });
    const otherMember = takeLogEntry({ ...f, memberId: 'm-2' });
    expect((await verifyLogEntry(otherMember)).problems).toEqual([
      'canonical_submission names another member',
    ]);
    const otherKey = takeLogEntry({ ...f, publicKey: await publicKeyFromSeed(seedOf(2)) });
    expect((await verifyLogEntry(otherKey)).ok).toBe(false);
    expect(base64ToBytes(f.signature)).toHaveLength(64);
  });
});
