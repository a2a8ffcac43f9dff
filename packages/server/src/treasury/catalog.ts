/** Static treasury facts: the sleeves and buckets targets are set over, and the fee split. */

export interface BucketDefinition {
  readonly key: string;
  readonly label: string;
}

export interface SleeveDefinition {
  readonly key: 'conservative_yield' | 'agent_tokens';
  readonly label: string;
  readonly buckets: readonly BucketDefinition[];
}

export const SLEEVES: readonly SleeveDefinition[] = [
  {
    key: 'conservative_yield',
    label: 'Conservative yield',
    buckets: [
      { key: 'aave', label: 'Aave' },
      { key: 'morpho', label: 'Morpho' },
      { key: 'compound', label: 'Compound' },
      { key: 'sky', label: 'Sky' },
    ],
  },
  {
    key: 'agent_tokens',
    label: 'Agent tokens',
    buckets: [
      { key: 'service_token', label: 'Service token' },
      { key: 'juno', label: 'Juno' },
      { key: 'woon', label: 'Woon' },
      { key: 'peaq', label: 'Peaq' },
      { key: 'zyfai', label: 'Zyfai' },
      { key: 'giza', label: 'Giza' },
      { key: 'deus', label: 'DEUS' },
    ],
  },
];

export const UNALLOCATED_SLEEVE = { key: 'unallocated', label: 'Outside the sleeves' } as const;

export const SLEEVE_OF_BUCKET: ReadonlyMap<string, SleeveDefinition> = new Map(
  SLEEVES.flatMap((sleeve) => sleeve.buckets.map((bucket) => [bucket.key, sleeve] as const)),
);

/** The launch targets (95 / 5, equal within each sleeve); in force until an admin or the swarm sets one. */
export const DEFAULT_TARGET_WEIGHTS: ReadonlyArray<{ bucket: string; weight: number }> =
  SLEEVES.flatMap((sleeve) => {
    const share = sleeve.key === 'conservative_yield' ? 0.95 : 0.05;
    return sleeve.buckets.map((bucket) => ({
      bucket: bucket.key,
      weight: share / sleeve.buckets.length,
    }));
  });

/** How the 1% swap fee is split; the protocol's share funds buybacks and bought tokens are burned. */
export const FEE_SPLIT = {
  swapFeePercent: 1,
  shares: [
    { recipient: 'protocol', percent: 57, use: 'buybacks; tokens bought are burned' },
    { recipient: 'launchpad', percent: 40, use: 'launch platform fee' },
    { recipient: 'locker', percent: 3, use: 'liquidity locker fee' },
  ],
} as const;

/** Data-version names of the treasury datasets. */
export const TREASURY_DATASETS = {
  vault: 'treasury.vault',
  allocation: 'treasury.allocation',
  wallets: 'treasury.wallets',
  token: 'treasury.token',
  buybacks: 'treasury.buybacks',
} as const;

export const BUYBACK_INDEXER = 'buybacks';
