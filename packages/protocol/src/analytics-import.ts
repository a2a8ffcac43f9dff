/**
 * The third-party analytics dataset's import kinds, in the order a directory import loads them:
 * entities before the histories that need them (docs/analytics-import.md). The server's importer and
 * the CLI's `admin import` both read this list.
 */
export const IMPORT_KINDS = [
  'coins',
  'agents',
  'vaults',
  'wallets',
  'projects',
  'agent-history',
  'coin-history',
  'vault-history',
  'wallet-history',
  'project-history',
  'activity',
  'comments',
] as const;
export type ImportKindName = (typeof IMPORT_KINDS)[number];
