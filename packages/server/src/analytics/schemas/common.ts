import { Type, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Usd = (description: string) => Type.Number({ description: `${description} (USD)` });
export const NullableUsd = (description: string) => Nullable(Usd(description));
export const Pct = (description: string) =>
  Nullable(Type.Number({ description: `${description} (percent)` }));
export const IsoTime = (description: string) => Type.String({ format: 'date-time', description });
export const IsoDate = Type.String({ format: 'date', description: 'UTC date YYYY-MM-DD' });
export const Uuid = Type.String({ format: 'uuid' });

export const GeneratedAt = IsoTime('when this body was computed (server clock)');

/** Every dataset row: when its source last refreshed it and whether that is too long ago. */
export const Freshness = {
  refreshedAt: IsoTime('when the source last refreshed this row'),
  stale: Type.Boolean({
    description:
      'true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h)',
  }),
};

export const SparklineWeeks = Type.Array(IsoDate, {
  description:
    'Monday of each of the 26 sparkline weeks, oldest first; the last is the current week',
});
export const Sparkline = (what: string) =>
  Type.Array(Nullable(Type.Number()), {
    description: `26 weekly values of ${what}, aligned with sparklineWeeks; null where no observation exists`,
  });

export const Ref = Type.Object(
  { id: Uuid, name: Type.String() },
  { description: 'a linked entity: follow id to its detail route' },
);

export const Paging = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 5000, description: 'rows to return (default: all)' }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, description: 'rows to skip (default 0)' })),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
      description: 'sort direction (default desc; asc for name)',
    }),
  ),
  search: Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches',
    }),
  ),
};

export const IdParams = Type.Object({ id: Type.String({ description: 'UUID' }) });
