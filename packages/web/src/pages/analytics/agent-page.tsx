import { useMemo } from 'preact/hooks';
import type { AgentDetail } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Chip, Stat } from '../../components/badges.js';
import { TimeChart, type ChartSpec } from '../../components/time-chart.js';
import { countOf, dayToSeconds, outOf100, usd } from '../../lib/format.js';
import { safeHref } from '../../lib/safe-url.js';
import { useResource } from '../../lib/use-resource.js';
import { AnalyticsFrame, AsOf, EvidenceChips, StatusChip } from './shared.js';
import { titleOf } from '../../lib/document-title.js';
import { Hash } from '../../components/hash.js';
import { PALETTE } from '../../components/palette.js';
import { Term } from '../../components/term.js';
import { Measured } from '../../components/measured.js';

export function AgentPage({ params }: { params: { id: string } }) {
  const agent = useResource<AgentDetail>(`/api/dashboards/agents/${encodeURIComponent(params.id)}`);
  return (
    <AnalyticsFrame title="Agent dossier" documentTitle={titleOf(agent, 'Agent', (a) => a.name)}>
      <Async resource={agent} what="agent">
        {(a) => <AgentBody agent={a} />}
      </Async>
    </AnalyticsFrame>
  );
}

function AgentBody({ agent: a }: { agent: AgentDetail }) {
  const chart = useMemo<ChartSpec>(
    () => ({
      title: 'Weekly revenue and x402 volume (26 weeks)',
      x: a.weekly.map((w) => dayToSeconds(w.weekStart)),
      series: [
        {
          label: 'revenue',
          values: a.weekly.map((w) => w.revenueUsd),
          color: PALETTE.green,
          fill: 'rgba(34,197,94,0.15)',
        },
        { label: 'x402 volume', values: a.weekly.map((w) => w.x402VolumeUsd), color: PALETTE.cyan },
        {
          label: 'wallet balance',
          values: a.weekly.map((w) => w.walletBalanceUsd),
          color: PALETTE.violet,
          scale: 'y2',
        },
      ],
      yFormat: 'usd',
      yUnit: 'revenue, volume, USD',
      y2Format: 'usd',
      y2Unit: 'wallet balance, USD',
      height: 240,
    }),
    [a],
  );
  return (
    <>
      <section class="card" data-testid="agent-detail">
        <h2>
          {a.name} <Chip tone={a.status === 'active' ? 'good' : 'dim'} text={a.status} />{' '}
          <AsOf stale={a.stale} refreshedAt={a.refreshedAt} />
        </h2>
        <p class="muted">{a.description ?? 'No description.'}</p>
        <p class="small">
          {a.protocol ?? 'no protocol'} ·{' '}
          {safeHref(a.site) !== null ? (
            <a href={safeHref(a.site)!} rel="noopener noreferrer nofollow">
              {a.site}
            </a>
          ) : (
            (a.site ?? 'no site')
          )}{' '}
          · {a.twitter ?? 'no twitter'}
          {a.projectSlug !== null ? (
            <>
              {' '}
              · project <a href={`/analytics/projects/${a.projectSlug}`}>{a.projectSlug}</a>
            </>
          ) : null}
          {a.walletAddress !== null ? (
            <span>
              {' '}
              · <Hash value={a.walletAddress} what="wallet address" />
            </span>
          ) : null}
        </p>
        <div class="stats">
          <Stat
            label={<Term id="signal-score" />}
            value={<Measured value={a.signal.signalScore} unit="points" />}
            hint={`rank ${a.signal.rank} · ${a.signal.confidence} confidence`}
          />
          <Stat
            label={<Term id="directory-score" />}
            value={<Measured value={a.score} unit="of-100" />}
          />
          <Stat
            label="Revenue 30d"
            value={usd(a.revenue.revenue30dUsd)}
            hint={`cumulative ${usd(a.revenue.cumulativeUsd)}`}
          />
          <Stat label="Wallet balance" value={usd(a.walletBalanceUsd)} />
          <Stat
            label="x402"
            value={usd(a.x402.volumeUsd)}
            hint={`${countOf(a.x402.transactions, 'tx', 'tx')} · ${countOf(a.x402.resources, 'resource')}`}
          />
          <Stat
            label={<Term id="productivity" />}
            value={<Measured value={a.productivity.score} unit="of-100" />}
            hint={`recency ${outOf100(a.productivity.recency)}`}
          />
        </div>
        <p>
          Evidence: <StatusChip status={a.signal.evidenceStatus} />{' '}
          <EvidenceChips evidence={a.evidence} />
        </p>
        <TimeChart spec={chart} testId="agent-chart" />
      </section>
      <div class="grid-2">
        <section class="card">
          <h3>Why included</h3>
          <ul>
            {a.whyIncluded.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <h3>Open gaps</h3>
          {a.openGaps.length === 0 ? (
            <p class="muted">None.</p>
          ) : (
            <ul>
              {a.openGaps.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </section>
        <section class="card">
          <h3>Trust</h3>
          <ul>
            <li>source confidence: {a.trust.sourceConfidence ?? 'unrated'}</li>
            <li>operator verified: {a.trust.operatorVerified ? 'yes' : 'no'}</li>
            <li>
              code public: {a.trust.codePublic ? 'yes' : 'no'} · audited:{' '}
              {a.trust.audited ? 'yes' : 'no'}
            </li>
            <li>known incidents: {a.trust.incidents}</li>
            <li>verified evidence legs: {a.trust.verifiedLegs} of 6</li>
          </ul>
          <h3>Managed vaults</h3>
          {a.managedVaults.length === 0 ? (
            <p class="muted">None.</p>
          ) : (
            <ul>
              {a.managedVaults.map((v) => (
                <li key={v.id}>
                  <a href={`/analytics/vaults/${v.id}`}>{v.name}</a> · {usd(v.tvlUsd)}
                </li>
              ))}
            </ul>
          )}
          <h3>Tracked wallets</h3>
          {a.trackedWallets.length === 0 ? (
            <p class="muted">None.</p>
          ) : (
            <ul>
              {a.trackedWallets.map((w) => (
                <li key={w.id}>
                  <a href={`/analytics/wallets/${w.id}`}>{w.label}</a> · {w.chain} ·{' '}
                  {usd(w.balanceUsd)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
