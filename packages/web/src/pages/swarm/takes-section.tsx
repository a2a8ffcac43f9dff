import { parseCanonicalTake } from '@convene/protocol';
import { When } from '../../components/when.js';
import type { SessionTake } from '../../api/types/swarm.js';
import { pct } from '../../lib/format.js';
import { StanceChip } from './shared.js';
import { useTakeCheck } from './verification.js';
import { Term } from '../../components/term.js';

export function TakeCheckMark({ take }: { take: Parameters<typeof useTakeCheck>[0] }) {
  const check = useTakeCheck(take);
  if (check.state === 'checking')
    return (
      <span class="muted" title="verifying in your browser">
        …
      </span>
    );
  return check.ok ? (
    <span class="verified" title="signature verified in your browser" data-testid="take-verified">
      ✓
    </span>
  ) : (
    <span class="not-verified" title={check.reasons.join('; ')} data-testid="take-not-verified">
      ✗ {check.reasons[0]}
    </span>
  );
}

/** Stance and confidence as the member signed them (the row's mark says whether the service agrees). */
function SignedFigures({ take }: { take: SessionTake }) {
  const signed = parseCanonicalTake(take.canonical);
  if (signed === null) return <span class="not-verified small">unreadable signed text</span>;
  return (
    <>
      <StanceChip stance={signed.stance} />{' '}
      <span class="small">confidence {pct(signed.confidence, 0)}</span>
    </>
  );
}

function WeightsList({ weights }: { weights: SessionTake['weights'] | undefined }) {
  if (weights === undefined || weights === null || weights.length === 0)
    return <span class="muted small">no weights</span>;
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  return (
    <span class="small">
      <Term id="normalised-weights">Normalised weights</Term>:{' '}
      {weights.map((w) => `${w.bucket} ${pct(total > 0 ? w.weight / total : 0)}`).join(' · ')}
    </span>
  );
}

/** Members × (stance, confidence, weights): the comparison grid, each row verified here. */
export function TakesSection({ takes }: { takes: SessionTake[] }) {
  const sorted = [...takes].sort(
    (a, b) =>
      (a.handle ?? a.memberId).localeCompare(b.handle ?? b.memberId) || b.revision - a.revision,
  );
  return (
    <section class="card" data-testid="takes">
      <h2>Takes ({takes.filter((t) => t.counted).length} counted)</h2>
      {sorted.length === 0 ? <p class="muted">No takes filed yet.</p> : null}
      {sorted.map((take) => (
        <article key={take.id} class={`take ${take.counted ? '' : 'superseded'}`}>
          <div class="row-between">
            <div>
              <a href={`/swarm/members/${take.memberId}`}>{take.handle ?? take.memberId}</a>{' '}
              <SignedFigures take={take} />{' '}
              <span class="muted small">
                rev {take.revision}
                {take.counted ? '' : ' · not counted'}
              </span>
            </div>
            <div class="small">
              <TakeCheckMark take={take} /> <a href={`/swarm/takes/${take.id}`}>receipt</a>
            </div>
          </div>
          <WeightsList weights={parseCanonicalTake(take.canonical)?.weights ?? null} />
          {take.body !== '' ? (
            <details>
              <summary class="small">
                Take text · filed <When iso={take.receivedAt} />
              </summary>
              <p class="text-body">{take.body}</p>
            </details>
          ) : null}
        </article>
      ))}
    </section>
  );
}
