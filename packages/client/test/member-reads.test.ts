import { signJudgement } from '@convene/protocol';
import {
  consecutiveDates,
  onboardMember,
  signedTakeBody,
  submitTake,
  type HttpMember,
  type ServerProcess,
} from '@convene/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ApiError,
  createConveneClient,
  memberJudgements,
  memberTakes,
  unwrap,
  type ConveneApi,
} from '../src/index.js';
import { ADMIN_TOKEN, startStagingServer, type StagingServer } from './support.js';

const SUBJECTS = ['sdk-alpha', 'sdk-beta'] as const;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('SDK member reads follow the cursor to the last page', () => {
  let staging: StagingServer;
  let server: ServerProcess;
  let admin: ConveneApi;
  let api: ConveneApi;
  let analyst: HttpMember;
  let judge: HttpMember;

  beforeAll(async () => {
    staging = await startStagingServer('sdk-reads', 12);
    server = staging.server;
    admin = createConveneClient({ baseUrl: server.baseUrl, adminToken: ADMIN_TOKEN });
    api = createConveneClient({ baseUrl: server.baseUrl });
    analyst = await onboardMember(server.baseUrl, ADMIN_TOKEN, 'SDK Analyst');
    judge = await onboardMember(server.baseUrl, ADMIN_TOKEN, 'SDK Judge');
    unwrap(
      await admin.POST('/api/swarm/admin/members/{id}/role', {
        params: { path: { id: judge.memberId } },
        body: { role: 'judge' },
      }),
    );
    for (const id of SUBJECTS)
      unwrap(
        await admin.PUT('/api/swarm/admin/subjects/{id}', {
          params: { path: { id } },
          body: { name: `SDK ${id}`, recommendationType: 'bucket_weights', quorumRequired: 1 },
        }),
      );
    // Seven sessions over two subjects, each with a take and a judgement, then published.
    for (const [index, date] of consecutiveDates('2026-02-01', 7).entries()) {
      const subjectId = SUBJECTS[index % 2]!;
      const opened = unwrap(
        await admin.POST('/api/swarm/admin/sessions', {
          body: { subjectId, date, windowClosesAt: null },
        }),
      );
      const body = await signedTakeBody(analyst, { date, subjectId, nonce: `sdk-${index}` });
      expect((await submitTake(server.baseUrl, analyst.token, body)).status).toBe(201);
      const judgement = {
        sessionId: opened.sessionId,
        memberId: judge.memberId,
        releaseSafety: 'safe' as const,
        rationale: `session ${index} is safe`,
        disagreements: [],
      };
      const filed = await fetch(`${server.baseUrl}/api/swarm/judgements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${judge.token}` },
        body: JSON.stringify({
          ...judgement,
          signature: await signJudgement(judgement, judge.seed),
        }),
      });
      expect(filed.status).toBe(201);
      unwrap(
        await admin.POST('/api/swarm/admin/sessions/{id}/publish', {
          params: { path: { id: opened.sessionId } },
        }),
      );
    }
  }, 180_000);

  afterAll(async () => {
    await staging?.stop();
  });

  test('memberTakes: every take, and every take on one subject, as the unpaged route lists them', async () => {
    const all = unwrap(
      await api.GET('/api/swarm/members/{id}/takes', {
        params: { path: { id: analyst.memberId } },
      }),
    );
    expect(all.takes).toHaveLength(7);
    expect(all.subjects).toEqual([...SUBJECTS]);
    const ids = async (options: { subject?: string; pageSize?: number }) =>
      (await collect(memberTakes(api, analyst.memberId, options))).map((take) => take.id);
    expect(await ids({ pageSize: 2 })).toEqual(all.takes.map((take) => take.id));
    for (const subject of SUBJECTS) {
      const expected = all.takes.filter((take) => take.subjectId === subject).map((t) => t.id);
      expect(await ids({ subject, pageSize: 2 })).toEqual(expected);
    }
    expect(await ids({ subject: 'no-such-subject' })).toEqual([]);
  });

  test('memberJudgements: every public judgement, newest first, across pages', async () => {
    const one = unwrap(
      await api.GET('/api/swarm/members/{id}/judgements', {
        params: { path: { id: judge.memberId }, query: { limit: '100' } },
      }),
    );
    expect(one.judgements).toHaveLength(7);
    expect(one.nextCursor).toBeNull();
    const paged = await collect(memberJudgements(api, judge.memberId, { pageSize: 3 }));
    expect(paged.map((j) => j.id)).toEqual(one.judgements.map((j) => j.id));
  });

  test('a failed page throws the server’s error', async () => {
    await expect(collect(memberJudgements(api, 'nobody-at-all'))).rejects.toBeInstanceOf(ApiError);
    const bad = await api.GET('/api/swarm/members/{id}/judgements', {
      params: { path: { id: judge.memberId }, query: { cursor: 'bogus' } },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toEqual({ error: 'invalid cursor', code: 'invalid_cursor' });
  });
});
