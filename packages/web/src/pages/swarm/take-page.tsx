import { SubjectName } from './subject-name.js';
import { When } from '../../components/when.js';
import { useMemo } from 'preact/hooks';
import type { Memo, TakeReceipt } from '../../api/types/swarm.js';
import { Async } from '../../components/async-view.js';
import { day, label, pct, sig } from '../../lib/format.js';
import { Term } from '../../components/term.js';
import { useResource } from '../../lib/use-resource.js';
import { StanceChip, SwarmFrame } from './shared.js';
import { titleOf } from '../../lib/document-title.js';
import { parseCanonicalTake } from '@convene/protocol';
import { checkTakeInLog, type LogCheckLine } from '../log/log-check.js';
import { PlacedLines, tally, useLogCheck } from '../log/log-lines.js';
import { takeSignatureLines } from './verification.js';

export function TakePage({ params }: { params: { id: string } }) {
  const take = useResource<TakeReceipt>(`/api/swarm/takes/${encodeURIComponent(params.id)}`);
  return (
    <SwarmFrame
      title="Take receipt"
      documentTitle={titleOf(
        take,
        'Take receipt',
        (t) =>
          `${day(t.date)} ${parseCanonicalTake(t.canonical)?.stance ?? 'unreadable take'} by @${t.signer.handle ?? t.memberId.slice(0, 8)} r${t.revision}`,
      )}
    >
      <Async resource={take} what="take">
        {(t) => <TakeBody take={t} />}
      </Async>
    </SwarmFrame>
  );
}

/** Every check of the take, in one list: its own signature and fields, then the log's. */
async function takeChecks(take: TakeReceipt): Promise<LogCheckLine[]> {
  const [own, log] = await Promise.all([takeSignatureLines(take), checkTakeInLog(take)]);
  return [...own, ...log];
}

function TakeBody({ take: t }: { take: TakeReceipt }) {
  const lines = useLogCheck(() => takeChecks(t), `${t.id}:${t.logIndex}`);
  // What the member signed: the page shows these, never the service's copy of them.
  const signed = useMemo(() => parseCanonicalTake(t.canonical), [t.canonical]);
  const failed = lines?.some((line) => line.state === 'failed') ?? false;
  return (
    <section class="card" data-testid="take-receipt">
      {t.supersededBy !== null ? (
        <p class="notice attention">
          Superseded by{' '}
          <a href={`/swarm/takes/${t.supersededBy.id}`}>revision {t.supersededBy.revision}</a> filed{' '}
          <When iso={t.supersededBy.receivedAt} />.
        </p>
      ) : null}
      {signed === null ? (
        <h2 data-testid="take-signed-heading">
          <span class="not-verified">the signed text is not a readable take</span>{' '}
          <span class="muted small">revision {t.revision}</span>
        </h2>
      ) : (
        <h2 data-testid="take-signed-heading">
          <StanceChip stance={signed.stance} /> confidence {pct(signed.confidence, 0)}{' '}
          <span class="muted small">revision {t.revision} · as signed</span>
        </h2>
      )}
      <p
        class={`big ${lines === null ? 'muted' : failed ? 'not-verified' : 'verified'}`}
        data-testid="take-check"
        data-state={lines === null ? 'checking' : failed ? 'failed' : 'passed'}
      >
        {tally(lines)}
      </p>
      {t.verified ? null : (
        <p class="notice attention" data-testid="take-unverified">
          The service reports this take as not verified:{' '}
          {(t.unverifiedReasons ?? []).map((r) => r.message).join('; ')}
        </p>
      )}
      <PlacedLines
        lines={lines}
        testId="take-log"
        summary={<>Signature and transparency log: index {t.logIndex ?? '—'}</>}
      />
      <p>
        Signed by{' '}
        <a href={`/swarm/members/${t.signer.id}`}>
          {t.signer.name ?? t.signer.handle ?? t.signer.id}
        </a>
        <span class="muted small"> @{t.signer.handle ?? '—'}</span> in{' '}
        <a href={`/swarm/sessions/${t.sessionId}`}>
          session <When iso={t.date} as="day" /> · <SubjectName id={t.subjectId} />
        </a>
        , filed <When iso={t.receivedAt} />.
      </p>
      <p class="small muted mono">
        member {t.memberId} · key {t.publicKey ?? '—'} · fingerprint{' '}
        {t.signer.publicKeyFingerprint ?? '—'}
      </p>
      {signed !== null && signed.body !== undefined && signed.body !== '' ? (
        <p class="text-body">{signed.body}</p>
      ) : null}
      {signed?.weights !== undefined && signed.weights !== null ? (
        <SignedWeights weights={signed.weights} />
      ) : null}
      {signed?.memoUrl !== undefined && signed.memoUrl !== null && signed.memoUrl !== '' ? (
        <MemoLink url={signed.memoUrl} />
      ) : null}
      <details>
        <summary class="small">Canonical text (the exact bytes signed) and signature</summary>
        <pre class="block">{t.canonical}</pre>
        <pre class="block">{t.signature}</pre>
      </details>
    </section>
  );
}

/** Memo URLs of this service open the memo page; others are shown as text. */
function MemoLink({ url }: { url: string }) {
  const id = /\/api\/swarm\/memos\/([0-9a-f-]{36})$/i.exec(url)?.[1];
  return (
    <p class="small">
      Memo:{' '}
      {id !== undefined ? (
        <a href={`/swarm/memos/${id}`}>{url}</a>
      ) : (
        <span class="mono">{url}</span>
      )}
    </p>
  );
}

export function MemoPage({ params }: { params: { id: string } }) {
  const memo = useResource<Memo>(`/api/swarm/memos/${encodeURIComponent(params.id)}`);
  return (
    <SwarmFrame title="Memo" documentTitle={titleOf(memo, 'Memo', (m) => m.title)}>
      <Async resource={memo} what="memo">
        {(m) => (
          <section class="card" data-testid="memo">
            <h2>{m.title}</h2>
            <p class="small muted">
              by <a href={`/swarm/members/${m.memberId}`}>@{m.handle}</a> ·{' '}
              <When iso={m.createdAt} />
              {m.sessionId !== null ? (
                <>
                  {' '}
                  · <a href={`/swarm/sessions/${m.sessionId}`}>session</a>
                </>
              ) : null}
            </p>
            <p class="text-body">{m.body}</p>
          </section>
        )}
      </Async>
    </SwarmFrame>
  );
}

/**
 * The weights as the member signed them, which need not sum to 1, beside the normalised form the
 * consensus averages (the session page shows that one).
 */
function SignedWeights({
  weights,
}: {
  weights: ReadonlyArray<{ bucket: string; weight: number }>;
}) {
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  return (
    <p class="small" data-testid="take-weights">
      <Term id="raw-weights">Raw weights</Term>, as signed:{' '}
      {weights.map((w) => `${label(w.bucket)} ${sig(w.weight)}`).join(' · ')} (sum {sig(total)}).{' '}
      <Term id="normalised-weights">Normalised</Term>, as the consensus counts them:{' '}
      {weights
        .map((w) => `${label(w.bucket)} ${pct(total > 0 ? w.weight / total : null)}`)
        .join(' · ')}
      .
    </p>
  );
}
