import { When } from '../../components/when.js';
import type { ReferenceAllocation, SessionDetail, SubjectSnapshot } from '../../api/types/swarm.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import {
  DASH,
  DRIFT_ALERT,
  gapPoints,
  indexPoints,
  label,
  pct,
  sig,
  usd,
} from '../../lib/format.js';
import { Hash } from '../../components/hash.js';
import { Term } from '../../components/term.js';

/** The holdings snapshot a session reasoned over (or a subject's latest one). */
export function SnapshotTable({ snapshot }: { snapshot: SubjectSnapshot }) {
  return (
    <>
      <p class="small muted">
        taken <When iso={snapshot.takenAt} /> · total{' '}
        <strong data-testid="snapshot-total">{usd(snapshot.totalUsd)}</strong> ·{' '}
        {snapshot.holdings.length} holding(s)
      </p>
      {snapshot.holdings.length === 0 ? (
        <p class="muted">The snapshot holds no positions.</p>
      ) : (
        <ScrollRegion label="Holdings snapshot">
          <table class="table compact" data-testid="snapshot-holdings">
            <caption>
              Holdings at <When iso={snapshot.takenAt} />
            </caption>
            <thead>
              <tr>
                <th scope="col">Asset</th>
                <th scope="col">
                  <Term id="bucket">Bucket</Term>
                </th>
                <th scope="col" class="num">
                  Amount
                </th>
                <th scope="col" class="num" data-primary>
                  Value
                </th>
                <th scope="col" class="num">
                  Share
                </th>
                <th scope="col" class="hide-phone">
                  Wallet
                </th>
              </tr>
            </thead>
            <tbody>
              {snapshot.holdings.map((h, i) => (
                <tr key={`${h.wallet}-${h.asset}-${i}`}>
                  <td>{h.asset}</td>
                  <td>{h.bucket === null ? DASH : label(h.bucket)}</td>
                  <td class="num">{sig(h.amount)}</td>
                  <td class="num" data-primary>
                    {usd(h.valueUsd)}
                  </td>
                  <td class="num">{pct(h.share)}</td>
                  <td class="hide-phone small">
                    <Hash value={h.wallet} what="wallet address" explorer="address" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {snapshot.notable.length > 0 ? (
        <ul class="small">
          {snapshot.notable.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export interface BucketRow {
  bucket: string;
  target: number | null;
  actual: number | null;
  recommended: number | null;
  /** actual − target, as on the treasury allocation table. */
  gap: number | null;
  drift: boolean;
}

/** Per bucket: the brief's target, the snapshot's actual share, the swarm's weight and the gap. */
export function bucketRows(
  reference: ReferenceAllocation | null,
  snapshot: SubjectSnapshot | null,
  weights: ReadonlyArray<{ bucket: string; weight: number }>,
): BucketRow[] {
  const actual = new Map<string, number>();
  const total = snapshot?.totalUsd ?? null;
  if (snapshot !== null && total !== null && total > 0) {
    for (const h of snapshot.holdings) {
      if (h.bucket !== null && h.valueUsd !== null)
        actual.set(h.bucket, (actual.get(h.bucket) ?? 0) + h.valueUsd / total);
    }
  }
  const target = new Map((reference?.buckets ?? []).map((b) => [b.bucket, b.weight]));
  const recommended = new Map(weights.map((w) => [w.bucket, w.weight]));
  const buckets = [...new Set([...target.keys(), ...recommended.keys(), ...actual.keys()])];
  return buckets.map((bucket) => {
    const t = target.get(bucket) ?? null;
    const a = snapshot === null ? null : (actual.get(bucket) ?? 0);
    const gap = t === null || a === null ? null : a - t;
    return {
      bucket,
      target: t,
      actual: a,
      recommended: recommended.get(bucket) ?? null,
      gap,
      drift: gap !== null && Math.abs(gap) > DRIFT_ALERT,
    };
  });
}

export function BucketComparison(props: {
  session: SessionDetail;
  snapshot: SubjectSnapshot | null;
  /** The recommended weights shown: the verified receipt's when there is one (the headline's). */
  recommended: ReadonlyArray<{ bucket: string; weight: number }>;
}) {
  const reference = props.session.referenceAllocation;
  const rows = bucketRows(reference, props.snapshot, props.recommended);
  if (rows.length === 0)
    return <p class="muted">No targets, holdings or bucket weights to compare for this session.</p>;
  return (
    <ScrollRegion label="Target, actual, recommended and gap per bucket">
      <table class="table compact" data-testid="bucket-comparison">
        <caption>
          Per bucket: the target the brief carried
          {reference !== null ? ` (framework v${reference.version})` : ''}, the actual share in the
          snapshot, the swarm&apos;s recommended weight, and the gap (actual minus target; beyond{' '}
          {indexPoints(DRIFT_ALERT)} it is flagged as <Term id="drift">drift</Term>).
        </caption>
        <thead>
          <tr>
            <th scope="col">Bucket</th>
            <th scope="col" class="num">
              Target
            </th>
            <th scope="col" class="num">
              Actual
            </th>
            {/* On a phone the recommended weights are read in the recommendation vector above. */}
            <th scope="col" class="num hide-phone">
              Recommended
            </th>
            <th scope="col" class="num" data-primary>
              Gap, <Term id="points">pt</Term>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.bucket} data-bucket={row.bucket}>
              <td>{label(row.bucket)}</td>
              <td class="num">{pct(row.target)}</td>
              <td class="num">{pct(row.actual)}</td>
              <td class="num hide-phone">{pct(row.recommended)}</td>
              <td class={`num ${row.drift ? 'attention' : ''}`} data-primary>
                {gapPoints(row.gap)}
                {row.drift ? (
                  <>
                    {' '}
                    ⚠ <Term id="drift">drift</Term>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The sleeve targets a brief carried: the allocation framework in force when the session convened. */
export function BriefTargets({ reference }: { reference: ReferenceAllocation | null }) {
  if (reference === null) return null;
  return (
    <div data-testid="brief-sleeve-targets">
      <p class="small">
        <Term id="sleeve">Sleeve</Term> targets this brief carried: allocation framework version{' '}
        {reference.version}, set by {reference.setBy}
        {reference.asOf !== null ? (
          <>
            {' '}
            on <When iso={reference.asOf} />
          </>
        ) : null}
        .
      </p>
      <ul class="inline-list small">
        {reference.sleeves.map((sleeve) => (
          <li key={sleeve.key} data-sleeve={sleeve.key}>
            {label(sleeve.key)} <strong>{pct(sleeve.target)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
