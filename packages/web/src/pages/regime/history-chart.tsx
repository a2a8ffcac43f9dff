import { useMemo } from 'preact/hooks';
import type { RegimeSnapshot } from '../../api/types/regime.js';
import { TimeChart, type ChartSpec } from '../../components/time-chart.js';
import { dayToSeconds } from '../../lib/format.js';
import { PALETTE } from '../../components/palette.js';

export const REGIME_BANDS = [
  { from: 0, to: 0.33, color: 'rgba(245,158,11,0.10)' },
  { from: 0.67, to: 1, color: 'rgba(34,211,238,0.10)' },
];

export function HistoryChart({ history }: { history: RegimeSnapshot[] }) {
  const spec = useMemo<ChartSpec>(
    () => ({
      title:
        'Composite and panel indices (amber band: risk-off below 0.33; cyan band: risk-on above 0.67)',
      x: history.map((h) => dayToSeconds(h.date)),
      series: [
        {
          label: 'composite',
          values: history.map((h) => h.composite),
          color: PALETTE.cyan,
          width: 2.5,
        },
        {
          label: 'macro',
          values: history.map((h) => h.macroIndex),
          color: PALETTE.violet,
          width: 1,
        },
        {
          label: 'on-chain',
          values: history.map((h) => h.onchainIndex),
          color: PALETTE.blue,
          width: 1,
        },
        {
          label: 'factor',
          values: history.map((h) => h.factorIndex),
          color: PALETTE.pink,
          width: 1,
        },
      ],
      yRange: [0, 1],
      yUnit: 'index, 0–1',
      bands: REGIME_BANDS,
      rules: [
        { value: 0.33, color: 'rgba(245,158,11,0.6)' },
        { value: 0.67, color: 'rgba(34,211,238,0.6)' },
      ],
      height: 300,
    }),
    [history],
  );
  return <TimeChart spec={spec} testId="regime-history-chart" />;
}
