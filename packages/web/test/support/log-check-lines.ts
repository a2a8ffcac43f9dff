import type { Page } from 'playwright-core';

/** The log check lines shown inside `scope`, as `state text`, once they have rendered. */
export async function logCheckLines(page: Page, scope: string): Promise<string[]> {
  await page.waitForSelector(`${scope} [data-testid="log-check"] li`, {
    timeout: 20_000,
    state: 'attached',
  });
  return page
    .locator(`${scope} [data-testid="log-check"] li`)
    .evaluateAll((items) =>
      items.map((li) => `${li.getAttribute('data-state')} ${li.textContent ?? ''}`),
    );
}

/** The state (`passed`, `failed`, `not-checked`) of the line whose label contains `label`. */
export function stateOf(lines: string[], label: string): string | undefined {
  return lines.find((line) => line.includes(label))?.split(' ')[0];
}
