export type RegimeLabel = 'risk_off' | 'neutral' | 'risk_on';

export const REGIME_THRESHOLDS = { riskOffBelow: 0.33, riskOnAbove: 0.67 } as const;

/**
 * The spec's label from a 0..1 reading: `risk_off` strictly below 0.33, `risk_on` strictly above 0.67,
 * `neutral` from 0.33 to 0.67 inclusive (so exactly 0.33 and exactly 0.67 are neutral); null when
 * there is no reading.
 */
export function classifyRegime(value: number): RegimeLabel | null {
  if (!Number.isFinite(value)) return null;
  if (value < REGIME_THRESHOLDS.riskOffBelow) return 'risk_off';
  if (value > REGIME_THRESHOLDS.riskOnAbove) return 'risk_on';
  return 'neutral';
}
