/**
 * The theme's colours by name, as the CSS variables of styles.css. A chart names its series' colours
 * from here; canvas charts resolve them against the page's theme when they draw (SVG takes them as
 * they are), so the light and dark themes each get their own inks.
 */
export const PALETTE = {
  cyan: 'var(--cyan)',
  green: 'var(--green)',
  amber: 'var(--amber)',
  violet: 'var(--violet)',
  blue: 'var(--blue)',
  pink: 'var(--pink)',
  muted: 'var(--muted)',
  rule: 'var(--rule)',
  grid: 'var(--grid)',
} as const;

/** A colour as a canvas takes it: `var(--name)` read from the document's theme, any other as given. */
export function resolveColor(color: string): string {
  const variable = /^var\((--[a-z0-9-]+)\)$/.exec(color)?.[1];
  if (variable === undefined) return color;
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value === '' ? color : value;
}
