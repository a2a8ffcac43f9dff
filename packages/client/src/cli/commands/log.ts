import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
import { CliError, EXIT } from '../exit-codes.js';
import { registerLogAudit } from './log-audit.js';

/** What `convene log monitor` keeps per log in `<home>/log-monitor/<origin>.json`. */
interface MonitorFile {
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
    .addHelpText('after', '\nExample:\n  convene log monitor --log-key knMI9T1n…')
    .action(async (options: { logKey?: string }) => {
      const ctx = context();
      const { note, origin, file, kept, vkey } = await openMonitor(ctx, options.logKey);
      if (kept !== undefined && kept.vkey !== vkey) {
        throw new CliError(`--log-key differs from the key pinned in ${file}`, EXIT.failed);
      }
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
            throw new CliError(`entry ${start + i} missing from the page`, EXIT.failed);
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
        vkey,
        state: step.state,
        checkpoints: [
          ...(kept?.checkpoints ?? []),
          ...(step.state.size === state.size && kept !== undefined ? [] : [note]),
        ],
      };
      await writeFile(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      ctx.print(
        { ok: true, origin, previousSize: state.size, size, newEntries: entries.length, file },
        () =>
          `✓ checkpoint of size ${size} signed by ${vkey}\n✓ consistent with the last one kept (size ${state.size})\n✓ ${entries.length} new entries re-verified\nkept in ${file}`,
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
          throw new CliError(`cannot read ${options.witnessKeyFile}`, EXIT.setup);
        })
      ).trim();
      const { note, kept, vkey } = await openMonitor(ctx, options.logKey);
      // A witness cosigns only what its monitor verified: the kept state must be this checkpoint.
      const textOf = (n: string | undefined) =>
        n === undefined ? undefined : parseSignedNote(n)?.text;
      if (
        kept === undefined ||
        kept.vkey !== vkey ||
        textOf(kept.checkpoints.at(-1)) !== textOf(note)
      ) {
        throw new CliError(
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
      const response = await fetch(`${ctx.baseUrl()}/api/log/cosignatures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ vkey: witnessVkey, cosignedCheckpoint: cosigned }),
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.status !== 201) {
        throw new CliError(
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
    throw new CliError('the served checkpoint is not a signed checkpoint', EXIT.failed);
  return checkpoint.origin;
}

async function resolveKey(
  ctx: CliContext,
  origin: string,
  pinned: string | undefined,
  kept: MonitorFile | undefined,
): Promise<string> {
  if (pinned !== undefined) {
    try {
      return formatVerifierKey(origin, pinned);
    } catch (error) {
      throw new CliError(`--log-key: ${(error as Error).message}`, EXIT.usage);
    }
  }
  if (kept !== undefined) return kept.vkey;
  const served = JSON.parse(await fetchText(ctx, '/api/log/key')) as { vkey: string };
  return served.vkey; // pinned on first use
}

/**
 * The served checkpoint and what this home keeps for its log: the monitor file (one per origin),
 * its kept state if any, and the log key (`--log-key`, else the pinned one, else the served one).
 */
async function openMonitor(
  ctx: CliContext,
  logKey: string | undefined,
): Promise<{
  note: string;
  origin: string;
  file: string;
  kept: MonitorFile | undefined;
  vkey: string;
}> {
  const note = await fetchText(ctx, '/api/log/checkpoint');
  const origin = originOf(note);
  const file = path.join(
    ctx.home.dir,
    'log-monitor',
    `${origin.replace(/[^A-Za-z0-9._-]/g, '_')}.json`,
  );
  const kept = await readMonitorFile(file);
  const vkey = await resolveKey(ctx, origin, logKey, kept);
  return { note, origin, file, kept, vkey };
}

async function readMonitorFile(file: string): Promise<MonitorFile | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as MonitorFile);
}

async function fetchText(ctx: CliContext, route: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${ctx.baseUrl()}${route}`);
  } catch (error) {
    throw new CliError(
      `cannot reach ${ctx.baseUrl()}: ${(error as Error).message}`,
      EXIT.unavailable,
    );
  }
  if (!response.ok) {
    throw new CliError(
      `GET ${route} answered HTTP ${response.status}`,
      response.status >= 500 ? EXIT.unavailable : EXIT.refused,
    );
  }
  return response.text();
}
