import { When } from '../../components/when.js';
import type { AllocationFramework, WalletSleeves } from '../../api/types/treasury.js';
import { ErrorView, Loading } from '../../components/async-view.js';
import { DRIFT_ALERT, gapPoints, indexPoints, pct, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { Term } from '../../components/term.js';

interface Row {
  key: string;
  label: string;
  target: number | null;
  actual: number;
  valueUsd: number;
  depth: 0 | 1;
}

function rows(framework: AllocationFramework, sleeves: WalletSleeves): Row[] {
  const total = sleeves.totals.reduce((sum, s) => sum + s.valueUsd, 0);
  const byBucket = new Map<string, number>();
  for (const wallet of sleeves.wallets) {
    for (const sleeve of wallet.sleeves) {
      for (const h of sleeve.holdings) {
        if (h.bucket !== null)
          byBucket.set(h.bucket, (byBucket.get(h.bucket) ?? 0) + (h.valueUsd ?? 0));
      }
    }
  }
  const share = (value: number) => (total > 0 ? value / total : 0);
  const result: Row[] = [];
  for (const sleeve of framework.sleeves) {
    const value = sleeves.totals.find((t) => t.key === sleeve.key)?.valueUsd ?? 0;
    result.push({
      key: sleeve.key,
      label: sleeve.label,
      target: sleeve.target,
      actual: share(value),
      valueUsd: value,
      depth: 0,
    });
    for (const bucket of sleeve.buckets) {
      const bucketValue = byBucket.get(bucket.key) ?? 0;
      result.push({
        key: `${sleeve.key}/${bucket.key}`,
        label: bucket.label,
        target: bucket.target,
        actual: share(bucketValue),
        valueUsd: bucketValue,
        depth: 1,
      });
    }
  }
  for (const extra of sleeves.totals.filter(
    (t) => !framework.sleeves.some((s) => s.key === t.key),
  )) {
    result.push({
      key: extra.key,
      label: extra.label,
      target: null,
      actual: share(extra.valueUsd),
      valueUsd: extra.valueUsd,
      depth: 0,
    });
  }
  return result;
}

export function AllocationSection() {
  const framework = useResource<AllocationFramework>('/api/dashboards/allocation');
  const sleeves = useResource<WalletSleeves>('/api/dashboards/wallet-sleeves');
  let body;
  if (framework.status === 'error')
    body = (
      <ErrorView error={framework.error} what="allocation targets" onRetry={framework.reload} />
    );
  else if (sleeves.status === 'error')
    body = <ErrorView error={sleeves.error} what="wallet sleeves" onRetry={sleeves.reload} />;
  else if (framework.status !== 'ready' || sleeves.status !== 'ready')
    body = <Loading what="allocation" />;
  else body = <AllocationTable framework={framework.data} sleeves={sleeves.data} />;
  return (
    <section id="allocation" class="card" data-testid="allocation">
      <h2>Allocation: target beside actual</h2>
      <p class="muted small">
        Targets are set by the admin and the swarm; the actual side is what the protocol wallets
        hold, grouped into the same <Term id="sleeve">sleeves</Term> and{' '}
        <Term id="bucket">buckets</Term>. The gap is actual minus target, in{' '}
        <Term id="points">points</Term>; beyond {indexPoints(DRIFT_ALERT)} it is flagged as{' '}
        <Term id="drift">drift</Term>.
      </p>
      {body}
    </section>
  );
}

function AllocationTable({
  framework,
  sleeves,
}: {
  framework: AllocationFramework;
  sleeves: WalletSleeves;
}) {
  return (
    <>
      <p class="meta small muted">
        Targets version {framework.version}, set by {framework.setBy.kind}
        {framework.setBy.sessionId !== null ? (
          <>
            {' '}
            in <a href={`/swarm/sessions/${framework.setBy.sessionId}`}>a swarm session</a>
          </>
        ) : null}
        {framework.asOf !== null ? (
          <>
            {' '}
            on <When iso={framework.asOf} />
          </>
        ) : null}
        {framework.note !== null ? ` · ${framework.note}` : ''}
      </p>
      <ScrollRegion label="Allocation: target vs actual">
        <table class="table cards" data-testid="allocation-table">
          <thead>
            <tr>
              <th>Sleeve / bucket</th>
              <th class="num">Target</th>
              <th class="num">Actual</th>
              <th class="num" data-primary>
                Gap
              </th>
              <th class="hide-phone">Target vs actual</th>
              <th class="num hide-phone">Held</th>
            </tr>
          </thead>
          <tbody>
            {rows(framework, sleeves).map((row) => {
              const gap = row.target === null ? null : row.actual - row.target;
              const alert = gap !== null && Math.abs(gap) > DRIFT_ALERT;
              return (
                <tr
                  key={row.key}
                  data-key={row.key}
                  class={row.depth === 1 ? 'sub-row' : 'group-row'}
                >
                  <td class="row-title">{row.label}</td>
                  <td class="num" data-label="Target">
                    {row.target === null ? 'no target' : pct(row.target)}
                  </td>
                  <td class="num" data-label="Actual">
                    {pct(row.actual)}
                  </td>
                  <td class={`num ${alert ? 'attention' : ''}`} data-label="Gap" data-primary>
                    {gapPoints(gap)}
                    {alert ? (
                      <>
                        {' '}
                        ⚠ <Term id="drift">drift</Term>
                      </>
                    ) : null}
                  </td>
                  <td class="hide-phone">
                    <span
                      class="compare-bar"
                      title={`target ${pct(row.target)}, actual ${pct(row.actual)}`}
                    >
                      <span class="bar money" style={{ width: `${row.actual * 100}%` }} />
                      {row.target !== null ? (
                        <span class="target-tick" style={{ left: `${row.target * 100}%` }} />
                      ) : null}
                    </span>
                  </td>
                  <td class="num hide-phone">{usdShort(row.valueUsd)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
