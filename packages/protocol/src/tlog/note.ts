// C2SP signed-note (https://c2sp.org/signed-note): text ending in a newline, a blank line, then
// signature lines `— <key name> base64(key ID ‖ signature)`. Ed25519 keys (type 0x01) sign the
// text itself; other types (the 0x04 cosignatures in cosignature.ts) plug in as NoteVerifiers.
import { ed25519 } from '#ed25519';
import { base64ToBytes, bytesToBase64, utf8Encode } from '../encoding.js';
import { publicKeyFromSeed, sign, verify } from '../signing.js';

/** Signature type bytes assigned by the signed-note spec that Convene uses. */
export const NOTE_SIGNATURE_TYPE = { ed25519: 0x01, cosignatureV1: 0x04 } as const;

/** Verifiers must accept at least 16 signatures; Go's note package stops at 100. */
export const MAX_NOTE_SIGNATURES = 100;

const SIGNATURE_PREFIX = '\u2014 ';

export interface NoteSignature {
  name: string;
  /** uint32 key ID (first 4 bytes of the signature, big-endian). */
  keyId: number;
  /** The signature bytes after the key ID. */
  signature: Uint8Array;
  /** The base64 text as it appeared on the line. */
  base64: string;
}

export interface ParsedNote {
  /** The signed text, including its final newline. */
  text: string;
  signatures: NoteSignature[];
}

/** One key a reader trusts: its name and key ID select the signature lines it checks. */
export interface NoteVerifier {
  name: string;
  keyId: number;
  type: number;
  publicKey: string;
  verify(text: string, signature: Uint8Array): Promise<boolean>;
}

export interface NoteSigner {
  name: string;
  keyId: number;
  sign(text: string): Promise<Uint8Array>;
}

/** Key names: non-empty, no Unicode spaces, no `+` (signed-note §Format). */
export function isValidKeyName(name: unknown): name is string {
  return typeof name === 'string' && name !== '' && !/[\s\u0085+]/u.test(name);
}

/** SHA-256(name ‖ 0x0A ‖ type ‖ public key)[:4] as a uint32 (signed-note §Signatures). */
export function noteKeyId(name: string, type: number, publicKey: Uint8Array): number {
  const nameBytes = utf8Encode(name);
  const input = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  input.set(nameBytes);
  input[nameBytes.length] = 0x0a;
  input[nameBytes.length + 1] = type;
  input.set(publicKey, nameBytes.length + 2);
  const digest = ed25519.sha256(input);
  return new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0);
}

/** A key ID as the 8 lowercase hex digits vkeys use. */
export function keyIdHex(keyId: number): string {
  return keyId.toString(16).padStart(8, '0');
}

function keyIdBytes(keyId: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, keyId);
  return bytes;
}

function checkName(name: string): void {
  if (!isValidKeyName(name)) throw new TypeError(`invalid key name ${JSON.stringify(name)}`);
}

function rawKey(publicKeyB64: string): Uint8Array {
  const key = base64ToBytes(publicKeyB64);
  if (key === null || key.length !== 32)
    throw new TypeError('public key must be base64 of 32 bytes');
  return key;
}

/** `<name>+<hex key ID>+<base64(type ‖ public key)>`: the text form of a verifier key. */
export function formatVerifierKey(
  name: string,
  publicKeyB64: string,
  type: number = NOTE_SIGNATURE_TYPE.ed25519,
): string {
  checkName(name);
  const key = rawKey(publicKeyB64);
  const material = new Uint8Array(33);
  material[0] = type;
  material.set(key, 1);
  return `${name}+${keyIdHex(noteKeyId(name, type, key))}+${bytesToBase64(material)}`;
}

/** Splits at the first count − 1 `+` signs (the last part is base64, which may contain `+`). */
function splitPlus(text: string, count: number): string[] | null {
  const parts: string[] = [];
  let rest = text;
  for (let i = 1; i < count; i++) {
    const at = rest.indexOf('+');
    if (at < 0) return null;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts;
}

export interface VerifierKey {
  name: string;
  keyId: number;
  type: number;
  /** Base64 of the 32-byte Ed25519 public key. */
  publicKey: string;
}

/**
 * Parses a vkey for an Ed25519 type (0x01 or 0x04); null when malformed or when its key ID is not
 * the one the spec derives from the name and key.
 */
export function parseVerifierKey(vkey: string): VerifierKey | null {
  if (typeof vkey !== 'string') return null;
  const parts = splitPlus(vkey, 3);
  if (parts === null) return null;
  const [name, idHex, materialB64] = parts as [string, string, string];
  if (!isValidKeyName(name) || !/^[0-9a-f]{8}$/.test(idHex)) return null;
  const material = base64ToBytes(materialB64);
  if (material === null || material.length !== 33) return null;
  const type = material[0]!;
  if (type !== NOTE_SIGNATURE_TYPE.ed25519 && type !== NOTE_SIGNATURE_TYPE.cosignatureV1) {
    return null;
  }
  const key = material.slice(1);
  const keyId = noteKeyId(name, type, key);
  if (keyIdHex(keyId) !== idHex) return null;
  return { name, keyId, type, publicKey: bytesToBase64(key) };
}

/**
 * `PRIVATE+KEY+<name>+<hex key ID>+<base64(0x01 ‖ seed)>`: the signer-key text Go's
 * golang.org/x/mod/sumdb/note reads (note.NewSigner), so one key file serves both.
 */
export async function formatSignerKey(name: string, seedB64: string): Promise<string> {
  checkName(name);
  const seed = base64ToBytes(seedB64);
  if (seed === null || seed.length !== 32) throw new TypeError('seed must be base64 of 32 bytes');
  const key = rawKey(await publicKeyFromSeed(seedB64));
  const material = new Uint8Array(33);
  material[0] = NOTE_SIGNATURE_TYPE.ed25519;
  material.set(seed, 1);
  const id = keyIdHex(noteKeyId(name, NOTE_SIGNATURE_TYPE.ed25519, key));
  return `PRIVATE+KEY+${name}+${id}+${bytesToBase64(material)}`;
}

/** The name and seed of a signer key, or null when malformed or its key ID is wrong. */
export async function parseSignerKey(skey: string): Promise<{ name: string; seed: string } | null> {
  if (typeof skey !== 'string') return null;
  const parts = splitPlus(skey, 5);
  if (parts === null || parts[0] !== 'PRIVATE' || parts[1] !== 'KEY') return null;
  const [, , name, idHex, materialB64] = parts as [string, string, string, string, string];
  const material = base64ToBytes(materialB64);
  if (!isValidKeyName(name) || material === null || material.length !== 33) return null;
  if (material[0] !== NOTE_SIGNATURE_TYPE.ed25519) return null;
  const seed = bytesToBase64(material.slice(1));
  const expected = await formatSignerKey(name, seed);
  return expected.split('+')[3] === idHex ? { name, seed } : null;
}

/** An Ed25519 (type 0x01) note signer. */
export async function ed25519NoteSigner(name: string, seedB64: string): Promise<NoteSigner> {
  checkName(name);
  const key = rawKey(await publicKeyFromSeed(seedB64));
  return {
    name,
    keyId: noteKeyId(name, NOTE_SIGNATURE_TYPE.ed25519, key),
    sign: async (text) => base64ToBytes(await sign(seedB64, text))!,
  };
}

/** An Ed25519 (type 0x01) note verifier from a vkey or from a name and base64 public key. */
export function ed25519NoteVerifier(vkeyOrName: string, publicKeyB64?: string): NoteVerifier {
  const vkey =
    publicKeyB64 === undefined ? vkeyOrName : formatVerifierKey(vkeyOrName, publicKeyB64);
  const parsed = parseVerifierKey(vkey);
  if (parsed === null || parsed.type !== NOTE_SIGNATURE_TYPE.ed25519) {
    throw new TypeError('not an Ed25519 (type 0x01) verifier key');
  }
  return {
    ...parsed,
    verify: (text, signature) =>
      signature.length === 64
        ? verify(parsed.publicKey, text, bytesToBase64(signature))
        : Promise.resolve(false),
  };
}

function hasForbiddenControl(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0009\u000b-\u001f]/.test(text);
}

function wellFormedUnicode(text: string): boolean {
  return !/\p{Surrogate}/u.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));
}

/** Splits a signed note into its text and signature lines; null when it is malformed. */
export function parseSignedNote(note: string): ParsedNote | null {
  if (typeof note !== 'string' || !wellFormedUnicode(note) || hasForbiddenControl(note)) {
    return null;
  }
  const split = note.lastIndexOf('\n\n');
  if (split < 0) return null;
  const text = note.slice(0, split + 1);
  const block = note.slice(split + 2);
  if (block === '' || !block.endsWith('\n')) return null;
  const signatures: NoteSignature[] = [];
  for (const line of block.slice(0, -1).split('\n')) {
    if (!line.startsWith(SIGNATURE_PREFIX)) return null;
    const rest = line.slice(SIGNATURE_PREFIX.length);
    const space = rest.indexOf(' ');
    if (space < 0) return null;
    const name = rest.slice(0, space);
    const base64 = rest.slice(space + 1);
    const bytes = base64ToBytes(base64);
    if (!isValidKeyName(name) || bytes === null || bytes.length < 5) return null;
    const keyId = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    signatures.push({ name, keyId, signature: bytes.slice(4), base64 });
    if (signatures.length > MAX_NOTE_SIGNATURES) return null;
  }
  return { text, signatures };
}

/** A signature line (with its newline) for `signer` over `text`. */
export async function signatureLine(text: string, signer: NoteSigner): Promise<string> {
  const signature = await signer.sign(text);
  const bytes = new Uint8Array(4 + signature.length);
  bytes.set(keyIdBytes(signer.keyId));
  bytes.set(signature, 4);
  return `${SIGNATURE_PREFIX}${signer.name} ${bytesToBase64(bytes)}\n`;
}

/** Signs `text` (which must end in a newline) as a note with one or more signers. */
export async function signNote(text: string, ...signers: NoteSigner[]): Promise<string> {
  if (
    !text.endsWith('\n') ||
    parseSignedNote(`${text}\n${SIGNATURE_PREFIX}x AAAAAAA=\n`) === null
  ) {
    throw new TypeError(
      'note text must be valid, newline-terminated and free of control characters',
    );
  }
  if (signers.length === 0) throw new TypeError('a note needs at least one signer');
  const lines = await Promise.all(signers.map((signer) => signatureLine(text, signer)));
  return `${text}\n${lines.join('')}`;
}

/** Adds signature lines (e.g. cosignatures) to an already signed note. */
export async function addNoteSignatures(note: string, ...signers: NoteSigner[]): Promise<string> {
  const parsed = parseSignedNote(note);
  if (parsed === null) throw new TypeError('not a well-formed signed note');
  const lines = await Promise.all(signers.map((signer) => signatureLine(parsed.text, signer)));
  return `${note}${lines.join('')}`;
}

export type OpenNoteResult =
  | { ok: true; text: string; verified: NoteSignature[]; unverified: NoteSignature[] }
  | {
      ok: false;
      reason: 'malformed' | 'invalid-signature' | 'no-trusted-signature';
      detail: string;
    };

/**
 * Opens a signed note as the spec (and Go's note.Open) does: signatures from unknown keys are
 * ignored; a signature from a known key (same name and key ID) must verify, else the whole note
 * is rejected; at least one known signature must verify.
 */
export async function openNote(
  note: string,
  verifiers: readonly NoteVerifier[],
): Promise<OpenNoteResult> {
  const parsed = parseSignedNote(note);
  if (parsed === null) return { ok: false, reason: 'malformed', detail: 'malformed signed note' };
  const verified: NoteSignature[] = [];
  const unverified: NoteSignature[] = [];
  const seen = new Set<string>();
  for (const signature of parsed.signatures) {
    const verifier = verifiers.find(
      (v) => v.name === signature.name && v.keyId === signature.keyId,
    );
    if (verifier === undefined) {
      unverified.push(signature);
      continue;
    }
    const id = `${signature.name}+${keyIdHex(signature.keyId)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!(await verifier.verify(parsed.text, signature.signature))) {
      return { ok: false, reason: 'invalid-signature', detail: `invalid signature by ${id}` };
    }
    verified.push(signature);
  }
  if (verified.length === 0) {
    return {
      ok: false,
      reason: 'no-trusted-signature',
      detail: 'no signature by a trusted key',
    };
  }
  return { ok: true, text: parsed.text, verified, unverified };
}
