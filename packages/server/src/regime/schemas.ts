import { Type, type TSchema } from 'typebox';
import { RESEARCH_SERIES_FIELDS } from './model/research.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Label = Nullable(
  Type.Union([Type.Literal('risk_off'), Type.Literal('neutral'), Type.Literal('risk_on')], {
    description: 'risk_off < 0.33 ≤ neutral ≤ 0.67 < risk_on; null without a reading',
  }),
);
const Unit = Type.Number({ minimum: 0, maximum: 1 });

const panelFields = Object.fromEntries(
  (['macro', 'onchain', 'factor'] as const).flatMap((panel) => [
    [`${panel}Index`, Nullable(Unit)],
    [`${panel}Percentile`, Nullable(Unit)],
    [`${panel}Regime`, Label],
  ]),
) as Record<string, TSchema>;

const snapshotFields = {
  date: Type.String({ format: 'date' }),
  composite: Nullable(Type.Number({ description: 'mean of the finite panel indices, 0..1' })),
  compositePercentile: Nullable(
    Type.Number({ description: "composite's trailing 1,095-day percentile" }),
  ),
  regime: Label,
  ...panelFields,
  panelWeights: Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()), {
    description: 'weight in force per indicator, by panel',
  }),
  version: Type.String(),
  source: Type.String({ description: 'live or seed' }),
};

export const RegimeSnapshotSchema = Type.Object(snapshotFields);

const Cell = Type.Object({ rho: Nullable(Type.Number()), n: Type.Integer() });
const AssetCorrelation = Type.Object({
  forward30d: Cell,
  forward90d: Cell,
  forward180d: Cell,
  concurrent: Cell,
});

export const IndicatorReadingSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  panel: Type.String(),
  sources: Type.Array(Type.String()),
  unit: Type.String(),
  transform: Type.String(),
  sign: Type.Integer(),
  rawValue: Nullable(Type.Number()),
  rawDate: Nullable(Type.String({ format: 'date' })),
  transformedValue: Nullable(Type.Number()),
  percentile: Nullable(Type.Number()),
  signedPercentile: Nullable(Type.Number()),
  panelWeight: Type.Number(),
  forwardFillAgeDays: Nullable(Type.Integer()),
  forwardFillExpired: Type.Boolean(),
  sparkline: Type.Array(Type.Object({ date: Type.String(), value: Nullable(Type.Number()) }), {
    description: 'signed percentile at each of the last 24 month ends (a trend, not the window)',
  }),
});

export const BacktestSchema = Type.Object({
  portfolio: Type.String(),
  strategy: Type.String(),
  finalMultiple: Nullable(Type.Number()),
  cagr: Nullable(Type.Number()),
  cagrInSample: Nullable(Type.Number()),
  cagrOutOfSample: Nullable(Type.Number()),
  sharpe: Nullable(Type.Number()),
  maxDrawdown: Nullable(Type.Number()),
  trades: Type.Integer(),
  equityCurve: Type.Array(Type.Object({ date: Type.String(), value: Type.Number() })),
});

export const SeriesStatusSchema = Type.Object({
  key: Type.String(),
  source: Type.String(),
  provenance: Type.String(),
  lastObservation: Nullable(Type.String({ format: 'date' })),
  points: Type.Integer(),
  stale: Type.Boolean(),
  lastError: Nullable(Type.String()),
});

export const RegimeLatestSchema = Type.Object({
  ...snapshotFields,
  computedAt: Type.String({ format: 'date-time' }),
  indicators: Type.Array(IndicatorReadingSchema),
  backtest: Type.Array(BacktestSchema),
  correlations: Type.Record(Type.String(), Type.Record(Type.String(), AssetCorrelation)),
  bucketThresholds: Type.Object({
    riskOff: Type.String(),
    neutral: Type.String(),
    riskOn: Type.String(),
    riskOffBelow: Type.Number(),
    riskOnAbove: Type.Number(),
  }),
  series: Type.Array(SeriesStatusSchema),
});

export const RegimeSnapshotsResponse = Type.Object({
  latest: Nullable(RegimeLatestSchema),
  history: Type.Array(RegimeSnapshotSchema, {
    description: 'oldest first; the last row is latest',
  }),
});

export const RegimeRangeQuery = Type.Object({
  range: Type.Optional(
    Type.String({
      description:
        'days of history; default 180; integers are clamped to 1..3650; anything unparsable gives the default',
    }),
  ),
});

const Gauge = Type.Object({
  id: Type.String(),
  name: Type.String(),
  value: Nullable(Type.Number({ description: 'null = no reading, never 0' })),
  percentile: Nullable(Type.Number()),
  read: Nullable(Type.String()),
});
const Point = Type.Object({ date: Type.String(), value: Nullable(Type.Number()) });

export const ResearchSignalSchema = Type.Object({
  signalKey: Type.String(),
  date: Type.String({ format: 'date' }),
  computedAt: Type.String({ format: 'date-time' }),
  source: Type.String(),
  payload: Type.Object({
    asOf: Type.String(),
    title: Type.String(),
    question: Type.String(),
    spec: Type.String(),
    summary: Type.Object(
      { score: Nullable(Type.Number()), read: Nullable(Type.String()), text: Type.String() },
      { additionalProperties: true },
    ),
    gauges: Type.Array(Gauge),
    indicators: Type.Record(
      Type.String(),
      Type.Object({
        name: Type.String(),
        definition: Type.String(),
        unit: Type.String(),
        median8y: Nullable(Type.Number()),
      }),
    ),
    series: Type.Record(
      Type.String(),
      Type.Array(
        Type.Object({
          date: Type.String(),
          value: Nullable(Type.Number()),
          percentile: Nullable(Type.Number()),
        }),
      ),
    ),
    btc_price: Type.Array(Point, { description: '3,168 daily points' }),
    qqq_price: Type.Array(Point, {
      description: '3,168 daily points (last close carried over non-trading days)',
    }),
  }),
});

/** The research signal without its daily series: what a summary view shows (gauges, read, text). */
export const ResearchSignalSummarySchema = Type.Object({
  ...Type.Omit(ResearchSignalSchema, ['payload']).properties,
  payload: Type.Omit(ResearchSignalSchema.properties.payload, [...RESEARCH_SERIES_FIELDS]),
});

export const ResearchKeyParams = Type.Object({ key: Type.String() });
