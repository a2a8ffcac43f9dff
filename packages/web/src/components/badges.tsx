import type { ComponentChildren } from 'preact';
import { When } from './when.js';
import type { Provenance } from '../api/types/treasury.js';
import type { RegimeLabel } from '../api/types/regime.js';

const PROVENANCE_HELP: Record<Provenance, string> = {
  live: 'read from the chain or source just now',
  stub: 'placeholder: no price source yet',
  stale: 'last good read is older than the refresh interval',
  seed: 'demo or seed value, not read live',
  backfilled: 'reconstructed after the fact',
};

export function ProvenanceBadge(props: { provenance: Provenance }) {
  const estimate = props.provenance !== 'live';
  return (
    <span
      class={`badge prov-${props.provenance}`}
      title={`${props.provenance}: ${PROVENANCE_HELP[props.provenance]}${estimate ? ' (an estimate)' : ''}`}
    >
      {props.provenance}
    </span>
  );
}

/** "as of … ago" plus a stale warning when the server says the read is old. */
export function Freshness(props: { asOf: string | null; stale: boolean }) {
  return (
    <span class="freshness">
      <span class="muted small" title={props.asOf ?? 'never read'}>
        as of <When iso={props.asOf} as="ago" />
      </span>
      {props.stale ? (
        <span class="badge attention" title="older than the refresh interval">
          stale
        </span>
      ) : null}
    </span>
  );
}

const REGIME_TEXT: Record<RegimeLabel, string> = {
  risk_on: 'risk-on',
  neutral: 'neutral',
  risk_off: 'risk-off',
};

export function RegimeChip(props: { regime: RegimeLabel | null }) {
  if (props.regime === null) return <span class="badge">no reading</span>;
  return <span class={`badge regime-${props.regime}`}>{REGIME_TEXT[props.regime]}</span>;
}

export function Chip(props: {
  tone?: 'good' | 'warn' | 'bad' | 'info' | 'dim';
  text: string;
  title?: string;
}) {
  return (
    <span class={`badge tone-${props.tone ?? 'dim'}`} title={props.title}>
      {props.text}
    </span>
  );
}

export function Stat(props: {
  label: ComponentChildren;
  value: ComponentChildren;
  hint?: ComponentChildren;
  testId?: string;
}) {
  return (
    <div class="stat" data-testid={props.testId}>
      <div class="stat-label">{props.label}</div>
      <div class="stat-value">{props.value}</div>
      {props.hint !== undefined ? <div class="stat-hint muted small">{props.hint}</div> : null}
    </div>
  );
}

/** A 0..1 gauge bar with a marker; `tone` picks the attention colour above 0.7 when asked. */
export function GaugeBar(props: { value: number | null; label: string; warnAbove?: number }) {
  if (props.value === null) return <span class="muted small">no reading</span>;
  const clamped = Math.max(0, Math.min(1, props.value));
  const warn = props.warnAbove !== undefined && clamped >= props.warnAbove;
  return (
    <div
      class="gauge"
      role="meter"
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={clamped}
      aria-label={props.label}
    >
      <div class={`gauge-fill ${warn ? 'warn' : ''}`} style={{ width: `${clamped * 100}%` }} />
    </div>
  );
}
