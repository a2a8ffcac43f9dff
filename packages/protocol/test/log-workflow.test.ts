// The log audit workflow (src/tlog/workflow) over a real log in memory: every check line by its
// stable code, and what a tampered entry, proof or checkpoint signature comes to.
import { describe, expect, it } from 'vitest';
import {
  checkEntryInLog,
  checkLatestCheckpoint,
  checkReceiptAnchor,
  checkReceiptInLog,
  checkTakeInLog,
  fixedLogKey,
  formatVerifierKey,
  LOG_CHECKS,
  pinnedOrServedLogKey,
  RECEIPT_REASONS,
  type LogCheckLine,
} from '@convene/protocol';
import { flipChar, ORIGIN, sessionLog } from './log-workflow-world.js';

/** `code state` per line, the shape the assertions read. */
const states = (lines: readonly LogCheckLine[]) =>
  Object.fromEntries(lines.map((line) => [line.code, line.state]));
const detailOf = (lines: readonly LogCheckLine[], code: string) =>
  lines.find((line) => line.code === code)?.detail;

/** Answers with a changed JSON body on `path`s that match. */
const rewriting =
  (match: RegExp, change: (body: Record<string, unknown>) => unknown) =>
  (path: string, answer: { status: number; text: string }) =>
    match.test(path) && answer.status === 200
      ? { ...answer, text: JSON.stringify(change(JSON.parse(answer.text))) }
      : answer;

/** A signature line's base64 with one byte of the signature changed (the key ID kept). */
const withBadSignature = (note: string) =>
  note.replace(/(— log-workflow\.test\.example\/log )(\S+)/, (_, head: string, sig: string) => {
    return `${head}${flipChar(sig, 20)}`;
  });

const noWait = { attempts: 8, pauseMs: 750, wait: () => Promise.resolve() };

describe('checkLatestCheckpoint', () => {
  it('a first visit pins the key and checks the signature; consistency has nothing to compare', async () => {
    const { log } = await sessionLog();
    const latest = await checkLatestCheckpoint(log.api, null);
    expect(states(latest.lines)).toEqual({
      log_key: 'passed',
      checkpoint_signature: 'passed',
      checkpoint_consistent: 'not-checked',
    });
    expect(detailOf(latest.lines, LOG_CHECKS.logKey)).toMatch(/first visit: pinned now/);
    expect(latest.verified?.size).toBe(9);
    expect(latest.keep).toEqual({ vkey: log.vkey, checkpoint: log.noteOf(9) });
  });

  it('sizes and indices read as digits unless the reader formats them', async () => {
    const { log, anchorNote } = await sessionLog();
    const kept = { vkey: log.vkey, checkpoint: anchorNote };
    const plain = await checkLatestCheckpoint(log.api, kept);
    expect(detailOf(plain.lines, LOG_CHECKS.checkpointSignature)).toMatch(/^size 9, signed by /);
    const grouped = await checkLatestCheckpoint(log.api, kept, { count: (n) => `#${n}` });
    expect(detailOf(grouped.lines, LOG_CHECKS.checkpointSignature)).toMatch(/^size #9, signed by /);
    expect(detailOf(grouped.lines, LOG_CHECKS.checkpointConsistent)).toBe('size #5 → #9');
  });

  it('a cosignature by a witness nobody pinned does not break the checkpoint', async () => {
    const { log } = await sessionLog();
    expect(log.noteOf(9)).toContain('— stranger.example/witness ');
    const latest = await checkLatestCheckpoint(log.api, null);
    expect(latest.lines.every((line) => line.state !== 'failed')).toBe(true);
  });

  it('a later visit checks the new checkpoint extends the kept one, and keeps the larger', async () => {
    const { log, anchorNote } = await sessionLog();
    const latest = await checkLatestCheckpoint(log.api, { vkey: log.vkey, checkpoint: anchorNote });
    expect(states(latest.lines).checkpoint_consistent).toBe('passed');
    expect(detailOf(latest.lines, LOG_CHECKS.checkpointConsistent)).toBe('size 5 → 9');
    // A server answering with an older checkpoint does not make the reader forget size 9.
    const older = await checkLatestCheckpoint(
      { ...log.api, checkpoint: () => Promise.resolve({ status: 200, body: anchorNote }) },
      latest.keep,
    );
    expect(states(older.lines).checkpoint_consistent).toBe('passed');
    expect(older.keep?.checkpoint).toBe(log.noteOf(9));
  });

  it('another log key than the kept one fails and nothing is kept', async () => {
    const { log, otherRawLogKey } = await sessionLog();
    const kept = { vkey: formatVerifierKey(ORIGIN, otherRawLogKey), checkpoint: log.noteOf(5) };
    const latest = await checkLatestCheckpoint(log.api, kept);
    expect(states(latest.lines)).toMatchObject({
      log_key: 'failed',
      checkpoint_signature: 'failed',
    });
    expect(detailOf(latest.lines, LOG_CHECKS.logKey)).toMatch(/serves another log key/);
    expect(latest.keep).toBeNull();
  });

  it('a changed byte in the checkpoint signature fails checkpoint_signature with its reason', async () => {
    const { log } = await sessionLog();
    log.tamper = (path, answer) =>
      path === '/api/log/checkpoint' ? { ...answer, text: withBadSignature(answer.text) } : answer;
    const latest = await checkLatestCheckpoint(log.api, null);
    expect(states(latest.lines)).toEqual({
      log_key: 'passed',
      checkpoint_signature: 'failed',
      checkpoint_consistent: 'not-checked',
    });
    expect(detailOf(latest.lines, LOG_CHECKS.checkpointSignature)).toMatch(
      /^checkpoint_signature_invalid: /,
    );
    expect(latest.verified).toBeNull();
  });

  it('a changed byte in the consistency proof fails checkpoint_consistent: a fork or a rewrite', async () => {
    const { log, anchorNote } = await sessionLog();
    log.tamper = rewriting(/consistency/, (body) => ({
      hashes: (body.hashes as string[]).map((h, i) => (i === 0 ? flipChar(h, 3) : h)),
    }));
    const latest = await checkLatestCheckpoint(log.api, { vkey: log.vkey, checkpoint: anchorNote });
    expect(states(latest.lines).checkpoint_consistent).toBe('failed');
    expect(detailOf(latest.lines, LOG_CHECKS.checkpointConsistent)).toMatch(
      /^consistency_proof_invalid: size 9 does not extend size 5/,
    );
    expect(latest.verified).toBeNull();
  });

  it('a log that does not answer: every line not checked, with the status', async () => {
    const { log } = await sessionLog();
    log.tamper = () => ({ status: 503, text: '' });
    const latest = await checkLatestCheckpoint(log.api, null);
    expect(latest.lines.map((line) => line.state)).toEqual(Array(3).fill('not-checked'));
    expect(latest.lines[0]!.detail).toBe('the log did not answer (HTTP 503)');
  });
});

describe('checkEntryInLog', () => {
  it('an entry in the log, checked with the pinned key: included at its index, key pinned', async () => {
    const { log, entries, rawLogKey } = await sessionLog();
    const found = await checkEntryInLog(log.api, entries.a, { pinnedLogKey: rawLogKey });
    expect(found.lines).toEqual([
      { code: 'included_by_leaf_hash', state: 'passed', detail: 'index 3 of 9' },
      { code: 'log_key', state: 'passed' },
    ]);
    expect(found).toMatchObject({ logIndex: 3, treeSize: 9 });
  });

  it('without a pinned key the served key is used and the pin is not checked', async () => {
    const { log, entries } = await sessionLog();
    const found = await checkEntryInLog(log.api, entries.a);
    expect(states(found.lines)).toEqual({
      included_by_leaf_hash: 'passed',
      log_key: 'not-checked',
    });
    expect(detailOf(found.lines, LOG_CHECKS.logKey)).toMatch(/^no log key pinned/);
  });

  it('another pinned key: the checkpoint is refused and the pin fails', async () => {
    const { log, entries, otherRawLogKey } = await sessionLog();
    const found = await checkEntryInLog(log.api, entries.a, { pinnedLogKey: otherRawLogKey });
    expect(states(found.lines)).toEqual({ included_by_leaf_hash: 'failed', log_key: 'failed' });
    expect(detailOf(found.lines, LOG_CHECKS.includedByLeafHash)).toMatch(
      /^checkpoint_signature_invalid: /,
    );
  });

  it('a changed byte in the entry: no such entry in the log', async () => {
    const { log, entries, rawLogKey } = await sessionLog();
    const changed = entries.a.replace('bullish', 'bullisH');
    const found = await checkEntryInLog(log.api, changed, { pinnedLogKey: rawLogKey });
    expect(states(found.lines).included_by_leaf_hash).toBe('failed');
    expect(detailOf(found.lines, LOG_CHECKS.includedByLeafHash)).toMatch(
      /^no entry with leaf hash .* in the log$/,
    );
  });

  it('a changed byte in the inclusion proof fails with inclusion_proof_invalid; the key still passes', async () => {
    const { log, entries, rawLogKey } = await sessionLog();
    log.tamper = rewriting(/leafHash=/, (body) => ({
      ...body,
      hashes: (body.hashes as string[]).map((h, i) => (i === 1 ? flipChar(h, 5) : h)),
    }));
    const found = await checkEntryInLog(log.api, entries.a, { pinnedLogKey: rawLogKey });
    expect(states(found.lines)).toEqual({ included_by_leaf_hash: 'failed', log_key: 'passed' });
    expect(detailOf(found.lines, LOG_CHECKS.includedByLeafHash)).toMatch(
      /^inclusion_proof_invalid: entry 3 is not in the checkpoint's tree/,
    );
  });

  it('an entry newer than the checkpoint is read again until one covers it', async () => {
    const { log, rawLogKey } = await sessionLog();
    const fresh = log.append('{"n":"fresh"}');
    let proofReads = 0;
    log.onRead = async (path) => {
      if (path.includes('leafHash=') && ++proofReads === 3) await log.publish();
    };
    const waits: number[] = [];
    const found = await checkEntryInLog(log.api, '{"n":"fresh"}', {
      pinnedLogKey: rawLogKey,
      retry: { ...noWait, wait: (ms) => (waits.push(ms), Promise.resolve()) },
    });
    // Attempts 1–3 read the size-9 checkpoint (the third read signs 10), attempt 4 is covered.
    expect(waits).toEqual([750, 750, 750]);
    expect(found.lines[0]).toEqual({
      code: 'included_by_leaf_hash',
      state: 'passed',
      detail: `index ${fresh} of 10`,
    });
  });

  it('never covered: not checked after 8 reads, and a halted signer is named', async () => {
    const { log, rawLogKey } = await sessionLog();
    log.append('{"n":"fresh"}');
    const running = await checkEntryInLog(log.api, '{"n":"fresh"}', {
      pinnedLogKey: rawLogKey,
      retry: noWait,
    });
    expect(log.reads.filter((path) => path.includes('leafHash=')).length).toBe(8);
    expect(running.lines[0]).toEqual({
      code: 'included_by_leaf_hash',
      state: 'not-checked',
      detail: 'the entry is newer than the latest checkpoint (size 9); retry in a few seconds',
    });
    log.signer = 'halted: the signing key is unreadable';
    const halted = await checkEntryInLog(log.api, '{"n":"fresh"}', {
      pinnedLogKey: rawLogKey,
      retry: noWait,
    });
    expect(halted.lines[0]!.detail).toMatch(
      /^no checkpoint covers the entry: the log's signer has stopped \(the server's \/health says "halted: /,
    );
  });

  it('a log that cannot be reached: not checked, naming why', async () => {
    const { log, entries } = await sessionLog();
    const unreachable = {
      ...log.api,
      checkpoint: () => Promise.reject(new Error('cannot reach http://log.test')),
    };
    const found = await checkEntryInLog(unreachable, entries.a);
    expect(found.lines[0]).toEqual({
      code: 'included_by_leaf_hash',
      state: 'not-checked',
      detail: 'could not read the log: cannot reach http://log.test',
    });
  });
});

describe('checkTakeInLog', () => {
  it('a logged take passes every line, its key active at its index', async () => {
    const { log, takes } = await sessionLog();
    const lines = await checkTakeInLog(
      log.api,
      takes.a,
      await checkLatestCheckpoint(log.api, null),
    );
    expect(states(lines)).toEqual({
      log_key: 'passed',
      checkpoint_signature: 'passed',
      checkpoint_consistent: 'not-checked',
      take_entry: 'passed',
      take_leaf_hash: 'passed',
      included_at_index: 'passed',
      take_receipt_proof: 'passed',
      member_key: 'passed',
    });
  });

  it('key rotation: the new key passes after it, the old key filed after it fails', async () => {
    const { log, takes } = await sessionLog();
    const latest = await checkLatestCheckpoint(log.api, null);
    expect(states(await checkTakeInLog(log.api, takes.newKey, latest)).member_key).toBe('passed');
    const old = await checkTakeInLog(log.api, takes.oldKeyAfterRotation, latest);
    expect(states(old).member_key).toBe('failed');
    expect(detailOf(old, LOG_CHECKS.memberKey)).toMatch(/^key_not_active: /);
  });

  it('a changed byte in the take as shown: the entry and the leaf hash fail, by name', async () => {
    const { log, takes } = await sessionLog();
    const shown = { ...takes.a, receivedAt: '2026-07-14T23:00:00.001Z' };
    const lines = await checkTakeInLog(log.api, shown, await checkLatestCheckpoint(log.api, null));
    expect(states(lines)).toMatchObject({
      take_entry: 'failed',
      take_leaf_hash: 'failed',
      included_at_index: 'failed',
      take_receipt_proof: 'failed',
    });
    expect(detailOf(lines, LOG_CHECKS.takeEntry)).toMatch(/differs in receivedAt/);
    expect(detailOf(lines, LOG_CHECKS.takeLeafHash)).toMatch(/^leaf_hash_mismatch: recomputed /);
    expect(detailOf(lines, LOG_CHECKS.includedAtIndex)).toMatch(/^leaf_hash_mismatch: /);
  });

  it("a changed byte in the log's entry for the take fails take_entry", async () => {
    const { log, takes } = await sessionLog();
    log.tamper = rewriting(/\/api\/log\/takes\//, (body) => ({
      ...body,
      entry: (body.entry as string).replace('bullish', 'bearish'),
    }));
    const lines = await checkTakeInLog(
      log.api,
      takes.a,
      await checkLatestCheckpoint(log.api, null),
    );
    expect(states(lines).take_entry).toBe('failed');
    expect(states(lines).included_at_index).toBe('passed');
  });

  it('a changed byte in the inclusion proof fails included_at_index with its reason', async () => {
    const { log, takes } = await sessionLog();
    log.tamper = rewriting(/index=3&/, (body) => ({
      ...body,
      hashes: (body.hashes as string[]).map((h, i) => (i === 0 ? flipChar(h, 2) : h)),
    }));
    const lines = await checkTakeInLog(
      log.api,
      takes.a,
      await checkLatestCheckpoint(log.api, null),
    );
    expect(states(lines).included_at_index).toBe('failed');
    expect(detailOf(lines, LOG_CHECKS.includedAtIndex)).toMatch(/^inclusion_proof_invalid: /);
  });

  it("a receipt proof under a forked tree's checkpoint fails even though it is correctly signed", async () => {
    const { log, takes } = await sessionLog();
    const latest = await checkLatestCheckpoint(log.api, null);
    log.tamper = rewriting(/consistency/, (body) => ({
      hashes: (body.hashes as string[]).map((h) => flipChar(h, 1)),
    }));
    const shown = {
      ...takes.a,
      inclusion: {
        ...takes.a.inclusion!,
        checkpoint: log.noteOf(5),
        treeSize: 5,
        hashes: log.proof(3, 5).hashes,
      },
    };
    const lines = await checkTakeInLog(log.api, shown, latest);
    expect(states(lines).take_receipt_proof).toBe('failed');
    expect(detailOf(lines, LOG_CHECKS.takeReceiptProof)).toMatch(
      /is not the log this browser follows: consistency_proof_invalid/,
    );
  });

  it('a take the latest checkpoint does not cover yet is not checked, never failed', async () => {
    const { log, takes } = await sessionLog();
    const uncovered = { ...takes.a, logIndex: 9 };
    const lines = await checkTakeInLog(
      log.api,
      uncovered,
      await checkLatestCheckpoint(log.api, null),
    );
    expect(states(lines)).toMatchObject({
      included_at_index: 'not-checked',
      member_key: 'not-checked',
    });
    expect(detailOf(lines, LOG_CHECKS.includedAtIndex)).toMatch(/does not cover index 9 yet/);
  });
});

describe('checkReceiptAnchor and checkReceiptInLog', () => {
  const anchorCodes = [
    RECEIPT_REASONS.LOG_NOT_RECORDED,
    RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN,
    RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG,
    RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED,
    RECEIPT_REASONS.RECEIPT_NOT_IN_LOG,
    RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT,
  ];
  const latestOf = (log: Awaited<ReturnType<typeof sessionLog>>['log'], size = log.size) => ({
    note: log.noteOf(size),
    size,
  });

  it('a logged receipt passes every anchor check, with the pinned key', async () => {
    const { log, receipt, rawLogKey } = await sessionLog();
    const lines = await checkReceiptAnchor(log.api, receipt, {
      latest: latestOf(log),
      keyOf: pinnedOrServedLogKey(log.api, rawLogKey),
    });
    expect(lines).toEqual(anchorCodes.map((code) => ({ code, state: 'passed' })));
  });

  it('in the browser flow: the latest checkpoint lines first, then the anchor lines', async () => {
    const { log, receipt } = await sessionLog();
    const lines = await checkReceiptInLog(
      log.api,
      receipt,
      await checkLatestCheckpoint(log.api, null),
    );
    expect(lines.map((line) => line.code)).toEqual([
      'log_key',
      'checkpoint_signature',
      'checkpoint_consistent',
      ...anchorCodes,
    ]);
    expect(lines.filter((line) => line.state === 'failed')).toEqual([]);
  });

  it('a receipt logged after the latest checkpoint: its own entry and consistency are not checked yet', async () => {
    const { log, receipt, logKey } = await sessionLog();
    const lines = await checkReceiptAnchor(log.api, receipt, {
      latest: latestOf(log, 5),
      keyOf: fixedLogKey(logKey),
    });
    expect(states(lines)).toMatchObject({
      submission_not_in_log: 'passed',
      receipt_not_in_log: 'not-checked',
      log_checkpoint_inconsistent: 'not-checked',
    });
    expect(detailOf(lines, RECEIPT_REASONS.RECEIPT_NOT_IN_LOG)).toBe(
      'the latest checkpoint (size 5) does not cover its entry yet; retry in a few seconds',
    );
  });

  it('a changed byte in the recorded checkpoint signature: unknown checkpoint, the rest not checked', async () => {
    const { log, receipt, logKey } = await sessionLog();
    log.tamper = rewriting(/checkpoints\/5$/, (body) => ({
      note: withBadSignature(body.note as string),
    }));
    const lines = await checkReceiptAnchor(log.api, receipt, {
      latest: latestOf(log),
      keyOf: fixedLogKey(logKey),
    });
    expect(states(lines)).toMatchObject({
      log_checkpoint_unknown: 'failed',
      submission_not_in_log: 'not-checked',
      log_checkpoint_inconsistent: 'not-checked',
    });
  });

  it("a changed byte in a submission's logged entry fails submission_not_in_log", async () => {
    const { log, receipt, logKey } = await sessionLog();
    log.tamper = rewriting(/index=4&treeSize=5/, (body) => ({
      ...body,
      entry: (body.entry as string).replace('cautious', 'Cautious'),
    }));
    const lines = await checkReceiptAnchor(log.api, receipt, {
      latest: latestOf(log),
      keyOf: fixedLogKey(logKey),
    });
    expect(states(lines).submission_not_in_log).toBe('failed');
    expect(states(lines).log_checkpoint_unknown).toBe('passed');
  });

  it('a log answering 500 on a route: every anchor line not checked, naming the route', async () => {
    const { log, receipt, logKey } = await sessionLog();
    log.tamper = (path, answer) =>
      path.startsWith('/api/log/receipts/') ? { status: 500, text: '' } : answer;
    const lines = await checkReceiptAnchor(log.api, receipt, {
      latest: latestOf(log),
      keyOf: fixedLogKey(logKey),
    });
    expect(new Set(lines.map((line) => line.state))).toEqual(new Set(['not-checked']));
    expect(lines[0]!.detail).toMatch(
      /^could not read the log: GET \/api\/log\/receipts\/.* answered HTTP 500$/,
    );
  });
});
