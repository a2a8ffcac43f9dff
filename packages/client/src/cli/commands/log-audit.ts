import {
  AUDIT_REASONS,
  auditEntries,
  checkInclusion,
  loggedItem,
  parseLogEntry,
  pinnedOrServedLogKey,
  verifyCheckpointNote,
  TLOG_REASONS,
  type AuditProblem,
  type Checkpoint,
  type InclusionProofJson,
  type LoggedItem,
} from '@convene/protocol';
import { Option, type Command } from 'commander';
import type { CliContext } from '../context.js';
import { EXIT } from '../../agent/exit-codes.js';
import { fetchJson, fetchJsonIfServed, fetchText } from './service-get.js';

const PAGE = 1000;
const PARALLEL = 8;

interface ServedTake {
  id: string;
  logIndex: number | null;
  verified: boolean;
  unverifiedReasons?: Array<{ code: string; message: string }>;
}

/**
 * convene log audit: the whole log from entry 0 against what the service serves, both ways
 * (docs/protocol.md §14, "Monitors and audits"). Exit 1 on any problem, each with its reason code.
 */
export function registerLogAudit(log: Command, context: () => CliContext): void {
  log
    .command('audit')
    .description(
      'walk every entry from 0: re-verify it, rebuild the tree against the signed checkpoint, check its served inclusion proof, flag gaps and duplicates, and check that every logged take and receipt is served as logged and every served take and published receipt is logged (exit 1 on any problem)',
    )
    .addOption(
      new Option(
        '--log-key <base64>',
        "the log's raw Ed25519 public key (else the served one)",
      ).env('CONVENE_LOG_KEY'),
    )
    .addHelpText('after', '\nExample:\n  convene log audit --log-key knMI9T1n…')
    .action(async (options: { logKey?: string }) => {
      const ctx = context();
      const note = await fetchText(ctx, '/api/log/checkpoint');
      const vkey = await pinnedOrServedLogKey(ctx.logApi(), options.logKey)(note);
      const opened = await verifyCheckpointNote(note, { logKey: vkey });
      if (!opened.ok) return report(ctx, 0, [{ code: opened.code, message: opened.message }]);
      const { size } = opened.checkpoint;

      const entries: Array<{ index: number; entry: string }> = [];
      for (let start = 0; start < size; start += PAGE) {
        const end = Math.min(size, start + PAGE);
        const page = await fetchJson<{ entries: Array<{ index: number; entry: string }> }>(
          ctx,
          `/api/log/entries?start=${start}&end=${end}`,
        );
        entries.push(...page.entries);
      }
      const audit = await auditEntries(entries, opened.checkpoint);
      // Looked up per receipt and outcome: by index, not by a scan of every entry.
      const entryAt = new Map(entries.map((e) => [e.index, e.entry]));
      const problems = [...audit.problems];

      // What the service serves must be in the log, at the index it says. A live service logs
      // while the audit runs: what it logged past the audited checkpoint is the next audit's.
      const servedTakes = new Set<string>();
      const servedOutcomes = new Set<string>();
      const later: LaterEntries = { size, items: [] };
      for (const session of await allSessions(ctx)) {
        const detail = await fetchJson<{ takes: ServedTake[] }>(
          ctx,
          `/api/swarm/sessions/${session.id}`,
        );
        for (const take of detail.takes) {
          servedTakes.add(take.id);
          problems.push(...servedTakeProblems(take, audit.takes.get(take.id), later));
        }
        if (session.state === 'published' && !audit.receipts.has(session.id)) {
          const logged = await fetchJsonIfServed<{ index: number }>(
            ctx,
            `/api/log/receipts/${session.id}`,
          );
          if (logged !== null && logged.index >= size)
            later.items.push({ index: logged.index, kind: 'receipt', id: session.id });
          else
            problems.push({
              code: AUDIT_REASONS.servedNotLogged,
              message: `session ${session.id} is published but the log holds no receipt for it`,
            });
        }
        if (session.state === 'published')
          problems.push(
            ...(await outcomeProblems(
              ctx,
              session.id,
              audit.outcomes,
              entryAt,
              servedOutcomes,
              later,
            )),
          );
      }
      // Every logged outcome must be served.
      for (const [key, index] of audit.outcomes)
        if (!servedOutcomes.has(key)) problems.push(notServed(index, `the outcome ${key}`));

      // Every logged take and receipt must be served as logged.
      const takeChecks = [...audit.takes]
        .filter(([takeId]) => !servedTakes.has(takeId))
        .map(([takeId, index]) => async () => {
          const served = await fetchJsonIfServed<ServedTake>(ctx, `/api/swarm/takes/${takeId}`);
          return served === null
            ? [notServed(index, `take ${takeId}`)]
            : servedTakeProblems(served, index, later);
        });
      const receiptChecks = [...audit.receipts].map(([sessionId, index]) => async () => {
        const served = await fetchJsonIfServed<{ digest: string; verified: boolean }>(
          ctx,
          `/api/swarm/sessions/${sessionId}/consensus-receipt`,
        );
        if (served === null) return [notServed(index, `the receipt of session ${sessionId}`)];
        const logged = parseLogEntry(entryAt.get(index) ?? '');
        const digest = logged.ok && 'digest' in logged.entry ? logged.entry.digest : null;
        if (served.digest !== digest || !served.verified) {
          return [
            {
              code: AUDIT_REASONS.servedDiffers,
              index,
              message: `the receipt of session ${sessionId} is served ${served.digest !== digest ? 'with another digest' : 'as not verified'}`,
            },
          ];
        }
        return [];
      });
      // Every entry's inclusion proof, as the service assembles it from its stored tree, checked
      // here against the signed root: a rewritten stored node fails, whatever the service says.
      const proofChecks = entries
        .filter((e) => e.index < size)
        .map(
          ({ index, entry }) =>
            () =>
              servedProofProblems(ctx, index, entry, opened.checkpoint),
        );
      for (const found of await inParallel([...takeChecks, ...receiptChecks, ...proofChecks])) {
        problems.push(...found);
      }
      problems.push(...(await laterProblems(ctx, vkey, later)));
      report(ctx, size, problems, {
        takes: audit.takes.size,
        receipts: audit.receipts.size,
        outcomes: audit.outcomes.size,
        later: later.items.length,
      });
    });
}

/**
 * A published session's outcomes as served: each must be in the log at the index the service gives,
 * with the logged record's digest (`<session>/<horizon>` keys are added to `served`).
 */
async function outcomeProblems(
  ctx: CliContext,
  sessionId: string,
  logged: ReadonlyMap<string, number>,
  entryAt: ReadonlyMap<number, string>,
  served: Set<string>,
  later: LaterEntries,
): Promise<AuditProblem[]> {
  const body = await fetchJsonIfServed<{
    outcomes: Array<{ horizonDays: number; digest: string; logIndex: number | null }>;
  }>(ctx, `/api/swarm/sessions/${sessionId}/outcome`);
  const problems: AuditProblem[] = [];
  for (const outcome of body?.outcomes ?? []) {
    const key = `${sessionId}/${outcome.horizonDays}`;
    served.add(key);
    const index = logged.get(key);
    if (index === undefined && outcome.logIndex !== null && outcome.logIndex >= later.size) {
      later.items.push({ index: outcome.logIndex, kind: 'outcome', id: key });
      continue;
    }
    if (index === undefined) {
      problems.push({
        code: AUDIT_REASONS.servedNotLogged,
        message: `the outcome ${key} is served but the log holds none`,
      });
      continue;
    }
    const entry = parseLogEntry(entryAt.get(index) ?? '');
    const digest = entry.ok && 'digest' in entry.entry ? entry.entry.digest : null;
    if (outcome.logIndex !== index || outcome.digest !== digest)
      problems.push({
        code: AUDIT_REASONS.servedDiffers,
        index,
        message: `the outcome ${key} is served ${outcome.digest !== digest ? 'with another digest' : `at index ${outcome.logIndex}`}`,
      });
  }
  return problems;
}

function notServed(index: number, what: string): AuditProblem {
  return {
    code: AUDIT_REASONS.notServed,
    index,
    message: `the log holds ${what} at index ${index}, but the service does not serve it`,
  };
}

/**
 * What the service serves as logged at or past the audited checkpoint's size: a live service logs
 * while the audit runs. Each is checked at the end against the checkpoint signed by then.
 */
interface LaterEntries {
  readonly size: number;
  items: Array<{ index: number; kind: LoggedItem['kind']; id: string }>;
}

/**
 * Each item logged while the audit ran must be, at the index the service serves it at, the log's
 * entry for it, with an inclusion proof under the latest signed checkpoint read now.
 */
async function laterProblems(
  ctx: CliContext,
  logKey: string,
  later: LaterEntries,
): Promise<AuditProblem[]> {
  if (later.items.length === 0) return [];
  const opened = await verifyCheckpointNote(await fetchText(ctx, '/api/log/checkpoint'), {
    logKey,
  });
  if (!opened.ok) return [{ code: opened.code, message: opened.message }];
  const { checkpoint } = opened;
  const problems: AuditProblem[] = [];
  for (const { index, kind, id } of later.items) {
    if (index >= checkpoint.size) {
      problems.push({
        code: AUDIT_REASONS.servedNotLogged,
        index,
        message: `${kind} ${id} is served as logged at index ${index}, beyond the latest signed checkpoint (size ${checkpoint.size})`,
      });
      continue;
    }
    const page = await fetchJson<{ entries: Array<{ index: number; entry: string }> }>(
      ctx,
      `/api/log/entries?start=${index}&end=${index + 1}`,
    );
    const entry = page.entries.find((e) => e.index === index)?.entry ?? '';
    const parsed = parseLogEntry(entry);
    const logged = parsed.ok ? loggedItem(parsed.entry) : null;
    if (logged?.kind !== kind || logged.id !== id) {
      problems.push({
        code: AUDIT_REASONS.servedDiffers,
        index,
        message: `${kind} ${id} is served as logged at index ${index}, where the log holds another entry`,
      });
      continue;
    }
    problems.push(...(await servedProofProblems(ctx, index, entry, checkpoint)));
  }
  return problems;
}

/**
 * The inclusion proof the service serves for entry `index` under `checkpoint`, as it assembles it
 * from its stored tree, checked here against the signed root: a rewritten stored node fails.
 */
async function servedProofProblems(
  ctx: CliContext,
  index: number,
  entry: string,
  checkpoint: Checkpoint,
): Promise<AuditProblem[]> {
  const proof = await fetchJsonIfServed<InclusionProofJson>(
    ctx,
    `/api/log/proof/inclusion?index=${index}&treeSize=${checkpoint.size}`,
  );
  const checked =
    proof === null
      ? { ok: false as const, code: TLOG_REASONS.notIncluded, message: 'no proof served' }
      : checkInclusion(entry, proof, checkpoint);
  return checked.ok
    ? []
    : [{ code: checked.code, index, message: `inclusion proof: ${checked.message}` }];
}

function servedTakeProblems(
  take: ServedTake,
  loggedAt: number | undefined,
  later: LaterEntries,
): AuditProblem[] {
  if (loggedAt === undefined && take.logIndex !== null && take.logIndex >= later.size) {
    later.items.push({ index: take.logIndex, kind: 'take', id: take.id });
    return [];
  }
  if (loggedAt === undefined || take.logIndex !== loggedAt) {
    return [
      {
        code: AUDIT_REASONS.servedNotLogged,
        message:
          loggedAt === undefined
            ? `take ${take.id} is served${take.logIndex === null ? '' : ` at index ${take.logIndex}`} but the log holds no entry for it`
            : `take ${take.id} is served at index ${String(take.logIndex)} but logged at ${loggedAt}`,
        ...(loggedAt === undefined ? {} : { index: loggedAt }),
      },
    ];
  }
  if (!take.verified) {
    const why = (take.unverifiedReasons ?? []).map((r) => `${r.code}: ${r.message}`).join('; ');
    return [
      {
        code: AUDIT_REASONS.servedDiffers,
        index: loggedAt,
        message: `the service's own read of take ${take.id} says not verified (${why})`,
      },
    ];
  }
  return [];
}

function report(
  ctx: CliContext,
  size: number,
  problems: AuditProblem[],
  counts: { takes: number; receipts: number; outcomes: number; later: number } = {
    takes: 0,
    receipts: 0,
    outcomes: 0,
    later: 0,
  },
): void {
  const later =
    counts.later === 0
      ? ''
      : `\n✓ ${counts.later} more logged while the audit ran: each the log's entry at its index, proven under the checkpoint signed since`;
  ctx.print({ ok: problems.length === 0, size, ...counts, problems }, () =>
    problems.length === 0
      ? `✓ ${size} entries audited: every entry verifies and its served proof leads to the signed root, the tree matches the signed checkpoint, no gap or duplicate\n✓ ${counts.takes} takes, ${counts.receipts} receipts and ${counts.outcomes} outcomes served as logged, and everything served is logged${later}`
      : problems
          .map(
            (p) => `✗ ${p.code}${p.index === undefined ? '' : ` (entry ${p.index})`}: ${p.message}`,
          )
          .join('\n') + `\n${problems.length} problem(s) in ${size} entries`,
  );
  if (problems.length > 0) process.exitCode = EXIT.failed;
}

async function allSessions(ctx: CliContext): Promise<Array<{ id: string; state: string }>> {
  const sessions: Array<{ id: string; state: string }> = [];
  let cursor: string | null = null;
  do {
    const page: { sessions: Array<{ id: string; state: string }>; nextCursor: string | null } =
      await fetchJson(
        ctx,
        `/api/swarm/sessions?limit=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      );
    sessions.push(...page.sessions);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return sessions;
}

async function inParallel<T>(tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, tasks.length) }, worker));
  return results;
}
