import { afterAll, beforeAll, expect, test } from 'vitest';
import { AnalyticsImporter } from '../../src/analytics/import/importer.js';
import { ndjsonText } from '../../src/analytics/import/sources.js';
import { ManualClock } from '../../src/clock.js';
import { DataVersions } from '../../src/db/data-versions.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../support/databases.js';
import { agentRecord, NOW } from './factories.js';

/**
 * A smaller cousin of bench/analytics-import.ts (100k records, figures in docs/benchmarks.md): 20,000
 * records must import at a rate that makes a 100k-record dataset a matter of seconds, not minutes,
 * even on a busy CI machine.
 */
const AGENTS = 200;
const DAYS = 99;

describeEachDatabase('analytics import speed', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => testDb?.destroy());

  test(
    `${AGENTS + AGENTS * DAYS} records import in batches at a useful rate`,
    { timeout: 120_000 },
    async () => {
      const id = (i: number) => `aaaaaaaa-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
      const agents = Array.from({ length: AGENTS }, (_, i) =>
        JSON.stringify(agentRecord({ id: id(i), coinId: null })),
      );
      const days: string[] = [];
      for (let i = 0; i < AGENTS; i += 1) {
        for (let d = 0; d < DAYS; d += 1) {
          const date = new Date(Date.parse(NOW) - d * 86_400_000).toISOString().slice(0, 10);
          days.push(
            JSON.stringify({
              agentId: id(i),
              date,
              revenueUsd: d,
              x402VolumeUsd: i,
              x402Transactions: 1,
            }),
          );
        }
      }
      const importer = new AnalyticsImporter(
        testDb.database,
        new DataVersions(testDb.database),
        new ManualClock(NOW),
      );
      const started = performance.now();
      const first = await importer.importRecords(
        'agents',
        'agents.ndjson',
        ndjsonText(agents.join('\n')),
      );
      const second = await importer.importRecords(
        'agent-history',
        'agent-history.ndjson',
        ndjsonText(days.join('\n')),
      );
      const seconds = (performance.now() - started) / 1000;
      const records = first.imported + second.imported;
      expect(records).toBe(AGENTS + AGENTS * DAYS);
      expect(first.rejected + second.rejected).toBe(0);
      console.log(
        `[${kind}] ${records} records in ${seconds.toFixed(2)} s = ${Math.round(records / seconds)} records/s`,
      );
      expect(records / seconds).toBeGreaterThan(1000);
    },
  );
});
