import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (WCAG 2 A/AA rules) and returns the critical and serious violations.
 * The script is evaluated through the DevTools protocol, so the site's CSP stays as served.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: AxeApi }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

/** How many CSS pixels the document is wider than the viewport (0 when it fits). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );
}

/** The elements that stick out past the right edge of the viewport (for a readable failure). */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0) {
        // Content inside its own scroll container does not widen the page.
        let clipped = false;
        for (let up = element.parentElement; up !== null && !clipped; up = up.parentElement)
          clipped = getComputedStyle(up).overflowX !== 'visible';
        // Only report elements whose parent fits: the outermost culprit.
        const parent = element.parentElement?.getBoundingClientRect();
        if (!clipped && (parent === undefined || parent.right <= width + 1)) {
          const id = element.getAttribute('data-testid') ?? element.className;
          out.push(`${element.tagName.toLowerCase()}.${String(id)} right=${Math.round(box.right)}`);
        }
      }
    }
    return out.slice(0, 10);
  });
}

interface AxeApi {
  run: (
    context: Document,
    options: unknown,
  ) => Promise<{
    violations: Array<{
      id: string;
      impact?: string | null;
      help: string;
      nodes: Array<{ target: string[] }>;
    }>;
  }>;
}

/** What a drawn chart's axes show (`data-axes`, written by components/uplot-chart.ts). */
interface AxesAudit {
  x: string[];
  xYears: number[];
  xCut: string[];
  y: Array<{ labels: string[]; size: number; widest: number }>;
  formats: Array<'usd' | 'price' | 'pct' | 'percent' | 'percentile' | 'number'>;
  units: Array<string | null>;
  titles: Array<{ text: string | null; width: number; room: number }>;
  filledWithGaps: string[];
  emptyDays: number;
  series: string[][];
  yMin: number | null;
  filled: boolean;
  log: boolean;
}

/** uPlot's tick length and label gap (its defaults): a label fits when it leaves room for both. */
const TICK_AND_GAP_PX = 15;

/** What a dual-axis chart's title must name for each axis format: its unit. */
const TITLE_UNIT: Record<AxesAudit['formats'][number], RegExp> = {
  usd: /USD|\$/,
  price: /USD|\$/,
  pct: /%/,
  percent: /%/,
  percentile: /percentile/,
  number: /\S/,
};

/**
 * Every chart on the page, once drawn: a data table beside it, no y label wider than its axis
 * (clipped), daily x labels without a time of day, the year on the first date tick and wherever
 * the year changes, every y label in its axis's unit (a plain-number axis names its unit in its
 * title; a percentile series is on a percentile axis, read "0th"… "100th" under the title
 * "percentile"), every axis of a two-axis chart titled with its quantity and unit, no axis title
 * longer than the plot it runs along, no x label past the canvas's edge, no part of the canvas
 * cut off by the page, a filled area
 * starting at zero, and no filled series with gaps (a gap in a filled area draws as stripes).
 */
export async function chartAxisProblems(page: Page): Promise<string[]> {
  const hosts = page.locator('figure.chart .chart-host');
  const count = await hosts.count();
  const problems: string[] = [];
  for (let i = 0; i < count; i++) {
    const host = hosts.nth(i);
    const title = (await host.locator('xpath=..').getAttribute('aria-label')) ?? `chart ${i + 1}`;
    await page.waitForFunction(
      (element) => element?.hasAttribute('data-axes') === true,
      await host.elementHandle(),
      {
        timeout: 15_000,
      },
    );
    const audit = JSON.parse((await host.getAttribute('data-axes')) ?? '{}') as AxesAudit;
    if ((await host.locator('xpath=..').locator('[data-testid="chart-data"]').count()) !== 1)
      problems.push(`${title}: no data table beside the chart`);
    if (audit.x.length === 0) problems.push(`${title}: no x labels`);
    for (const label of audit.x)
      if (/\d:\d\d|am$|pm$/i.test(label)) problems.push(`${title}: x label "${label}" is a time`);
    // A reader of a date tick knows its year: on the first tick and wherever the year turns.
    audit.x.forEach((label, index) => {
      const year = audit.xYears?.[index];
      const turns = index === 0 || year !== audit.xYears?.[index - 1];
      if (turns && (year === undefined || !label.includes(String(year))))
        problems.push(`${title}: x label "${label}" has no year (${year ?? 'unknown'})`);
    });
    for (const label of audit.xCut ?? [])
      problems.push(`${title}: x label "${label}" runs past the chart's edge (clipped)`);
    const dual = audit.y.length > 1;
    audit.y.forEach((_, index) => {
      const drawn = audit.titles?.[index];
      const text = drawn?.text ?? '';
      const unit = audit.formats[index] ?? 'number';
      if (dual && !TITLE_UNIT[unit].test(text))
        problems.push(
          `${title}: y axis ${index + 1} of two has ${text === '' ? 'no title' : `the title "${text}"`}, not naming its ${unit} unit`,
        );
      if (drawn !== undefined && drawn.text !== null && drawn.width > drawn.room)
        problems.push(
          `${title}: y axis ${index + 1} title "${drawn.text}" is ${drawn.width}px along a ${drawn.room}px plot (clipped)`,
        );
    });
    const cut = await host.evaluate((element) => {
      const canvas = element.querySelector('canvas');
      if (canvas === null) return null;
      const box = canvas.getBoundingClientRect();
      // The nearest box that clips what sticks out of it, or the viewport.
      let right = document.documentElement.clientWidth;
      let left = 0;
      for (let up = element.parentElement; up !== null; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') {
          const clip = up.getBoundingClientRect();
          right = Math.min(right, clip.right);
          left = Math.max(left, clip.left);
          break;
        }
      return { canvas: [Math.round(box.left), Math.round(box.right)], clip: [left, right] };
    });
    if (cut !== null && (cut.canvas[0]! < cut.clip[0]! - 1 || cut.canvas[1]! > cut.clip[1]! + 1))
      problems.push(
        `${title}: the chart spans ${cut.canvas.join('–')}px in a box showing ${cut.clip.map(Math.round).join('–')}px (axes cut off)`,
      );
    for (const series of audit.filledWithGaps ?? [])
      problems.push(`${title}: the ${series} series is a filled area with gaps (draws as stripes)`);
    audit.y.forEach((axis, index) => {
      if (axis.labels.length === 0) problems.push(`${title}: y axis ${index + 1} has no labels`);
      if (axis.widest + TICK_AND_GAP_PX > axis.size)
        problems.push(
          `${title}: y axis ${index + 1} is ${axis.size}px for a ${axis.widest}px label (clipped)`,
        );
      const unit = audit.formats[index];
      // A plain-number axis names its unit (drawn as its title): "1.2" alone says nothing.
      if ((unit ?? 'number') === 'number' && (audit.units[index] ?? '').trim() === '')
        problems.push(`${title}: y axis ${index + 1} is a number axis without a unit`);
      for (const label of axis.labels) {
        if ((unit === 'usd' || unit === 'price') && !/^-?\$/.test(label))
          problems.push(`${title}: "${label}" on a USD axis`);
        if ((unit === 'pct' || unit === 'percent') && !label.endsWith('%'))
          problems.push(`${title}: "${label}" on a percentage axis`);
        // A percentile axis reads as percentiles, "0th"…"100th" under its title, as format.ts
        // writes one ("67th percentile"), never as a percentage.
        if (unit === 'percentile' && !/^(100|[1-9]?\d)(st|nd|rd|th)$/.test(label))
          problems.push(`${title}: "${label}" on a percentile axis`);
      }
      if (unit === 'percentile' && audit.units[index] !== 'percentile')
        problems.push(`${title}: y axis ${index + 1} is a percentile axis not titled "percentile"`);
      for (const series of audit.series[index] ?? [])
        if (/percentile/i.test(series) && unit !== 'percentile')
          problems.push(`${title}: the ${series} series is drawn on a ${unit ?? 'number'} axis`);
    });
    if (audit.filled && !audit.log && (audit.yMin ?? 0) > 0)
      problems.push(`${title}: filled area on an axis starting at ${audit.yMin}, not zero`);
  }
  return problems;
}

/** A raw ISO date or stamp ("2026-11-22", "2026-11-22T14:05"), which a reader should never see. */
const RAW_DATE = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?\b/;

/** The page's `<title>` when it shows a raw date (titles read dates as the page does). */
export async function rawDateInTitle(page: Page): Promise<string | null> {
  const title = await page.title();
  return RAW_DATE.test(title) ? title : null;
}

/**
 * Visible text of the page's cells, paragraphs, list items, headings and captions that shows a raw
 * `YYYY-MM-DD` date: every date goes through `<When>` (readable, the stamp on hover). Code, hashes
 * and ids shown on purpose (`code`, `pre`, `.mono`, `Hash`), `<time>` elements and text members
 * wrote themselves (`.text-body`: a take's or memo's body, quoted as filed) are left out.
 */
export async function rawDateProblems(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const raw = new RegExp(pattern);
    const skip = 'code, pre, .mono, [data-testid="hash"], time, .text-body, script, style';
    const out: string[] = [];
    const blocks = document.querySelectorAll(
      'main :is(td, th, p, li, dd, dt, h1, h2, h3, h4, caption, summary, figcaption, .stat-value)',
    );
    for (const block of Array.from(blocks)) {
      if (block.closest(skip) !== null) continue;
      if (!(block as HTMLElement).checkVisibility()) continue;
      const copy = block.cloneNode(true) as HTMLElement;
      for (const ignored of Array.from(copy.querySelectorAll(skip))) ignored.remove();
      const text = (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
      const match = raw.exec(text);
      if (match !== null)
        out.push(`"${match[0]}" in <${block.tagName.toLowerCase()}>: ${text.slice(0, 120)}`);
    }
    return [...new Set(out)].slice(0, 10);
  }, RAW_DATE.source);
}

/**
 * What a phone reader would miss without scrolling sideways (run at 390 px): a rendered table that
 * marks no primary column (`data-primary`, the value a row exists for); a primary cell that is
 * hidden, or not wholly inside its scrolling box and the viewport before the box is scrolled; a
 * `.table-scroll` box wider inside than out without a visible cue that says so (a visible element
 * named by its `aria-describedby` that mentions scrolling), or a cue on a box that fits; and prose
 * (paragraphs, list items, captions, summaries…) clipped by its own overflow, cut off with an
 * ellipsis or cut by the edge of a box it sits in.
 */
export async function phoneLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const shown = (element: Element) =>
      element.checkVisibility() && element.closest('details:not([open]) > :not(summary)') === null;
    const nameOf = (element: Element) =>
      element.closest('table')?.getAttribute('data-testid') ??
      element.closest('[aria-label]')?.getAttribute('aria-label') ??
      element.closest('[data-testid]')?.getAttribute('data-testid') ??
      element.tagName.toLowerCase();
    const text = (element: Element) =>
      (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    /** The inner edges of the nearest box that clips its content (the viewport when none). */
    const clipOf = (element: Element) => {
      for (let up = element.parentElement; up !== null; up = up.parentElement) {
        if (up === document.body || up === document.documentElement) break;
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const box = up.getBoundingClientRect();
        const left = box.left + up.clientLeft;
        return { left, right: Math.min(left + up.clientWidth, viewport) };
      }
      return { left: 0, right: viewport };
    };

    // uPlot draws its legend as a table: part of the chart, not a data table.
    for (const table of Array.from(document.querySelectorAll('main table:not(.u-legend)'))) {
      if (!shown(table)) continue;
      if (table.querySelector('td[data-primary], th[data-primary]') === null)
        out.push(`table "${nameOf(table)}" marks no primary column (data-primary)`);
      for (const cell of Array.from(table.querySelectorAll('td[data-primary]'))) {
        const box = cell.getBoundingClientRect();
        const column = cell.getAttribute('data-label') ?? 'primary';
        if (!cell.checkVisibility() || box.width === 0) {
          out.push(`table "${nameOf(table)}": its ${column} column is hidden on a phone`);
          break;
        }
        const clip = clipOf(cell);
        if (box.left < clip.left - 1 || box.right > clip.right + 1) {
          out.push(
            `table "${nameOf(table)}": ${column} "${text(cell)}" at ${Math.round(box.left)}–${Math.round(box.right)} px, off its box (${Math.round(clip.left)}–${Math.round(clip.right)} px) until scrolled`,
          );
          break;
        }
      }
    }

    for (const scroller of Array.from(document.querySelectorAll('main .table-scroll'))) {
      if (!shown(scroller)) continue;
      const overflows = scroller.scrollWidth > scroller.clientWidth + 1;
      const cue = (scroller.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id === '' ? null : document.getElementById(id)))
        .find(
          (element) =>
            element != null && shown(element) && /scroll/i.test(element.textContent ?? ''),
        );
      if (overflows && cue === undefined)
        out.push(
          `"${nameOf(scroller)}" scrolls sideways (${scroller.scrollWidth} px in ${scroller.clientWidth} px) without a visible cue`,
        );
      if (!overflows && cue !== undefined)
        out.push(`"${nameOf(scroller)}" fits but shows a scroll cue`);
    }

    const proseTags = 'p, li, dd, blockquote, caption, figcaption, summary, .lead, .notice';
    for (const element of Array.from(document.querySelectorAll('main *'))) {
      const style = getComputedStyle(element);
      // Text cut to a few lines or to an ellipsis is clipped prose wherever it is.
      const shortened = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      if (!shortened && !element.matches(proseTags)) continue;
      if (!shown(element) || element.closest('pre, code, .mono') !== null) continue;
      const hides = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      const clipped =
        shortened ||
        (hides &&
          (element.scrollWidth > element.clientWidth + 1 ||
            element.scrollHeight > element.clientHeight + 1));
      const box = element.getBoundingClientRect();
      const clip = clipOf(element);
      if (clipped) out.push(`<${element.tagName.toLowerCase()}> "${text(element)}" is clipped`);
      else if (box.width > 0 && (box.right > clip.right + 1 || box.left < clip.left - 1))
        out.push(
          `<${element.tagName.toLowerCase()}> "${text(element)}" runs to ${Math.round(box.right)} px, cut at ${Math.round(clip.right)} px`,
        );
    }
    return [...new Set(out)];
  });
}

/**
 * The page's chrome on a phone: the height of the site header and the section navigation as the
 * page opens, and the height that stays pinned over the content once the reader has scrolled.
 */
export async function phoneChrome(page: Page): Promise<{ opening: number; pinned: number }> {
  return page.evaluate(async () => {
    const parts = ['.site-header', 'nav[aria-label="Section"]'].flatMap((selector) =>
      Array.from(document.querySelectorAll(selector)),
    );
    const opening = parts.reduce((sum, part) => sum + part.getBoundingClientRect().height, 0);
    window.scrollTo(0, 600);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    let pinned = 0;
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const position = getComputedStyle(element).position;
      if (position !== 'sticky' && position !== 'fixed') continue;
      const box = element.getBoundingClientRect();
      // Pinned chrome sits at the top of the screen over the content; a sticky table cell does not.
      if (box.top <= 1 && box.bottom > 0 && element.closest('main table') === null)
        pinned = Math.max(pinned, box.bottom);
    }
    window.scrollTo(0, 0);
    return { opening: Math.round(opening), pinned: Math.round(pinned) };
  });
}

/** What a reader's visible text is read from: cells, paragraphs, list items, headings, links. */
const READ_BLOCKS =
  'main :is(td, th, p, li, dd, dt, h1, h2, h3, h4, caption, summary, figcaption, label, a, .stat-value, .stat-hint)';
/** Code, hashes and ids shown on purpose, stamps and members' own text are not read. */
const NOT_READ =
  'code, kbd, pre, .mono, [data-testid="hash"], time, .text-body, script, style, .visually-hidden';

/** The visible text of each reading block (without its code, hashes and members' text). */
async function visibleBlocks(page: Page): Promise<Array<{ tag: string; text: string }>> {
  return page.evaluate(
    ({ blocks, skip }) => {
      const out: Array<{ tag: string; text: string }> = [];
      for (const block of Array.from(document.querySelectorAll(blocks))) {
        if (block.closest(skip) !== null) continue;
        if (!(block as HTMLElement).checkVisibility()) continue;
        const copy = block.cloneNode(true) as HTMLElement;
        for (const ignored of Array.from(copy.querySelectorAll(skip))) ignored.remove();
        const text = (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text !== '') out.push({ tag: block.tagName.toLowerCase(), text });
      }
      return out;
    },
    { blocks: READ_BLOCKS, skip: NOT_READ },
  );
}

/** What each `data-measure` promises to show beside its number (a dash stands for no value). */
const UNIT_MARKS: Record<string, string> = {
  usd: '\\$|—',
  percent: '%|—',
  points: '\\bpts?\\b|—',
  'of-100': '/\\s*100|—',
  multiple: '×|—',
  count: '^[\\d,]+$|—',
};

/**
 * Numbers shown without the unit they are due. Checkable rules: an APY (a percentage) without
 * "%"; an integer from 1,000 up without thousands separators ("136342 tx", "1234 comments"; four
 * digits that could be a year, 1900–2100, pass); a stat or a leader
 * whose value is a bare decimal, its unit or scale unsaid ("Avg productivity 49.27", "Beacon Labs
 * 773.46"), unless a glossary term in it gives the scale; and a measured value (`data-measure`,
 * set by `Measured`) whose text lacks its unit's mark.
 */
export async function unitProblems(page: Page): Promise<string[]> {
  const out: string[] = [];
  const apyWithoutPercent = /\bAPY\b:?\s*[-+]?\d[\d,]*(?:\.\d+)?(?![\d.,]*\s*%)/;
  const unseparated = /(?<![\w.,\-/#:+])\d{5,}(?![\w.,])/;
  // Four digits read as a year from 1900 to 2100, or a standard's number (RFC 6962); any other
  // four-digit integer wants its comma.
  const fourDigits = /(?<![\w.,\-/#:+$])(?<!(?:RFC|ISO|BIP|EIP|ERC) )\d{4}(?![\w.,:%])/g;
  for (const { tag, text } of await visibleBlocks(page)) {
    const apy = apyWithoutPercent.exec(text);
    if (apy !== null) out.push(`APY without % "${apy[0]}" in <${tag}>: ${text.slice(0, 100)}`);
    const bare =
      unseparated.exec(text)?.[0] ??
      [...text.matchAll(fourDigits)].find(([digits]) => +digits < 1900 || +digits > 2100)?.[0];
    if (bare !== undefined)
      out.push(`"${bare}" without thousands separators in <${tag}>: ${text.slice(0, 100)}`);
  }
  const marked = await page.evaluate((marks) => {
    const found: string[] = [];
    const bareDecimal = /(?:^|\s)[-+]?\d[\d,]*\.\d+$/;
    for (const element of Array.from(
      document.querySelectorAll('main :is(.stat, ol.leaders > li)'),
    )) {
      if (!(element as HTMLElement).checkVisibility()) continue;
      // A score whose scale its glossary entry gives (a Term in its label) says it there.
      if (element.querySelector('a.term') !== null) continue;
      const value = element.querySelector('.stat-value') ?? element;
      if (bareDecimal.test((value.textContent ?? '').replace(/\s+/g, ' ').trim()))
        found.push(
          `no unit or scale on "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80)}"`,
        );
    }
    for (const element of Array.from(document.querySelectorAll('main [data-measure]'))) {
      if (!(element as HTMLElement).checkVisibility()) continue;
      const unit = element.getAttribute('data-measure') ?? '';
      const text = (element.textContent ?? '').trim();
      const mark = marks[unit];
      if (mark === undefined) found.push(`unknown data-measure "${unit}" on "${text}"`);
      else if (!new RegExp(mark).test(text))
        found.push(`"${text}" is marked ${unit} but shows no such unit`);
    }
    return found;
  }, UNIT_MARKS);
  out.push(...marked);
  return [...new Set(out)].slice(0, 12);
}

/** Table headers that name a scored measure: each links its glossary entry. */
const TERM_HEADERS =
  /^(Score|Signal|Drift|Brier|Brier \(rank\)|Log score|Contribution|Productivity)$/;

/**
 * A table header naming a measure whose scale or meaning lives in the glossary ("Score", "Drift",
 * "Brier") but with no link to it (`a.term`).
 */
export async function termProblems(page: Page): Promise<string[]> {
  const headers = await page.$$eval('main th', (cells) =>
    cells
      .filter((cell) => (cell as HTMLElement).checkVisibility())
      .map((cell) => ({
        text: (cell.textContent ?? '').replace(/[↑↓?]/g, '').replace(/\s+/g, ' ').trim(),
        linked: cell.querySelector('a.term') !== null,
      })),
  );
  return [
    ...new Set(
      headers
        .filter((header) => TERM_HEADERS.test(header.text) && !header.linked)
        .map((header) => `header "${header.text}" does not link its glossary entry`),
    ),
  ];
}

/**
 * Raw machine words shown to readers: a subject's id (its slug, e.g. "convene-treasury") instead
 * of its name, or a cron expression instead of its schedule in words, in the visible text or the
 * page's `<title>`. Code, kbd, hashes and members' own text are left out: an id shown as an id
 * belongs in `<code>`.
 */
export async function rawIdProblems(page: Page, subjectIds: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const escape = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const slug =
    subjectIds.length === 0
      ? null
      : new RegExp(`(?<![\\w/-])(?:${subjectIds.map(escape).join('|')})(?![\\w-])`);
  // Five fields of cron characters; a match with a wildcard or a step is a cron string.
  const cron = /(?<!\S)(?:[\d*/,-]+\s+){4}[\d*/,-]+(?!\S)/g;
  const title = await page.title();
  if (slug?.test(title) === true) out.push(`subject id in the title "${title}"`);
  for (const { tag, text } of await visibleBlocks(page)) {
    const id = slug?.exec(text) ?? null;
    if (id !== null)
      out.push(`subject id "${id[0]}" shown as text in <${tag}>: ${text.slice(0, 100)}`);
    for (const [expression] of text.matchAll(cron))
      if (/[*/]/.test(expression))
        out.push(`cron string "${expression}" in <${tag}>: ${text.slice(0, 100)}`);
  }
  return [...new Set(out)].slice(0, 12);
}
