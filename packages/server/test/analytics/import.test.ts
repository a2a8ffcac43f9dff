import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { DataVersions } from '../../src/db/data-versions.js';
import { ANALYTICS_DATASET } from '../../src/analytics/dataset.js';
import { planImport } from '../../src/analytics/import/files.js';
import { composeImporter } from '../../src/analytics/compose.js';
import { formatIssue, type AnalyticsImporter } from '../../src/analytics/import/importer.js';
import { fileRecords, jsonArrayElements, ndjsonText } from '../../src/analytics/import/sources.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../support/databases.js';
import { agentRecord, IDS, NOW, smallDataset, toNdjson } from './factories.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'convene-analytics-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('record sources', () => {
  test('NDJSON: line numbers count blank lines, CRLF and a missing final newline are fine', async () => {
    const lines = [];
    for await (const line of ndjsonText('{"a":1}\r\n\n  \n{"b":2}')) lines.push(line);
    expect(lines.map(({ line, text }) => [line, text])).toEqual([
      [1, '{"a":1}'],
      [4, '{"b":2}'],
    ]);
  });

  test('JSON arrays: each element with the line it starts on, strings with brackets and escapes kept whole', () => {
    const text = '[\n  {"a": "x]},\\"y"},\n  {\n    "b": [1, {"c": 2}]\n  }\n]\n';
    const elements = [...jsonArrayElements(text)];
    expect(elements.map(({ line }) => line)).toEqual([2, 3]);
    expect(elements.map(({ text: element }) => JSON.parse(element) as unknown)).toEqual([
      { a: 'x]},"y' },
      { b: [1, { c: 2 }] },
    ]);
    expect(() => [...jsonArrayElements('{"not": "an array"}')]).toThrow(/one JSON array/);
    expect(() => [...jsonArrayElements('[{"a":1},')]).toThrow(/not closed/);
  });
});

describeEachDatabase('analytics import', (kind) => {
  let testDb: TestDatabase;
  let importer: AnalyticsImporter;
  let versions: DataVersions;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    versions = new DataVersions({ database: testDb.database });
    importer = composeImporter(testDb.database, versions, clock, { batchSize: 2 });
  });
  afterAll(async () => testDb?.destroy());

  test('every invalid record is reported by file, line and field; valid ones are imported', async () => {
    const file = path.join(dir, 'agents.ndjson');
    const lines = [
      JSON.stringify(agentRecord()),
      '{"id": "broken json',
      JSON.stringify(agentRecord({ id: IDS.agentB, x402VolumeUsd: -5 })),
      JSON.stringify(agentRecord({ id: 'not-a-uuid', sourceConfidence: 'certain', nickname: 'x' })),
      '',
      JSON.stringify({ ...agentRecord({ id: IDS.agentC }), name: undefined }),
      '[1, 2]',
    ];
    await writeFile(file, lines.join('\n'));
    const report = await importer.importRecords('agents', 'agents.ndjson', fileRecords(file));
    expect(report).toMatchObject({ received: 6, imported: 1, rejected: 5 });
    const messages = report.errors.map(formatIssue);
    expect(messages).toContain('agents.ndjson:3: x402VolumeUsd: must be >= 0');
    expect(messages).toContain('agents.ndjson:4: nickname: unknown field');
    expect(messages).toContain('agents.ndjson:4: id: must match format "uuid"');
    expect(messages.some((m) => m.startsWith('agents.ndjson:4: sourceConfidence: '))).toBe(true);
    expect(messages).toContain('agents.ndjson:6: name: required field is missing');
    expect(messages).toContain('agents.ndjson:7: a record must be a JSON object');
    expect(messages.find((m) => m.startsWith('agents.ndjson:2: invalid JSON'))).toBeDefined();
  });

  test('JSON array files report the line each element starts on', async () => {
    const file = path.join(dir, 'coins.json');
    await writeFile(
      file,
      `[\n${JSON.stringify(smallDataset().coins?.[0])},\n{\n  "id": "${IDS.coin}"\n}\n]`,
    );
    const report = await importer.importRecords('coins', 'coins.json', fileRecords(file));
    expect(report).toMatchObject({ received: 2, imported: 1, rejected: 1 });
    expect(report.errors.map(formatIssue)).toContain(
      'coins.json:3: symbol: required field is missing',
    );
  });

  test('histories need their entity: unknown ids are rejected by line', async () => {
    const rows = [
      { agentId: IDS.agentA, date: '2026-05-30', revenueUsd: 1 },
      { agentId: IDS.unknown, date: '2026-05-30', revenueUsd: 1 },
    ];
    const report = await importer.importRecords(
      'agent-history',
      'agent-history.ndjson',
      ndjsonText(toNdjson(rows)),
    );
    expect(report).toMatchObject({ imported: 1, rejected: 1 });
    expect(formatIssue(report.errors[0]!)).toMatch(
      /^agent-history.ndjson:2: agentId: no agent with id 9999/,
    );
  });

  test('idempotent: importing twice gives the same rows, updated values, one bump per import', async () => {
    const db = testDb.database.db;
    const dataset = smallDataset();
    const count = async () => {
      const agents = await db
        .selectFrom('analytics_agent')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const days = await db
        .selectFrom('analytics_project_daily')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [Number(agents.n), Number(days.n)];
    };
    const load = async (changedName: string) => {
      const projects = dataset.projects ?? [];
      await importer.importRecords('projects', 'projects.ndjson', ndjsonText(toNdjson(projects)));
      const agents = (dataset.agents ?? []).map((agent) =>
        agent.id === IDS.agentA ? { ...agent, name: changedName } : agent,
      );
      await importer.importRecords('agents', 'agents.ndjson', ndjsonText(toNdjson(agents)));
      const days = dataset['project-history'] ?? [];
      // The same key twice in one batch: the later line wins, as across batches.
      await importer.importRecords(
        'project-history',
        'p.ndjson',
        ndjsonText(toNdjson([...days, { ...days[0]!, revenueUsd: 77 }])),
      );
    };
    await load('First Name');
    const firstCounts = await count();
    const version = versions.current(ANALYTICS_DATASET);
    await load('Second Name');
    expect(await count()).toEqual(firstCounts);
    expect(firstCounts).toEqual([3, 90]);
    expect(versions.current(ANALYTICS_DATASET)).toBe(version + 3);
    const agent = await db
      .selectFrom('analytics_agent')
      .select('name')
      .where('id', '=', IDS.agentA)
      .executeTakeFirstOrThrow();
    expect(agent.name).toBe('Second Name');
    const day = await db
      .selectFrom('analytics_project_daily')
      .select('revenue_usd')
      .where('project_slug', '=', 'amber-scout')
      .orderBy('date')
      .executeTakeFirstOrThrow();
    expect(day.revenue_usd).toBe(77);
  });

  test('a check run validates without writing or bumping the version', async () => {
    const version = versions.current(ANALYTICS_DATASET);
    const report = await importer.importRecords(
      'agents',
      'agents.ndjson',
      ndjsonText(toNdjson([agentRecord({ name: 'Never Written' })])),
      { dryRun: true },
    );
    expect(report).toMatchObject({ imported: 1, rejected: 0 });
    expect(versions.current(ANALYTICS_DATASET)).toBe(version);
    const agent = await testDb.database.db
      .selectFrom('analytics_agent')
      .select('name')
      .where('id', '=', IDS.agentA)
      .executeTakeFirstOrThrow();
    expect(agent.name).not.toBe('Never Written');
  });

  test('progress is reported per batch with bytes read', async () => {
    const seen: number[] = [];
    await importer.importRecords(
      'agents',
      'agents.ndjson',
      ndjsonText(toNdjson(smallDataset().agents ?? [])),
      {
        onProgress: (progress) => seen.push(progress.records),
      },
    );
    expect(seen).toEqual([2, 3]);
  });
});

describe('planning a directory import', () => {
  test('files named after kinds, entities before histories; others ignored', async () => {
    const sub = await mkdtemp(path.join(dir, 'plan-'));
    for (const name of [
      'project-history.ndjson',
      'agents.json',
      'coins.ndjson',
      'notes.txt',
      'comments.jsonl',
    ]) {
      await writeFile(path.join(sub, name), '');
    }
    const plan = await planImport(sub);
    expect(plan.files.map((file) => file.kind)).toEqual([
      'coins',
      'agents',
      'project-history',
      'comments',
    ]);
    expect(plan.ignored).toEqual(['notes.txt']);
    await expect(planImport(path.join(sub, 'notes.txt'))).rejects.toThrow(/cannot tell the kind/);
    expect((await planImport(path.join(sub, 'notes.txt'), 'agents')).files[0]?.kind).toBe('agents');
  });
});
