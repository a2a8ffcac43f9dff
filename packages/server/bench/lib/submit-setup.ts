/**
 * What the submit benchmarks (load.ts, log-overhead.ts) set up before they measure: a fresh database
 * per server, sessions open by hand on fixed dates, and members onboarded through the public routes
 * with their takes signed in advance, so the measured loop only sends bytes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { onboardMember, signedTakeBody, type HttpMember } from '@convene/test-support';
import { rawInsertRate } from './raw-insert.js';

export const BENCH_SUBJECTS = ['convene-treasury', 'north-harbor-fund'] as const;

export interface Members {
  members: HttpMember[];
  /** Per member, signed take bodies in filing order: five per session, session after session. */
  bodies: string[][];
}

/** Opens one session per subject and date by hand, with no deadline, so any member may file. */
export async function openSessions(
  baseUrl: string,
  adminToken: string,
  dates: readonly string[],
): Promise<void> {
  for (const date of dates) {
    for (const subjectId of BENCH_SUBJECTS) {
      const response = await fetch(`${baseUrl}/api/swarm/admin/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
        body: JSON.stringify({ subjectId, date, windowClosesAt: null }),
      });
      if (response.status !== 201) throw new Error(`open session: ${await response.text()}`);
    }
  }
}

/** Onboards `count` members through the public routes and pre-signs `takesEach` takes for each. */
export async function prepareSubmitters(
  baseUrl: string,
  adminToken: string,
  count: number,
  dates: readonly string[],
  takesEach: number,
): Promise<Members> {
  const members: HttpMember[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) =>
      onboardMember(baseUrl, adminToken, `Bench Member ${count}-${i + j}`),
    );
    members.push(...(await Promise.all(batch)));
  }
  const bodies = await Promise.all(
    members.map(async (member) => {
      const list: string[] = [];
      for (const date of dates)
        for (const subjectId of BENCH_SUBJECTS)
          for (let n = 0; n < 5 && list.length < takesEach; n++)
            list.push(
              await signedTakeBody(member, {
                date,
                subjectId,
                nonce: `${date}-${subjectId}-${n}-${randomBytes(6).toString('hex')}`,
              }),
            );
      return list;
    }),
  );
  return { members, bodies };
}

export interface DatabaseTarget {
  kind: 'pglite' | 'postgres';
  /** The server's environment for this database (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  rawInsert(concurrency: number, seconds: number): ReturnType<typeof rawInsertRate>;
  destroy(): Promise<void>;
}

/** A fresh database for one server: a PGlite data directory, or a new PostgreSQL database. */
export async function prepareDatabase(
  kind: 'pglite' | 'postgres',
  options: { adminUrl: string; poolSize: number },
): Promise<DatabaseTarget> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-load-'));
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      async rawInsert(concurrency, seconds) {
        // Its own data directory on the same disk: the server's is owned by the server process.
        const database = await openPglite({ dataDir: path.join(dataDir, 'raw-insert') });
        try {
          return await rawInsertRate(database, concurrency, seconds);
        } finally {
          await database.close();
        }
      },
      destroy: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `convene_load_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: String(options.poolSize),
    },
    async rawInsert(concurrency, seconds) {
      const database = openPostgres({
        connectionString: url.toString(),
        maxConnections: options.poolSize,
      });
      try {
        return await rawInsertRate(database, concurrency, seconds);
      } finally {
        await database.close();
      }
    },
    async destroy() {
      const cleanup = new pg.Client({ connectionString: options.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
