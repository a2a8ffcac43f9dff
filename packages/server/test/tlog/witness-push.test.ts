import { createServer, type Server } from 'node:http';
import {
  cosignatureSigner,
  formatCosignerKey,
  generateKeyPair,
  parseSignedNote,
  signatureLine,
  verifyCheckpointNote,
  witnessAddCheckpoint,
  type WitnessRecord,
} from '@convene/protocol';
import { freePort } from '@convene/test-support';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { logFixture, ORIGIN, watchPushes, type LogFixture } from './log-fixture.js';

interface TestWitness {
  name: string;
  vkey: string;
  url: string;
  server?: Server;
}

/** A C2SP tlog-witness over real HTTP: the protocol's witness side, or a liar. */
async function startWitness(
  name: string,
  behaviour: 'honest' | 'liar',
  logKey: () => string,
  /** POSIX seconds: the test's clock, which the log dates its checkpoints by. */
  now: () => number,
): Promise<TestWitness> {
  const keys = await generateKeyPair();
  const records = new Map<string, WitnessRecord>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        const timestamp = now();
        if (behaviour === 'liar') {
          // A well-formed cosignature by its key, over a checkpoint the log never signed.
          const note = parseSignedNote(body.slice(body.indexOf('\n\n') + 2))!;
          const other = note.text.replace(
            /\n(\d+)\n/,
            (_m, size: string) => `\n${Number(size) + 1}\n`,
          );
          const line = await signatureLine(
            other,
            await cosignatureSigner(name, keys.secretKey, timestamp),
          );
          response.writeHead(200).end(line);
          return;
        }
        const outcome = await witnessAddCheckpoint({
          body,
          logs: [{ origin: ORIGIN, vkey: logKey() }],
          recordOf: (origin) => records.get(origin),
          witness: { name, seed: keys.secretKey },
          timestamp,
        });
        if (outcome.status === 200) records.set(ORIGIN, outcome.record);
        response
          .writeHead(outcome.status, {
            'content-type': 'contentType' in outcome ? outcome.contentType : 'text/plain',
          })
          .end(outcome.body);
      })();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    name,
    vkey: formatCosignerKey(name, keys.publicKey),
    url: `http://127.0.0.1:${port}`,
    server,
  };
}

describeEachDatabase(
  'witness push (C2SP add-checkpoint): one offline, one lying, one honest',
  (kind) => {
    let log: LogFixture;
    let honest: TestWitness;
    let liar: TestWitness;
    let offline: TestWitness;
    /** Resolves once a push event matching `predicate` has been seen. */
    let pushed: ReturnType<typeof watchPushes>['pushed'];

    beforeAll(async () => {
      let logKey = '';
      // A push can arrive while the app is being built (the log's first checkpoint): real time then.
      const now = () =>
        Math.floor(
          ((log as LogFixture | undefined)?.ctx.clock.now() ?? new Date()).getTime() / 1000,
        );
      honest = await startWitness('witness.test/honest', 'honest', () => logKey, now);
      liar = await startWitness('witness.test/liar', 'liar', () => logKey, now);
      offline = {
        name: 'witness.test/offline',
        vkey: formatCosignerKey('witness.test/offline', (await generateKeyPair()).publicKey),
        url: `http://127.0.0.1:${await freePort()}`,
      };
      log = await logFixture(kind, {
        LOG_WITNESSES: [honest, liar, offline].map((w) => `${w.vkey}@${w.url}`).join(','),
      });
      logKey = log.logKey;
      pushed = watchPushes(log).pushed;
    });
    afterAll(async () => {
      await log.ctx.close();
      for (const w of [honest, liar]) await new Promise((resolve) => w.server!.close(resolve));
    });

    test('only the honest cosignature is stored and served; the others are in status; the log goes on', async () => {
      await log.fileTake();
      await log.checkpoint();
      const first = await verifyCheckpointNote(await log.latestNote(), { logKey: log.logKey });
      if (!first.ok) throw new Error(first.message);
      const size = first.checkpoint.size;

      await pushed((e) => e.witness === honest.vkey && e.size === size && e.outcome === 'cosigned');
      const lie = await pushed((e) => e.witness === liar.vkey && e.outcome === 'gave_up');
      expect(lie).toMatchObject({ message: expect.stringMatching(/^cosignature refused/) });
      const down = await pushed(
        (e) => e.witness === offline.vkey && e.size === size && e.outcome === 'failed',
      );
      expect(down).toMatchObject({ size });

      const served = await log.ctx.app.inject({ url: '/api/log/checkpoint.json' });
      expect(served.json().cosignatures.map((c: { vkey: string }) => c.vkey)).toEqual([
        honest.vkey,
      ]);
      const verified = await verifyCheckpointNote(served.json().cosignedNote, {
        logKey: log.logKey,
        cosignerKeys: [honest.vkey],
      });
      expect(verified.ok && verified.cosignatures.length).toBe(1);

      const status = (
        await log.ctx.app.inject({
          url: '/api/admin/status',
          headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
        })
      ).json();
      const byName = new Map(
        status.log.witnesses.map((w: { name: string }) => [w.name, w] as const),
      );
      expect(byName.get(honest.name)).toMatchObject({ lastCosignature: { size }, lastError: null });
      expect(byName.get(liar.name)).toMatchObject({
        lastCosignature: null,
        lastError: { message: expect.stringMatching(/cosignature refused/) },
      });
      expect(byName.get(offline.name)).toMatchObject({
        lastCosignature: null,
        lastError: { message: expect.any(String) },
      });
      expect((await log.ctx.app.inject({ url: '/health' })).json().status).toBe('ok');

      // The next checkpoint goes to the honest witness from the size it cosigned, with a proof.
      await log.fileTake();
      await log.fileTake();
      await log.checkpoint();
      const next = await verifyCheckpointNote(await log.latestNote(), { logKey: log.logKey });
      if (!next.ok) throw new Error(next.message);
      expect(next.checkpoint.size).toBeGreaterThan(size);
      await pushed(
        (e) =>
          e.witness === honest.vkey && e.size === next.checkpoint.size && e.outcome === 'cosigned',
      );
      const rows = await log.ctx.testDb.database.db
        .selectFrom('tlog_cosignature')
        .select(['vkey', 'checkpoint_size'])
        .execute();
      expect(new Set(rows.map((r) => r.vkey))).toEqual(new Set([honest.vkey]));
      expect(rows.map((r) => Number(r.checkpoint_size))).toEqual(
        expect.arrayContaining([size, next.checkpoint.size]),
      );
    });
  },
);
