import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import {
  ADD_CHECKPOINT_PATH,
  formatCosignerKey,
  NOTE_SIGNATURE_TYPE,
  parseVerifierKey,
  publicKeyFromSeed,
  witnessAddCheckpoint,
  type WitnessedLog,
  type WitnessRecord,
} from '@convene/protocol';
import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';

/** A request body larger than this is refused (a checkpoint and 63 proof lines are ~4 KB). */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * `convene witness key | serve`: a C2SP tlog-witness (docs/operations.md, "Running a witness").
 * The witness keeps, per log origin, the last checkpoint it cosigned (size, root, note) in
 * `<state dir>/<sha256(origin)>.json`, written atomically before it answers.
 */
export function registerWitness(program: Command, context: () => CliContext): void {
  const witness = program
    .command('witness')
    .description('run a transparency-log witness (C2SP tlog-witness add-checkpoint)');

  witness
    .command('key')
    .description(
      "print the witness's verifier key (what a log lists in LOG_WITNESSES); --init makes the seed file",
    )
    .requiredOption('--name <name>', 'the witness key name, e.g. witness.example.org/w1')
    .requiredOption('--key-file <path>', 'file holding the witness Ed25519 seed (base64, 32 bytes)')
    .option('--init', 'create the seed file (mode 0600) if it does not exist')
    .addHelpText(
      'after',
      '\nExample:\n  convene witness key --name witness.example.org/w1 --key-file ~/.convene/witness.seed --init',
    )
    .action(async (options: { name: string; keyFile: string; init?: boolean }) => {
      const ctx = context();
      if (options.init === true) await initSeed(options.keyFile);
      const seed = await readSeed(options.keyFile);
      const vkey = cosignerVkey(options.name, await publicKeyFromSeed(seed));
      ctx.print({ ok: true, vkey }, () => vkey);
    });

  witness
    .command('serve')
    .description(
      'serve POST /add-checkpoint: check the log signature and the consistency proof from the size kept, cosign (cosignature/v1), keep the new size; GET /<sha256(origin)>/checkpoint serves the last one cosigned',
    )
    .requiredOption('--name <name>', 'the witness key name, e.g. witness.example.org/w1')
    .requiredOption('--key-file <path>', 'file holding the witness Ed25519 seed (base64, 32 bytes)')
    .requiredOption(
      '--log <vkey>',
      "a log to witness: its verifier key (<origin>+<key ID>+<base64>, from the log's GET /api/log/key); repeat for several",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--state-dir <dir>',
      'where the last cosigned checkpoint per log is kept (default <home>/witness)',
    )
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free one)', '8090')
    .addHelpText(
      'after',
      '\nPrints "witness <vkey> listening on <url>" once ready; runs until SIGINT/SIGTERM.\n\nExample:\n  convene witness serve --name witness.example.org/w1 --key-file w1.seed \\\n    --log log.example.org/convene-log+ff7da207+AZJz… --port 8090',
    )
    .action(
      async (options: {
        name: string;
        keyFile: string;
        log: string[];
        stateDir?: string;
        host: string;
        port: string;
      }) => {
        const ctx = context();
        const seed = await readSeed(options.keyFile);
        const vkey = cosignerVkey(options.name, await publicKeyFromSeed(seed));
        const logs = options.log.map(witnessedLog);
        const port = Number(options.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          throw new AgentError(`--port must be 0 to 65535 (got ${options.port})`, EXIT.usage);
        }
        const store = new WitnessStore(options.stateDir ?? path.join(ctx.home.dir, 'witness'));
        const handler = new WitnessHandler({ name: options.name, seed }, logs, store);
        const server = createServer((request, response) => void handler.handle(request, response));
        await new Promise<void>((resolve, reject) => {
          server.once('error', (error) =>
            reject(new AgentError(`cannot listen: ${error.message}`, EXIT.setup)),
          );
          server.listen(port, options.host, resolve);
        });
        const address = server.address();
        const url = `http://${options.host}:${typeof address === 'object' && address !== null ? address.port : port}`;
        process.stdout.write(`witness ${vkey} listening on ${url}\n`);
        await new Promise<void>((resolve) => {
          const stop = () => server.close(() => resolve());
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      },
    );
}

function cosignerVkey(name: string, publicKey: string): string {
  try {
    return formatCosignerKey(name, publicKey);
  } catch (error) {
    throw new AgentError(`--name: ${(error as Error).message}`, EXIT.usage);
  }
}

function witnessedLog(vkey: string): WitnessedLog {
  const parsed = parseVerifierKey(vkey);
  if (parsed === null || parsed.type !== NOTE_SIGNATURE_TYPE.ed25519) {
    throw new AgentError(
      `--log must be a log verifier key <origin>+<key ID>+<base64> (got "${vkey}")`,
      EXIT.usage,
    );
  }
  return { origin: parsed.name, vkey };
}

async function initSeed(file: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  await writeFile(file, `${randomBytes(32).toString('base64')}\n`, {
    mode: 0o600,
    flag: 'wx',
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

async function readSeed(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new AgentError(
      `cannot read ${file} (create it with: convene witness key --init)`,
      EXIT.setup,
    );
  });
  const seed = text.trim();
  if (Buffer.from(seed, 'base64').length !== 32) {
    throw new AgentError(`${file} must hold a base64 32-byte Ed25519 seed`, EXIT.setup);
  }
  return seed;
}

/** The last checkpoint cosigned per origin, in memory and on disk (atomic rename). */
class WitnessStore {
  private readonly records = new Map<string, WitnessRecord | undefined>();

  constructor(private readonly dir: string) {}

  private fileOf(origin: string): string {
    return path.join(this.dir, `${originHash(origin)}.json`);
  }

  async load(origin: string): Promise<WitnessRecord | undefined> {
    if (!this.records.has(origin)) {
      const text = await readFile(this.fileOf(origin), 'utf8').catch(() => undefined);
      this.records.set(
        origin,
        text === undefined ? undefined : (JSON.parse(text) as WitnessRecord),
      );
    }
    return this.records.get(origin);
  }

  async save(origin: string, record: WitnessRecord): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = this.fileOf(origin);
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(draft, `${JSON.stringify({ origin, ...record }, null, 2)}\n`, { mode: 0o600 });
    await rename(draft, file);
    this.records.set(origin, record);
  }
}

const originHash = (origin: string): string => createHash('sha256').update(origin).digest('hex');

/** The HTTP side: one request at a time decides and persists (the spec's check-and-store is atomic). */
class WitnessHandler {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly witness: { name: string; seed: string },
    private readonly logs: readonly WitnessedLog[],
    private readonly store: WitnessStore,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      if (request.method === 'POST' && request.url === ADD_CHECKPOINT_PATH) {
        const body = await readBody(request);
        if (body === null) return send(response, 413, 'request body too large\n');
        const answer = await this.serialized(() => this.addCheckpoint(body));
        return send(response, answer.status, answer.body, answer.contentType);
      }
      const match = /^\/([0-9a-f]{64})\/checkpoint$/.exec(request.url ?? '');
      if (request.method === 'GET' && match !== null) {
        const log = this.logs.find((l) => originHash(l.origin) === match[1]);
        const record = log === undefined ? undefined : await this.store.load(log.origin);
        if (record === undefined) return send(response, 404, 'never cosigned for this log\n');
        return send(response, 200, record.note);
      }
      send(response, 404, 'not found\n');
    } catch (error) {
      send(response, 500, `${(error as Error).message}\n`);
    }
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async addCheckpoint(
    body: string,
  ): Promise<{ status: number; body: string; contentType?: string }> {
    const records = new Map<string, WitnessRecord | undefined>();
    for (const log of this.logs) records.set(log.origin, await this.store.load(log.origin));
    const outcome = await witnessAddCheckpoint({
      body,
      logs: this.logs,
      recordOf: (origin) => records.get(origin),
      witness: this.witness,
      timestamp: Math.floor(Date.now() / 1000),
    });
    if (outcome.status === 200) {
      const origin = outcome.record.note.slice(0, outcome.record.note.indexOf('\n'));
      await this.store.save(origin, outcome.record);
    }
    return 'contentType' in outcome
      ? { status: outcome.status, body: outcome.body, contentType: outcome.contentType }
      : { status: outcome.status, body: outcome.body };
  }
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: string, contentType?: string): void {
  response.writeHead(status, { 'content-type': contentType ?? 'text/plain; charset=utf-8' });
  response.end(body);
}
