import { render } from 'preact-render-to-string';
import { expect, test } from 'vitest';
import { DataTable } from '../src/components/data-table.js';
import type { Judgement } from '../src/api/types/swarm.js';
import { termHref } from '../src/lib/glossary.js';
import { PAGE_SIZE, Pager } from '../src/pages/analytics/shared.js';
import { JudgementList } from '../src/pages/swarm/session-page.js';

/**
 * Components rendered to HTML with values the demo data does not reach (five-figure totals, a judge
 * that discloses nothing): what a reader would see once the service holds them.
 */

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

test('a pager counts rows and pages with thousands separators', () => {
  const html = render(<Pager total={123_456} page={1_234} path="/analytics/agents" />);
  expect(PAGE_SIZE).toBe(50);
  expect(text(html)).toContain('page 1,234 of 2,470 · 123,456 rows');
  expect(text(render(<Pager total={1} page={1} path="/analytics/agents" />))).toContain('1 row');
});

const judgement: Judgement = {
  id: '8b07776b-3595-4ce6-bf18-1bda915f6caf',
  sessionId: '95feb646-324d-436d-a5ff-5d8101a3baca',
  judgedBy: '8aff6b24-1191-4188-8658-aca6a9d54313',
  memberId: '8aff6b24-1191-4188-8658-aca6a9d54313',
  handle: 'arbiter',
  mode: 'enforce',
  releaseSafety: 'safe',
  rationale: 'Weights stay close to the reference.',
  disagreements: [],
  model: 'undisclosed',
  promptHash: 'undisclosed',
  inputsDigest: 'undisclosed',
  createdAt: '2026-11-25T06:00:00.000Z',
  canonical: '{}',
  signature: 'c2lnbmF0dXJl',
  publicKey: 'a2V5',
};

test('a judge that discloses nothing reads "not disclosed" three times, with nothing to copy', () => {
  const html = render(<JudgementList judgements={[judgement]} />);
  expect(text(html)).toContain('model not disclosed · prompt not disclosed · inputs not disclosed');
  expect(html).not.toContain('undisclosed');
  expect(html).not.toContain('class="copy');
});

test('a disclosed model reads as its name, a disclosed prompt hash as a hash to copy', () => {
  const disclosed = { ...judgement, model: 'house-arbiter/1', promptHash: 'ab'.repeat(32) };
  const html = render(<JudgementList judgements={[disclosed]} />);
  expect(text(html)).toContain('model house-arbiter/1 · prompt');
  expect(html).toContain('prompt hash');
  expect(text(html)).toContain('inputs not disclosed');
});

interface Row {
  name: string;
  score: number;
  drift: number;
}

test('a header naming a glossary term links its entry, beside a sort control as well', () => {
  const html = render(
    <DataTable<Row>
      rows={[{ name: 'a', score: 0.5, drift: 0.02 }]}
      rowKey={(row) => row.name}
      label="Rows"
      columns={[
        { label: 'Name', primary: true, render: (row) => row.name },
        { label: 'Score', term: 'stance-score', sort: (row) => row.score, render: (r) => r.score },
        { label: 'Drift', term: 'drift', render: (row) => row.drift },
      ]}
    />,
  );
  const headers = html.slice(html.indexOf('<thead'), html.indexOf('</thead>'));
  // Not sortable: the label itself is the link.
  expect(headers).toMatch(new RegExp(`<a class="term" href="${termHref('drift')}"[^>]*>Drift</a>`));
  // Sortable: the label is the sort button, and a mark beside it links the entry.
  expect(headers).toMatch(/<button[^>]*class="sort"[^>]*>Score<\/button>/);
  expect(headers).toMatch(
    new RegExp(
      `<a class="term term-mark" href="${termHref('stance-score')}"[^>]*aria-label="What stance score means"`,
    ),
  );
});
