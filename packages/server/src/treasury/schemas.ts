import { Type, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const ProvenanceSchema = Type.Union(
  [
    Type.Literal('live'),
    Type.Literal('stub'),
    Type.Literal('stale'),
    Type.Literal('seed'),
    Type.Literal('backfilled'),
  ],
  { description: 'anything but live is an estimate' },
);
const Instant = Type.String({ format: 'date-time' });

export const VaultEconomicsSchema = Type.Object({
  asOf: Instant,
  stale: Type.Boolean({ description: 'the read is older than TREASURY_REFRESH_SECONDS' }),
  source: Type.String(),
  provenance: ProvenanceSchema,
  vaultAddress: Type.String(),
  tvlUsd: Type.Number({
    description: "the service's own vault TVL (not the analytics vaultTvlUsd)",
  }),
  sharePrice: Type.Number(),
  totalShares: Type.Number(),
  depositCapUsd: Nullable(Type.Number()),
  idleUsd: Type.Number(),
  adapters: Type.Array(
    Type.Object({
      name: Type.String(),
      protocol: Type.String(),
      address: Type.String(),
      balanceUsd: Type.Number(),
      share: Type.Number(),
      provenance: ProvenanceSchema,
    }),
    { minItems: 3, maxItems: 3 },
  ),
  apy: Type.Object({
    apy7d: Nullable(Type.Number()),
    apy30d: Nullable(Type.Number()),
    basis: Type.String(),
  }),
});

const SetBy = Type.Object({
  kind: Type.Union([Type.Literal('admin'), Type.Literal('swarm'), Type.Literal('default')]),
  sessionId: Nullable(Type.String()),
});

export const AllocationFrameworkSchema = Type.Object({
  asOf: Nullable(Instant),
  version: Type.Integer(),
  setBy: SetBy,
  note: Nullable(Type.String()),
  sleeves: Type.Array(
    Type.Object({
      key: Type.String(),
      label: Type.String(),
      target: Type.Number(),
      buckets: Type.Array(
        Type.Object({
          key: Type.String(),
          label: Type.String(),
          target: Type.Number(),
          withinSleeve: Type.Number(),
        }),
      ),
    }),
  ),
  history: Type.Array(
    Type.Object({
      version: Type.Integer(),
      setAt: Instant,
      setBy: SetBy,
      sleeves: Type.Record(Type.String(), Type.Number()),
    }),
  ),
});

export const AllocationInputSchema = Type.Object(
  {
    weights: Type.Array(
      Type.Object({ bucket: Type.String({ maxLength: 100 }), weight: Type.Number() }),
      {
        minItems: 1,
        maxItems: 100,
      },
    ),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

const Holding = Type.Object({
  asset: Type.String(),
  assetAddress: Nullable(Type.String()),
  bucket: Nullable(Type.String()),
  sleeve: Type.String(),
  amount: Type.Number(),
  priceUsd: Nullable(Type.Number()),
  valueUsd: Nullable(Type.Number()),
  provenance: ProvenanceSchema,
  asOf: Instant,
});

export const WalletBalancesSchema = Type.Object({
  asOf: Nullable(Instant),
  totalUsd: Type.Number(),
  wallets: Type.Array(
    Type.Object({
      name: Type.String(),
      address: Type.String(),
      type: Type.String(),
      trackedSince: Type.String({ format: 'date' }),
      totalUsd: Type.Number(),
      holdings: Type.Array(Holding),
    }),
  ),
  history: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      totalUsd: Type.Number(),
      provenance: ProvenanceSchema,
    }),
    {
      description:
        'daily totals; days without a persisted snapshot are absent (never interpolated)',
    },
  ),
  historyProvenance: Type.Record(Type.String(), Type.Integer()),
});

const SleeveGroup = {
  key: Type.String(),
  label: Type.String(),
  valueUsd: Type.Number(),
  share: Type.Number(),
};

export const WalletSleevesSchema = Type.Object({
  wallets: Type.Array(
    Type.Object({
      name: Type.String(),
      address: Type.String(),
      type: Type.String(),
      totalUsd: Type.Number(),
      sleeves: Type.Array(Type.Object({ ...SleeveGroup, holdings: Type.Array(Holding) })),
    }),
  ),
  totals: Type.Array(Type.Object(SleeveGroup)),
});

/** The token's key is configured (TOKEN_KEY), so the schema is built per app. */
export function tokenMetricsSchema(tokenKey: string) {
  const schema = Type.Object({
    [tokenKey]: Type.Object({
      priceUsd: Nullable(Type.Number({ description: 'spot price in USD (live service name)' })),
      totalSupply: Nullable(Type.Number()),
      marketCapUsd: Nullable(
        Type.Number({
          description: 'market cap on the layer-2 network in USD (live service name)',
        }),
      ),
      asOf: Instant,
      stale: Type.Boolean(),
      source: Type.String(),
      provenance: ProvenanceSchema,
    }),
    feeSplit: Type.Object({
      swapFeePercent: Type.Number(),
      shares: Type.Array(
        Type.Object({ recipient: Type.String(), percent: Type.Number(), use: Type.String() }),
      ),
    }),
  });
  return Type.Unsafe<Record<string, unknown>>(schema);
}

/** Field of a buyback row holding the tokens acquired: the live service's `<token>Received`. */
export const receivedField = (tokenKey: string): string => `${tokenKey.toLowerCase()}Received`;

/**
 * Buyback rows carry the live service's field names (date, tx, wethSpent, valueUsd,
 * `<token>Received`), so clients written for it read them unchanged; the token key is configured
 * (TOKEN_KEY), so the schema is built per app.
 */
export function buybacksSchema(tokenKey: string) {
  return Type.Object({
    asOf: Nullable(Instant),
    source: Nullable(Type.String()),
    stale: Type.Boolean({
      description: 'the indexer has not caught up within TREASURY_REFRESH_SECONDS',
    }),
    lastError: Nullable(Type.String()),
    rows: Type.Array(
      Type.Object({
        date: Type.String({ format: 'date' }),
        tx: Type.String({ description: 'transaction hash' }),
        wethSpent: Type.Number({ description: 'amount spent, in spentAsset (WETH)' }),
        spentAsset: Type.String(),
        [receivedField(tokenKey)]: Type.Number({ description: 'tokens acquired (and burned)' }),
        valueUsd: Nullable(Type.Number()),
        provenance: ProvenanceSchema,
      }),
    ),
    totals: Type.Object({
      count: Type.Integer(),
      tokensAcquired: Type.Number(),
      valueUsd: Type.Number(),
    }),
  });
}
