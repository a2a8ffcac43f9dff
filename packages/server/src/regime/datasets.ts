/** Data-version names of the regime datasets (bumped in the transaction that writes them). */
export const REGIME_DATASETS = {
  snapshots: 'regime.snapshots',
  research: 'regime.research',
} as const;
