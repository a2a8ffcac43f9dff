import {
  addNoteSignatures,
  cosignatureSigner,
  emptyRootHash,
  MAX_NOTE_SIGNATURES,
  parseSignedNote,
  signCheckpoint,
  verifyCheckpointNote,
} from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeEachDatabase } from '../support/databases.js';
import {
  LOG_SEED,
  logFixture,
  newWitness,
  ORIGIN,
  type LogFixture,
  type WitnessKeys as Witness,
} from './log-fixture.js';

describeEachDatabase(
  'POST /api/log/cosignatures: only configured witnesses, once, in time',
  (kind) => {
    let log: LogFixture;
    let w1: Witness;
    let w2: Witness;

    const cosign = async (note: string, witness: Witness, timestamp: number) =>
      addNoteSignatures(note, await cosignatureSigner(witness.name, witness.seed, timestamp));
    const post = (vkey: string, cosignedCheckpoint: string) =>
      log.ctx.app.inject({
        method: 'POST',
        url: '/api/log/cosignatures',
        payload: { vkey, cosignedCheckpoint },
      });
    const now = () => Math.floor(log.ctx.clock.now().getTime() / 1000);
    const storedRows = async () =>
      Number(
        (
          await log.ctx.testDb.database.db
            .selectFrom('tlog_cosignature')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      w1 = await newWitness('witness.test/w1');
      w2 = await newWitness('witness.test/w2');
      log = await logFixture(kind, { LOG_WITNESSES: `${w1.vkey},${w2.vkey}@http://127.0.0.1:9/` });
      await log.fileTake();
      log.ctx.clock.advance(1000);
      await log.checkpoint();
    });
    afterAll(async () => {
      await log.ctx.close();
    });

    test('101 cosignatures from fresh throwaway keys: all 403, nothing stored, the checkpoint still parses', async () => {
      const note = await log.latestNote();
      const before = await storedRows();
      const statuses: number[] = [];
      for (let i = 0; i < MAX_NOTE_SIGNATURES + 1; i++) {
        const stranger = await newWitness(`stranger.test/${i}`);
        statuses.push((await post(stranger.vkey, await cosign(note, stranger, now()))).statusCode);
      }
      expect(new Set(statuses)).toEqual(new Set([403]));
      expect(await storedRows()).toBe(before);
      const served = await log.latestNote();
      expect(parseSignedNote(served)).not.toBeNull();
      expect(await verifyCheckpointNote(served, { logKey: log.logKey })).toMatchObject({
        ok: true,
      });
    });

    test('the OpenAPI document says so: only configured witnesses, 403 and 409 documented', async () => {
      const doc = (await log.ctx.app.inject({ url: '/openapi.json' })).json<{
        paths: Record<
          string,
          { post: { description: string; responses: Record<string, unknown> } }
        >;
      }>();
      const route = doc.paths['/api/log/cosignatures']!.post;
      expect(route.description).toMatch(/^Only from a witness key the operator configured/);
      expect(Object.keys(route.responses).sort()).toEqual(['201', '400', '403', '409']);
    });

    test('a configured witness is stored once (409 after), and served', async () => {
      const note = await log.latestNote();
      const timestamp = now();
      const first = await post(w1.vkey, await cosign(note, w1, timestamp));
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ stored: true, timestamp });
      const again = await post(w1.vkey, await cosign(note, w1, timestamp + 1));
      expect(again.statusCode).toBe(409);
      const verified = await verifyCheckpointNote(await log.latestNote(), {
        logKey: log.logKey,
        cosignerKeys: [w1.vkey],
      });
      expect(verified.ok && verified.cosignatures).toEqual([
        { name: w1.name, keyId: w1.vkey.split('+')[1], timestamp },
      ]);
    });

    test('timestamp 0, before the checkpoint was signed, or more than 10 minutes ahead: 400, nothing stored', async () => {
      await log.fileTake();
      log.ctx.clock.advance(5000);
      await log.checkpoint();
      const note = await log.latestNote();
      const signedAt = now();
      const before = await storedRows();
      for (const timestamp of [0, signedAt - 1, signedAt + 601]) {
        const response = await post(w2.vkey, await cosign(note, w2, timestamp));
        expect(response.statusCode, `timestamp ${timestamp}`).toBe(400);
      }
      expect(await storedRows()).toBe(before);
      expect((await post(w2.vkey, await cosign(note, w2, signedAt + 600))).statusCode).toBe(201);
    });

    test('a size-0 checkpoint, another key under a configured name, a checkpoint we never signed: refused', async () => {
      // The log opens with its key-history marker, so it never signs size 0 itself: the note here
      // is one its key signed (as a stale or forged one would be), which must still be refused.
      const empty = await signCheckpoint(
        { origin: ORIGIN, size: 0, rootHash: emptyRootHash() },
        LOG_SEED,
      );
      const emptyPost = await post(w1.vkey, await cosign(empty, w1, now()));
      expect(emptyPost.statusCode).toBe(400);
      expect(emptyPost.json().error).toMatch(
        /^a checkpoint of size 0 is not cosigned$|over a checkpoint this log issued$/,
      );

      await log.fileTake();
      log.ctx.clock.advance(1000);
      await log.checkpoint();
      const note = await log.latestNote();
      const impostor = { ...(await newWitness(w1.name)), vkey: w1.vkey };
      expect((await post(w1.vkey, await cosign(note, impostor, now()))).statusCode).toBe(400);
      const notOurs = note.replace(/\n\d+\n/, '\n999\n');
      expect((await post(w1.vkey, notOurs)).statusCode).toBe(400);
    });

    test('cosignature rows of unconfigured keys (an insider, or kept from before) are never served', async () => {
      const note = await log.latestNote();
      const size = Number(note.split('\n')[1]);
      for (let i = 0; i < MAX_NOTE_SIGNATURES + 1; i++) {
        const stranger = await newWitness(`insider.test/${i}`);
        const line = (await cosign(note, stranger, now())).slice(note.length, -1);
        await log.tamper(
          sql`insert into tlog_cosignature (checkpoint_size, key_name, key_id, vkey, signed_at, line)
            values (${size}, ${stranger.name}, ${stranger.vkey.split('+')[1]}, ${stranger.vkey}, ${now()}, ${line})`,
        );
      }
      const served = await log.latestNote();
      expect(parseSignedNote(served)).not.toBeNull();
      expect(served).toBe(note);
      const json = (await log.ctx.app.inject({ url: '/api/log/checkpoint.json' })).json<{
        cosignatures: unknown[];
      }>();
      expect(json.cosignatures).toEqual([]);
    });
  },
);
