import { addNoteSignatures, cosignatureSigner, verifyCheckpointNote } from '@convene/protocol';
import { freePort } from '@convene/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { WitnessStatus } from '../../src/tlog/schemas.js';
import { TEST_ADMIN_TOKEN } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { secondApp } from '../swarm/session-support.js';
import {
  logFixture,
  newWitness,
  watchPushes,
  type LogFixture,
  type WitnessKeys as Witness,
} from './log-fixture.js';

/*
 * Replicas share one database and nothing else (issue 46, item 5): whichever answers
 * GET /api/admin/status must tell the same witness state, so a cosignature stored through one and a
 * push failure seen by one are read from the database by the other.
 */
describeEachDatabase('witness state in the admin status: the same on every replica', (kind) => {
  let log: LogFixture;
  let other: { app: FastifyInstance; close(): Promise<void> };
  /** Configured without a URL: cosigns by POST /api/log/cosignatures. */
  let manual: Witness;
  /** Configured with a URL where nothing listens: every push to it fails. */
  let offline: Witness;
  let pushed: ReturnType<typeof watchPushes>['pushed'];

  const witnessesOf = async (app: FastifyInstance): Promise<Map<string, WitnessStatus>> => {
    const response = await app.inject({
      url: '/api/admin/status',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(response.statusCode).toBe(200);
    const witnesses = response.json<{ log: { witnesses: WitnessStatus[] } }>().log.witnesses;
    return new Map(witnesses.map((w) => [w.name, w]));
  };

  const cosign = async (app: FastifyInstance, witness: Witness) => {
    const timestamp = Math.floor(log.ctx.clock.now().getTime() / 1000);
    const cosignedCheckpoint = await addNoteSignatures(
      await log.latestNote(),
      await cosignatureSigner(witness.name, witness.seed, timestamp),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/log/cosignatures',
      payload: { vkey: witness.vkey, cosignedCheckpoint },
    });
    expect(response.statusCode, response.body).toBe(201);
    return timestamp;
  };

  beforeAll(async () => {
    manual = await newWitness('witness.test/manual');
    offline = await newWitness('witness.test/offline');
    const offlineUrl = `http://127.0.0.1:${await freePort()}`;
    log = await logFixture(kind, {
      LOG_WITNESSES: `${manual.vkey},${offline.vkey}@${offlineUrl}`,
    });
    pushed = watchPushes(log).pushed;
    other = await secondApp(log.ctx);
    await log.fileTake();
    log.ctx.clock.advance(1000);
    await log.checkpoint();
  });
  afterAll(async () => {
    await other.close();
    await log.ctx.close();
  });

  test('a cosignature stored through one replica is in the status of the other', async () => {
    const checkpoint = await verifyCheckpointNote(await log.latestNote(), { logKey: log.logKey });
    if (!checkpoint.ok) throw new Error(checkpoint.message);
    const timestamp = await cosign(log.ctx.app, manual);

    const elsewhere = (await witnessesOf(other.app)).get(manual.name);
    expect(elsewhere).toMatchObject({
      vkey: manual.vkey,
      url: null,
      lastCosignature: { size: checkpoint.checkpoint.size, timestamp },
      lastError: null,
    });
    expect((await witnessesOf(log.ctx.app)).get(manual.name)).toEqual(elsewhere);
  });

  test('a push failure seen by one replica is in the status of the other, until the witness cosigns through the other', async () => {
    const failed = await pushed((e) => e.witness === offline.vkey && e.outcome === 'failed');
    // No retry may record another failure after the cosignature below.
    await log.ctx.app.convene.tlog.witnessPush.stop();

    const elsewhere = (await witnessesOf(other.app)).get(offline.name);
    expect(elsewhere).toMatchObject({
      lastCosignature: null,
      lastError: { message: 'message' in failed ? failed.message : '' },
    });
    expect(elsewhere?.lastError?.message).not.toBe('');
    expect((await witnessesOf(log.ctx.app)).get(offline.name)).toEqual(elsewhere);

    // The witness answers again, through the other replica: the failure no longer describes it.
    const latest = await verifyCheckpointNote(await log.latestNote(), { logKey: log.logKey });
    if (!latest.ok) throw new Error(latest.message);
    await cosign(other.app, offline);
    const after = (await witnessesOf(log.ctx.app)).get(offline.name);
    expect(after).toMatchObject({
      lastCosignature: { size: latest.checkpoint.size },
      lastError: null,
    });
    expect((await witnessesOf(other.app)).get(offline.name)).toEqual(after);
  });
});
