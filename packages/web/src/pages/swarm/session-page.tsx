import { DATE_RE, UNDISCLOSED } from '@convene/protocol';
import { When } from '../../components/when.js';
import type {
  Judgement,
  Judgements,
  SessionDetail,
  SessionOfDay,
  SessionSnapshot,
} from '../../api/types/swarm.js';
import { Async } from '../../components/async-view.js';
import { day, num } from '../../lib/format.js';
import { Hash } from '../../components/hash.js';
import { useResource } from '../../lib/use-resource.js';
import { useLiveEvents } from '../../lib/use-live-events.js';
import { LiveBadge } from '../../components/live-badge.js';
import { DisagreementPanel, RecommendationPanel } from './aggregate-panels.js';
import { ReceiptPanel } from './receipt-panel.js';
import { OutcomePanel } from './outcome-panel.js';
import { headlineOf, type Headline } from './signed-headline.js';
import { useSessionReceipt } from './verification.js';
import { Countdown, StateChip, SwarmFrame } from './shared.js';
import { TakesSection } from './takes-section.js';
import { BriefTargets, BucketComparison, SnapshotTable } from './snapshot-panels.js';
import { titleOf } from '../../lib/document-title.js';
import { SubjectName, useSubjectName } from './subject-name.js';

export function SessionPage({ params }: { params: { id: string } }) {
  const session = useResource<SessionDetail>(
    `/api/swarm/sessions/${encodeURIComponent(params.id)}`,
  );
  // A session still open to takes refetches itself when one of its events arrives.
  const live = useLiveEvents(
    ['take-accepted', 'session-aggregated', 'session-published'],
    (event) => {
      if ('sessionId' in event.data && event.data.sessionId === params.id) session.refresh();
    },
    session.status === 'ready' && session.data.state !== 'published',
  );
  const subjectName = useSubjectName(session.status === 'ready' ? session.data.subjectId : null);
  return (
    <SwarmFrame
      title="Session"
      documentTitle={titleOf(
        session,
        'Session',
        (s) => `${day(s.date)} ${subjectName ?? 'subject'}`,
      )}
      lead={<LiveBadge state={live} what="this session" />}
    >
      <Async resource={session} what="session">
        {(s) => <SessionBody session={s} />}
      </Async>
    </SwarmFrame>
  );
}

/** `/swarm/:date/:subject`: the latest session of that UTC day and subject. */
export function SessionOfDayPage({ params }: { params: { date: string; subject: string } }) {
  const valid = DATE_RE.test(params.date);
  const subjectName = useSubjectName(params.subject);
  const ofDay = useResource<SessionOfDay>(
    valid ? `/api/swarm/sessions/${params.date}/${encodeURIComponent(params.subject)}` : null,
  );
  return (
    <SwarmFrame
      title="Session"
      documentTitle={`Session ${day(params.date)} ${subjectName ?? 'subject'}`}
      lead={
        <>
          The latest session of <When iso={params.date} as="day" /> on{' '}
          <a href={`/swarm/subjects/${encodeURIComponent(params.subject)}`}>
            <SubjectName id={params.subject} />
          </a>
          ; earlier ones that day are in the{' '}
          <a href={`/swarm?subject=${encodeURIComponent(params.subject)}&search=${params.date}`}>
            sessions list
          </a>
          .
        </>
      }
    >
      {valid ? (
        <Async resource={ofDay} what="session">
          {(data) => <SessionBody session={{ ...data.session, takes: data.takes }} />}
        </Async>
      ) : (
        <p class="error-box" role="alert">
          {params.date} is not a date (YYYY-MM-DD).
        </p>
      )}
    </SwarmFrame>
  );
}

function SnapshotSection({ session, headline }: { session: SessionDetail; headline: Headline }) {
  const snapshot = useResource<SessionSnapshot>(
    `/api/swarm/sessions/${encodeURIComponent(session.id)}/snapshot`,
  );
  return (
    <section class="card" data-testid="session-snapshot">
      <h2>What the swarm reasoned over</h2>
      <Async resource={snapshot} what="holdings snapshot">
        {({ snapshot }) => {
          return (
            <>
              <BucketComparison
                session={session}
                snapshot={snapshot}
                recommended={headline.figures?.weights ?? []}
              />
              <h3>Holdings snapshot</h3>
              {snapshot === null ? (
                <p class="muted">No holdings snapshot was taken for this session.</p>
              ) : (
                <SnapshotTable snapshot={snapshot} />
              )}
            </>
          );
        }}
      </Async>
    </section>
  );
}

export function SessionBody({ session: s }: { session: SessionDetail }) {
  const names = new Map(s.roster.map((r) => [r.memberId, r.handle]));
  const brief = s.brief?.body ?? null;
  const receipt = useSessionReceipt(s.id, s.state === 'published');
  const headline = headlineOf(s, receipt);
  return (
    <>
      <section class="card" data-testid="session-header">
        <h2>
          <When iso={s.date} as="day" /> ·{' '}
          <a href={`/swarm/subjects/${encodeURIComponent(s.subjectId)}`}>
            <SubjectName id={s.subjectId} />
          </a>{' '}
          <StateChip state={s.state} />
        </h2>
        <p class="small muted">
          convened <When iso={s.convenedAt} /> · window{' '}
          {s.windowClosesAt === null ? (
            'open, no deadline'
          ) : (
            <>
              closes <When iso={s.windowClosesAt} />
            </>
          )}
          {s.state === 'collecting' ? (
            <>
              {' '}
              · <Countdown until={s.windowClosesAt} />
            </>
          ) : null}
          {s.publishedAt !== null ? (
            <>
              {' '}
              · published <When iso={s.publishedAt} />
            </>
          ) : null}
        </p>
        {s.rationale !== null ? <Rationale text={s.rationale} headline={headline} /> : null}
        {s.synthesis !== null ? (
          <p class="text-body muted" title="the service's summary of the room; not signed">
            {s.synthesis}
          </p>
        ) : null}
      </section>
      <div class="grid-2">
        <section class="card">
          <h2>Recommendation</h2>
          <RecommendationPanel headline={headline} names={names} />
        </section>
        <section class="card">
          <h2>Disagreement map</h2>
          <DisagreementPanel map={headline.disagreement} names={names} />
        </section>
      </div>
      <SnapshotSection session={s} headline={headline} />
      {s.missingTakes.length > 0 ? (
        <p class="notice attention" data-testid="missing-takes">
          ✗ {s.missingTakes.length} counted take{s.missingTakes.length === 1 ? '' : 's'} removed
          behind the service:{' '}
          {s.missingTakes.map((m) => names.get(m.memberId) ?? m.memberId).join(', ')} (the aggregate
          counted {s.missingTakes.length === 1 ? 'it' : 'them'}; the service no longer serves{' '}
          {s.missingTakes.length === 1 ? 'its row' : 'their rows'}).
        </p>
      ) : null}
      <TakesSection takes={s.takes} />
      <ReceiptPanel sessionId={s.id} state={receipt} />
      <OutcomePanel sessionId={s.id} published={s.state === 'published'} />
      <JudgementsSection sessionId={s.id} />
      <section class="card" data-testid="brief">
        <h2>Brief</h2>
        {brief === null ? (
          <p class="muted">No brief published for this session.</p>
        ) : (
          <>
            <p>
              <strong>{brief.subject.name}</strong>
              {brief.subject.thesisBlurb !== null ? ` — ${brief.subject.thesisBlurb}` : ''}
            </p>
            {brief.regime !== null ? (
              <p class="small">
                Regime on <When iso={brief.regime.date} as="day" />:{' '}
                {brief.regime.regime ?? 'no label'} (composite {num(brief.regime.composite, 3)})
              </p>
            ) : null}
            <BriefTargets reference={s.referenceAllocation} />
            <details>
              <summary class="small">Prompt given to members</summary>
              <pre class="block">{brief.prompt.system}</pre>
              <pre class="block">{brief.prompt.user}</pre>
            </details>
          </>
        )}
      </section>
      <section class="card" data-testid="roster">
        <h2>Roster {s.rosterFrozen ? <span class="muted small">frozen</span> : null}</h2>
        <ul>
          {s.roster.map((r) => (
            <li key={r.memberId}>
              <a href={`/swarm/members/${r.memberId}`}>{r.displayName}</a>{' '}
              <span class="muted small">@{r.handle}</span>
              {r.excused ? <span class="muted small"> · excused</span> : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * The service's prose about the figures. It is not signed, so on a published session it is shown
 * with whether it says what the verified receipt's figures say (recomputed here, same function).
 */
function Rationale({ text, headline }: { text: string; headline: Headline }) {
  const check = headline.rationale;
  if (check === null || check.matches) {
    return (
      <p class="text-body" data-testid="session-rationale">
        {text}
        {check !== null ? (
          <span class="verified small" data-testid="rationale-verdict">
            {' '}
            ✓ matches the verified receipt&apos;s figures
          </span>
        ) : null}
      </p>
    );
  }
  return (
    <div class="notice attention" data-testid="session-rationale">
      <p class="not-verified" data-testid="rationale-verdict">
        ✗ The service&apos;s rationale does not match the verified receipt&apos;s figures. From
        those figures it reads:
      </p>
      <p class="text-body">{check.expected}</p>
      <details>
        <summary class="small">What the service wrote instead</summary>
        <p class="text-body">{text}</p>
      </details>
    </div>
  );
}

/**
 * A judgement's model name or hash, or "not disclosed" when the judge kept it to itself: nothing to
 * copy then.
 */
function Disclosed({ value, what }: { value: string; what?: string }) {
  if (value === UNDISCLOSED) return <em data-testid="not-disclosed">not disclosed</em>;
  return what === undefined ? <>{value}</> : <Hash value={value} what={what} />;
}

export function JudgementList({ judgements }: { judgements: Judgement[] }) {
  if (judgements.length === 0)
    return <p class="muted">No public judgements (only published sessions have them).</p>;
  return (
    <>
      {judgements.map((j) => (
        <article key={j.id} class="take">
          <div class="row-between">
            <strong>{j.handle ?? j.judgedBy}</strong>
            <span class="small">
              release safety <strong>{j.releaseSafety}</strong> · <When iso={j.createdAt} /> ·{' '}
              <a href={`/swarm/sessions/${j.sessionId}`}>session</a>
            </span>
          </div>
          <p class="text-body">{j.rationale}</p>
          {j.disagreements.length > 0 ? (
            <ul>
              {j.disagreements.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : null}
          <p class="muted small mono">
            model <Disclosed value={j.model} /> · prompt{' '}
            <Disclosed value={j.promptHash} what="prompt hash" /> · inputs{' '}
            <Disclosed value={j.inputsDigest} what="inputs digest" />
          </p>
        </article>
      ))}
    </>
  );
}

function JudgementsSection({ sessionId }: { sessionId: string }) {
  const judgements = useResource<Judgements>(`/api/swarm/sessions/${sessionId}/judgements`);
  return (
    <section class="card" data-testid="judgements">
      <h2>Judgements</h2>
      <Async resource={judgements} what="judgements">
        {(data) => <JudgementList judgements={data.judgements} />}
      </Async>
    </section>
  );
}
