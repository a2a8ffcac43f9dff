import { useState } from 'preact/hooks';
import type { ConsensusReceipt } from '@convene/protocol';
import { getJson } from '../../api/client.js';
import { Async } from '../../components/async-view.js';
import { useResource } from '../../lib/use-resource.js';
import type { LoggedTake } from './log-check.js';
import { InclusionLines, ReceiptInclusionLines } from './log-lines.js';
import { resolveLookup, wrongKindHint, type LookupKind, type ShownId } from './lookup-id.js';

type Outcome =
  { kind: LookupKind; id: string } | { hint: string; switchTo?: { kind: LookupKind; id: string } };

/** Where the service answers for each kind of id. */
const RECORD_PATHS: Record<ShownId['of'], string> = {
  take: '/api/swarm/takes/',
  session: '/api/swarm/sessions/',
  member: '/api/swarm/members/',
};

/**
 * Which kind of record a whole id names, asked of the service (null: none it knows). The kind the
 * reader chose is asked first, so a right id costs no failed request.
 */
async function kindOf(id: string, expected: ShownId['of']): Promise<ShownId['of'] | null> {
  const kinds = [
    expected,
    ...(['take', 'session', 'member'] as const).filter((k) => k !== expected),
  ];
  for (const kind of kinds) {
    const found = await getJson<unknown>(`${RECORD_PATHS[kind]}${encodeURIComponent(id)}`).then(
      () => true,
      () => false,
    );
    if (found) return kind;
  }
  return null;
}

/**
 * Checks a take or a receipt by the id a reader gives: a whole id, or the short form the entries
 * table shows (resolved against `shown`). An id of the other kind is named, with a button to check
 * it where it belongs.
 */
export function LookupForm({ shown }: { shown: readonly ShownId[] }) {
  const [kind, setKind] = useState<LookupKind>('take');
  const [id, setId] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const check = async (asked: LookupKind, input: string) => {
    const resolved = resolveLookup(input, asked, shown);
    if (resolved.status === 'unknown') return setOutcome({ hint: resolved.message });
    if (resolved.status === 'resolved') return setOutcome({ kind: asked, id: resolved.id });
    const wanted = asked === 'take' ? 'take' : 'session';
    const of = resolved.status === 'wrong-kind' ? resolved.of : await kindOf(resolved.id, wanted);
    if (of === wanted || of === null) return setOutcome({ kind: asked, id: resolved.id });
    const other: LookupKind | undefined =
      of === 'take' ? 'take' : of === 'session' ? 'receipt' : undefined;
    setOutcome({
      hint: wrongKindHint(of, asked),
      ...(other !== undefined ? { switchTo: { kind: other, id: resolved.id } } : {}),
    });
  };
  return (
    <section class="card" data-testid="log-lookup">
      <h2>Check inclusion of a take or a receipt</h2>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          void check(kind, id);
        }}
      >
        <label>
          Check{' '}
          <select
            name="kind"
            value={kind}
            onChange={(event) => setKind((event.target as HTMLSelectElement).value as LookupKind)}
          >
            <option value="take">a take (take id)</option>
            <option value="receipt">a consensus receipt (session id)</option>
          </select>
        </label>{' '}
        <label>
          {kind === 'take' ? 'Take id' : 'Session id'}{' '}
          <input
            name="id"
            value={id}
            autoComplete="off"
            aria-describedby="lookup-id-help"
            onInput={(event) => setId((event.target as HTMLInputElement).value)}
          />
        </label>{' '}
        <button type="submit" disabled={id.trim() === ''}>
          Check
        </button>
        <span class="small muted" id="lookup-id-help">
          {' '}
          {id.trim() === '' ? 'Enter an id first: ' : ''}a whole id, or the short one an entry below
          shows.
        </span>
      </form>
      {outcome === null ? null : 'hint' in outcome ? (
        <p class="notice attention" role="alert" data-testid="lookup-hint">
          {outcome.hint}{' '}
          {outcome.switchTo !== undefined ? (
            <button
              type="button"
              onClick={() => {
                const target = outcome.switchTo!;
                setKind(target.kind);
                setId(target.id);
                setOutcome(target);
              }}
            >
              {outcome.switchTo.kind === 'take' ? 'Check the take' : 'Check its receipt'}
            </button>
          ) : null}
        </p>
      ) : outcome.kind === 'take' ? (
        <TakeLookup id={outcome.id} key={`take:${outcome.id}`} />
      ) : (
        <ReceiptLookup sessionId={outcome.id} key={`receipt:${outcome.id}`} />
      )}
    </section>
  );
}

function TakeLookup({ id }: { id: string }) {
  const take = useResource<LoggedTake>(`/api/swarm/takes/${encodeURIComponent(id)}`);
  return (
    <Async resource={take} what="take">
      {(t) => (
        <div data-testid="lookup-take">
          <p class="small">
            <a href={`/swarm/takes/${t.id}`}>Take {t.id}</a>
          </p>
          <InclusionLines take={t} />
        </div>
      )}
    </Async>
  );
}

function ReceiptLookup({ sessionId }: { sessionId: string }) {
  const receipt = useResource<ConsensusReceipt>(
    `/api/swarm/sessions/${encodeURIComponent(sessionId)}/consensus-receipt`,
  );
  return (
    <Async resource={receipt} what="consensus receipt">
      {(r) => (
        <div data-testid="lookup-receipt">
          <p class="small">
            <a href={`/swarm/sessions/${r.sessionId}`}>
              Consensus receipt of session {r.sessionId}
            </a>
          </p>
          <ReceiptInclusionLines receipt={r} />
        </div>
      )}
    </Async>
  );
}
