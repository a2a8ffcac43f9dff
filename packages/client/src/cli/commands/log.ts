import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  addNoteSignatures,
  advanceMonitor,
  cosignatureSigner,
  EMPTY_MONITOR_STATE,
  formatCosignerKey,
  formatVerifierKey,
  parseCheckpoint,
  parseSignedNote,
  publicKeyFromSeed,
  verifyCheckpointNote,
  type MonitorState,
} from '@convene/protocol';
import { Option, type Command } from 'commander';
import type { CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';
import { registerLogAudit } from './log-audit.js';
import { fetchText } from './service-get.js';

/**
 * What `convene log monitor` keeps per server in `<home>/log-monitor/<server URL>.json` (files of
 * earlier versions, one per origin, are read once and carried over): the pinned origin and key.
 */
interface MonitorFile {
  /** The log's origin, pinned on first use (files of earlier versions: the vkey's name). */
  origin?: string;
  vkey: string;
  state: MonitorState;
  /** Every checkpoint it verified, oldest first (signed note text). */
  checkpoints: string[];
}

const PAGE = 1000;

/** convene log monitor | cosign: a monitor and witness of the transparency log (docs/protocol.md §14.10). */
export function registerLog(program: Command, context: () => CliContext): void {
  const log = program.command('log').description('monitor and witness the transparency log');
  registerLogAudit(log, context);

  log
    .command('monitor')
    .description(
      'verify the latest checkpoint against the last one kept here: signature, every new entry re-verified, the tree rebuilt (exit 1 on a split view, rewrite or bad entry)',
    )
    .addOption(
      new Option(
        '--log-key <base64>',
        "the log's raw Ed25519 public key (pinned on first use otherwise)",
      ).env('CONVENE_LOG_KEY'),
    )
    .option(
      '--accept-origin',
      "accept a changed origin or log key: pin the served ones and go on from the kept tree (which the log's new checkpoints must still extend)",
    )
    .addHelpText(
      'after',
      '\nThe origin and key are pinned on first use; a change of either fails (exit 1) unless --accept-origin.\n\nExample:\n  convene log monitor --log-key knMI9T1n…',
    )
    .action(async (options: { logKey?: string; acceptOrigin?: boolean }) => {
      const ctx = context();
      const { note, origin, file, kept, vkey } = await openMonitor(
        ctx,
        options.logKey,
        options.acceptOrigin === true,
      );
      const state = kept?.state ?? { ...EMPTY_MONITOR_STATE };
      const opened = await verifyCheckpointNote(note, { logKey: vkey });
      if (!opened.ok) return fail(ctx, opened.code, opened.message);
      const size = opened.checkpoint.size;
      const entries: string[] = [];
      for (let start = state.size; start < size; start += PAGE) {
        const end = Math.min(size, start + PAGE);
        const page = JSON.parse(
          await fetchText(ctx, `/api/log/entries?start=${start}&end=${end}`),
        ) as {
          entries: Array<{ index: number; entry: string }>;
        };
        page.entries.forEach((e, i) => {
          if (e.index !== start + i)
            throw new AgentError(`entry ${start + i} missing from the page`, EXIT.failed);
          entries.push(e.entry);
        });
      }
      const step = await advanceMonitor(state, note, entries, { logKey: vkey });
      if (!step.ok) {
        return fail(
          ctx,
          step.code,
          `${step.message}${step.index === undefined ? '' : ` (entry ${step.index})`}`,
        );
      }
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const next: MonitorFile = {
        origin,
        vkey,
        state: step.state,
        checkpoints: [
          ...(kept?.checkpoints ?? []),
          ...(step.state.size === state.size && kept !== undefined ? [] : [note]),
        ],
      };
      await writeFile(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      const repinned =
        kept !== undefined && (pinnedOrigin(kept) !== origin || kept.vkey !== vkey)
          ? `! pinned anew (--accept-origin): was ${kept.vkey}\n`
          : '';
      ctx.print(
        { ok: true, origin, previousSize: state.size, size, newEntries: entries.length, file },
        () =>
          `${repinned}✓ checkpoint of size ${size} signed by ${vkey}\n${
            kept === undefined
              ? '– no checkpoint kept before: this is the first, later runs must extend it'
              : `✓ consistent with the last one kept (size ${state.size})`
          }\n✓ ${entries.length} new entries re-verified\nkept in ${file}`,
      );
    });

  log
    .command('cosign')
    .description(
      'as a witness: verify the latest checkpoint (as log monitor does), countersign it (C2SP tlog-cosignature) and POST the cosignature',
    )
    .requiredOption(
      '--witness-key-file <path>',
      'file holding the witness Ed25519 seed (base64, 32 bytes)',
    )
    .requiredOption('--witness-name <name>', 'the witness key name, e.g. witness.example.org/w1')
    .option('--log-key <base64>', "the log's raw Ed25519 public key")
    .action(async (options: { witnessKeyFile: string; witnessName: string; logKey?: string }) => {
      const ctx = context();
      const seed = (
        await readFile(options.witnessKeyFile, 'utf8').catch(() => {
          throw new AgentError(`cannot read ${options.witnessKeyFile}`, EXIT.setup);
        })
      ).trim();
      const { note, kept, vkey } = await openMonitor(ctx, options.logKey, false);
      // A witness cosigns only what its monitor verified: the kept state must be this checkpoint.
      const textOf = (n: string | undefined) =>
        n === undefined ? undefined : parseSignedNote(n)?.text;
      if (
        kept === undefined ||
        kept.vkey !== vkey ||
        textOf(kept.checkpoints.at(-1)) !== textOf(note)
      ) {
        throw new AgentError(
          'run `convene log monitor` first: this checkpoint is not the last one verified here',
          EXIT.failed,
        );
      }
      const timestamp = Math.floor(Date.now() / 1000);
      const cosigned = await addNoteSignatures(
        note,
        await cosignatureSigner(options.witnessName, seed, timestamp),
      );
      const witnessVkey = formatCosignerKey(options.witnessName, await publicKeyFromSeed(seed));
      const response = await ctx.fetch(`/api/log/cosignatures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ vkey: witnessVkey, cosignedCheckpoint: cosigned }),
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.status !== 201) {
        throw new AgentError(
          `the log refused the cosignature: HTTP ${response.status} ${JSON.stringify(body)}`,
          EXIT.refused,
        );
      }
      ctx.print(
        { ok: true, witness: witnessVkey, ...body },
        () => `✓ cosigned checkpoint of size ${String(body.size)} as ${witnessVkey}`,
      );
    });
}

function fail(ctx: CliContext, code: string, message: string): void {
  ctx.print({ ok: false, code, message }, () => `✗ ${code}: ${message}`);
  process.exitCode = EXIT.failed;
}

function originOf(note: string): string {
  const text = parseSignedNote(note)?.text;
  const checkpoint = text === undefined ? null : parseCheckpoint(text);
  if (checkpoint === null)
    throw new AgentError('the served checkpoint is not a signed checkpoint', EXIT.failed);
  return checkpoint.origin;
}

/** The origin a kept file pinned (files of earlier versions kept only the vkey, named by it). */
function pinnedOrigin(kept: MonitorFile): string {
  return kept.origin ?? kept.vkey.slice(0, kept.vkey.indexOf('+'));
}

/**
 * The log key to verify with: `--log-key` or the served one, named by the served origin. Against
 * what was kept: another origin or another key fails, naming both, unless `acceptOrigin`.
 */
function resolveKey(
  origin: string,
  publicKey: string,
  kept: MonitorFile | undefined,
  file: string,
  acceptOrigin: boolean,
): string {
  if (kept !== undefined && pinnedOrigin(kept) !== origin && !acceptOrigin) {
    throw new AgentError(
      `the log's origin changed: ${file} pinned "${pinnedOrigin(kept)}" (size ${kept.state.size}), the server now serves "${origin}"; run with --accept-origin to pin the new one`,
      EXIT.failed,
    );
  }
  let vkey: string;
  try {
    vkey = formatVerifierKey(origin, publicKey);
  } catch (error) {
    throw new AgentError(`log key: ${(error as Error).message}`, EXIT.usage);
  }
  if (kept !== undefined && kept.vkey !== vkey && !acceptOrigin) {
    throw new AgentError(
      `the log key changed: ${file} pinned ${kept.vkey}, now ${vkey}; run with --accept-origin to pin the new one`,
      EXIT.failed,
    );
  }
  return vkey;
}

/**
 * The served checkpoint and what this home keeps for its log: the monitor file (one per log key),
 * its kept state if any (else a file of an earlier version, one per origin, or a kept file of the
 * same origin under another key, so neither a changed origin nor a changed key starts afresh), and
 * the log key (`--log-key`, else the served one).
 */
async function openMonitor(
  ctx: CliContext,
  logKey: string | undefined,
  acceptOrigin: boolean,
): Promise<{
  note: string;
  origin: string;
  file: string;
  kept: MonitorFile | undefined;
  vkey: string;
}> {
  const note = await fetchText(ctx, '/api/log/checkpoint');
  const origin = originOf(note);
  const publicKey =
    logKey ?? (JSON.parse(await fetchText(ctx, '/api/log/key')) as { publicKey: string }).publicKey;
  const dir = path.join(ctx.home.dir, 'log-monitor');
  const file = path.join(dir, `key-${safeName(publicKey)}.json`);
  const kept =
    (await readMonitorFile(file)) ??
    (await readMonitorFile(path.join(dir, `${safeName(origin)}.json`))) ??
    (await keptForOrigin(dir, origin));
  const vkey = resolveKey(origin, publicKey, kept, file, acceptOrigin);
  return { note, origin, file, kept, vkey };
}

/** A kept file that pinned `origin` (under another key). */
async function keptForOrigin(dir: string, origin: string): Promise<MonitorFile | undefined> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const kept = await readMonitorFile(path.join(dir, name));
    if (kept !== undefined && pinnedOrigin(kept) === origin) return kept;
  }
  return undefined;
}

const safeName = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, '_');

async function readMonitorFile(file: string): Promise<MonitorFile | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as MonitorFile);
}
