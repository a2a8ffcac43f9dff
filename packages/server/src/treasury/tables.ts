export type Provenance = 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';

/** Where the treasury's columns are narrower than the database's types (db/columns.generated.ts). */
export interface TreasuryColumns {
  vault_reading: { provenance: Provenance };
  vault_adapter_reading: { provenance: Provenance };
  allocation_target: {
    set_by_kind: 'admin' | 'swarm' | 'default';
    weights: Array<{ bucket: string; weight: number }>;
  };
  wallet_holding: { provenance: Provenance };
  wallet_value_snapshot: { provenance: Provenance };
  token_reading: { provenance: Provenance };
  buyback: { provenance: Provenance };
}
