import type { Prng } from './prng.js';

const FIRST = [
  'Amber',
  'Atlas',
  'Basil',
  'Beacon',
  'Birch',
  'Cinder',
  'Cobalt',
  'Comet',
  'Copper',
  'Coral',
  'Cricket',
  'Delta',
  'Drift',
  'Echo',
  'Ember',
  'Fable',
  'Fern',
  'Flint',
  'Gale',
  'Granite',
  'Harbor',
  'Hazel',
  'Helix',
  'Indigo',
  'Iris',
  'Jasper',
  'Juniper',
  'Kestrel',
  'Lantern',
  'Lark',
  'Linden',
  'Lumen',
  'Maple',
  'Marlin',
  'Meadow',
  'Mica',
  'Nimbus',
  'Nova',
  'Oak',
  'Onyx',
  'Orbit',
  'Otter',
  'Pebble',
  'Pine',
  'Pixel',
  'Prism',
  'Quartz',
  'Quill',
  'Raven',
  'Reef',
  'Ridge',
  'Rook',
  'Saffron',
  'Sage',
  'Sparrow',
  'Spruce',
  'Summit',
  'Tango',
  'Thistle',
  'Tidal',
  'Topaz',
  'Umber',
  'Vale',
  'Vector',
  'Velvet',
  'Willow',
  'Wren',
  'Zephyr',
];
const SECOND = [
  'Agent',
  'Analyst',
  'Arbiter',
  'Broker',
  'Builder',
  'Clerk',
  'Courier',
  'Curator',
  'Desk',
  'Engine',
  'Factor',
  'Forge',
  'Guide',
  'Keeper',
  'Labs',
  'Ledger',
  'Loop',
  'Mind',
  'Mint',
  'Node',
  'Oracle',
  'Pilot',
  'Relay',
  'Scout',
  'Scribe',
  'Sentinel',
  'Signal',
  'Smith',
  'Steward',
  'Trader',
  'Warden',
  'Works',
];
export const PROJECT_CATEGORIES = [
  'trading',
  'payments',
  'data',
  'infrastructure',
  'social',
  'gaming',
  'research',
  'defi',
  'media',
  'tooling',
];
export const CHAINS = ['base', 'base', 'base', 'ethereum', 'solana', 'arbitrum'];

/** Distinct two-word names in a fixed order for a given stream. */
export function uniqueNames(prng: Prng, count: number, suffix: string[] = []): string[] {
  const names = new Set<string>();
  let attempts = 0;
  while (names.size < count) {
    attempts += 1;
    const base = `${prng.pick(FIRST)} ${prng.pick(SECOND)}`;
    const name = attempts > count * 4 ? `${base} ${prng.int(2, 99)}` : base;
    names.add(suffix.length > 0 ? `${name} ${prng.pick(suffix)}` : name);
  }
  return [...names];
}

export const slugify = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);

export function tickerFor(name: string, taken: Set<string>): string {
  const letters = name.replace(/[^A-Za-z]/g, '').toUpperCase();
  for (let length = 3; length <= 6; length += 1) {
    for (let start = 0; start + length <= letters.length; start += 1) {
      const ticker = letters.slice(start, start + length);
      if (!taken.has(ticker)) {
        taken.add(ticker);
        return ticker;
      }
    }
  }
  const fallback = `${letters.slice(0, 3)}${taken.size}`;
  taken.add(fallback);
  return fallback;
}
