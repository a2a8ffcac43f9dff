import { verifyCheckpointNote } from '@convene/protocol';
import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import type { JsonOf } from '../../api/types/openapi.js';
import { Async } from '../../components/async-view.js';
import { DataTable } from '../../components/data-table.js';
import { When } from '../../components/when.js';
import { count, DASH } from '../../lib/format.js';
import { Hash } from '../../components/hash.js';
import type { MembersResponse } from '../../api/types/swarm.js';
import { useResource } from '../../lib/use-resource.js';
import { useLiveEvents } from '../../lib/use-live-events.js';
import { LiveBadge } from '../../components/live-badge.js';
import { StanceChip, SwarmFrame } from '../swarm/shared.js';
import { checkLatestCheckpoint, keyLabel, pinnedLogKey } from './log-check.js';
import { LogLines, useLogCheck } from './log-lines.js';
import { entryFacts } from './entry-facts.js';
import { LookupForm } from './log-lookup.js';
import type { ShownId } from './lookup-id.js';

type CheckpointJson = JsonOf<'/api/log/checkpoint.json'>;

type LogEntryRow = JsonOf<'/api/log/entries'>['entries'][number];

/** What an entry is of: a take, a session's receipt or outcome, a member's key event, or the key log's start. */
function EntrySubject({ row }: { row: LogEntryRow }) {
  switch (row.kind) {
    case 'take':
      return (
        <>
          <a href={`/swarm/takes/${row.takeId}`}>take</a>{' '}
          <Hash value={row.takeId} keep={8} what="take id" />
        </>
      );
    case 'receipt':
      return (
        <>
          <a href={`/swarm/sessions/${row.sessionId}`}>receipt of session</a>{' '}
          <Hash value={row.sessionId} keep={8} what="session id" />
        </>
      );
    case 'key':
      return (
        <>
          <a href={`/swarm/members/${row.memberId}`}>key event of member</a>{' '}
          <Hash value={row.memberId} keep={8} what="member id" />
        </>
      );
    case 'keys-begin':
      return <span>the member key history begins</span>;
    case 'outcome': {
      const { sessionId, horizonDays } = JSON.parse(row.entry) as {
        sessionId: string;
        horizonDays: number;
      };
      return (
        <>
          <a href={`/swarm/sessions/${sessionId}`}>{horizonDays}-day outcome of session</a>{' '}
          <Hash value={sessionId} keep={8} what="session id" />
        </>
      );
    }
  }
}

/** The ids the entries show, for the checker to resolve a short one against. */
function shownIds(rows: readonly LogEntryRow[]): ShownId[] {
  return rows.flatMap((row): ShownId[] => {
    if (row.kind === 'take' && row.takeId !== null) return [{ id: row.takeId, of: 'take' }];
    if (row.kind === 'key' && row.memberId !== null) return [{ id: row.memberId, of: 'member' }];
    if (row.sessionId !== null) return [{ id: row.sessionId, of: 'session' }];
    return [];
  });
}

const PAGE = 20;

/** The transparency log: its latest checkpoint checked here, witnesses, recent entries, a take check. */
export function LogPage() {
  const checkpoint = useResource<CheckpointJson>('/api/log/checkpoint.json');
  const { path, query } = useLocation();
  const [signed, setSigned] = useState(0);
  const lines = useLogCheck(checkLatestCheckpoint, `latest ${signed}`);
  // Each new checkpoint is fetched and checked again, in place.
  const live = useLiveEvents(['checkpoint'], () => {
    checkpoint.refresh();
    setSigned((n) => n + 1);
  });
  return (
    <SwarmFrame
      title="Transparency log"
      lead="Every accepted take and every published consensus receipt, in an append-only Merkle log with signed checkpoints: what the service shows is what it committed to, and it cannot rewrite history unseen."
    >
      <section class="card" data-testid="log-guarantees">
        <h2>What the log guarantees</h2>
        <p>
          Each accepted take and each consensus receipt is an entry in a Merkle tree (RFC 6962
          hashing). The service signs the tree’s size and root as a checkpoint. Your browser keeps
          the first log key it sees and the last checkpoint it checked. Each later checkpoint has to
          extend that one, so the service cannot drop, reorder or rewrite an entry, or show you a
          different log from everyone else, without this page reporting it. A take or receipt
          checked below is rebuilt byte for byte from what the site shows and then looked up in that
          tree.
        </p>
        <p class="small">
          What it does not guarantee: that the service logs a take it refused. Keeping a checkpoint
          only protects a reader who has already seen one. Witnesses, listed below, cosign
          checkpoints so that readers can compare what they saw. Details:{' '}
          <a href="/docs">API docs</a> (tag “transparency log”), docs/protocol.md §14 in the
          repository, and <code>convene log monitor</code>.
        </p>
      </section>
      <section class="card" data-testid="log-checkpoint">
        <h2>
          Latest checkpoint, checked in your browser{' '}
          <LiveBadge state={live} what="the latest checkpoint" />
        </h2>
        <LogLines lines={lines} />
        <Async resource={checkpoint} what="checkpoint">
          {(c) => <CheckpointFacts checkpoint={c} />}
        </Async>
      </section>
      <Async resource={checkpoint} what="entries">
        {(c) => <RecentEntries size={c.size} path={path} before={query.before} />}
      </Async>
    </SwarmFrame>
  );
}

function CheckpointFacts({ checkpoint: c }: { checkpoint: CheckpointJson }) {
  const key = useResource<{ vkey: string }>('/api/log/key');
  return (
    <>
      <dl class="facts">
        <dt>Entries</dt>
        <dd data-testid="log-size">{count(c.size)}</dd>
        <dt>Origin</dt>
        <dd class="mono">{c.origin}</dd>
        <dt>Log key</dt>
        <dd class="mono" data-testid="log-key">
          <Async resource={key} what="log key">
            {(k) => <>{keyLabel(k.vkey)}</>}
          </Async>
        </dd>
        <dt>Root hash</dt>
        <dd class="mono">{c.rootHash}</dd>
        <dt>Signed</dt>
        <dd>
          <When iso={c.createdAt} />
        </dd>
      </dl>
      <h3>Witnesses</h3>
      {c.cosignatures.length === 0 ? (
        <p class="muted small">No witness has cosigned this checkpoint yet.</p>
      ) : (
        <ul data-testid="log-witnesses">
          {c.cosignatures.map((w) => (
            <Witness key={w.vkey} checkpoint={c} witness={w} />
          ))}
        </ul>
      )}
      <details>
        <summary class="small">The checkpoint as signed (C2SP signed note)</summary>
        <pre class="block">{c.cosignedNote}</pre>
      </details>
    </>
  );
}

function Witness(props: {
  checkpoint: CheckpointJson;
  witness: CheckpointJson['cosignatures'][number];
}) {
  const { witness } = props;
  const lines = useLogCheck(async () => {
    const logKey =
      pinnedLogKey() ?? ((await (await fetch('/api/log/key')).json()) as { vkey: string }).vkey;
    const verified = await verifyCheckpointNote(props.checkpoint.cosignedNote, {
      logKey,
      cosignerKeys: [witness.vkey],
    });
    const ok = verified.ok && verified.cosignatures.some((s) => s.name === witness.name);
    return [
      ok
        ? { label: `${witness.name} cosigned`, state: 'passed' as const }
        : {
            label: `${witness.name} cosigned`,
            state: 'failed' as const,
            detail: verified.ok ? 'no valid cosignature by this key' : verified.message,
          },
    ];
  }, witness.vkey);
  return (
    <li>
      <LogLines lines={lines} />
      <span class="small muted">
        {' '}
        at <When iso={new Date(witness.timestamp * 1000).toISOString()} />
      </span>
    </li>
  );
}

/** Entries newest first, PAGE at a time; `?before=N` shows the page ending just before index N. */
function RecentEntries(props: { size: number; path: string; before: string | undefined }) {
  const { size } = props;
  const asked = Number.parseInt(props.before ?? '', 10);
  const end = Number.isSafeInteger(asked) && asked > 0 && asked < size ? asked : size;
  const start = Math.max(0, end - PAGE);
  const entries = useResource<{ entries: LogEntryRow[] }>(
    size === 0 ? null : `/api/log/entries?start=${start}&end=${end}`,
  );
  const members = useResource<MembersResponse>('/api/swarm/members');
  const handles = new Map(
    members.status === 'ready' ? members.data.members.map((m) => [m.id, m.handle]) : [],
  );
  if (size === 0)
    return (
      <>
        <LookupForm shown={[]} />
        <p class="muted">The log is empty.</p>
      </>
    );
  const link = (before: number) => `${props.path}?before=${before}`;
  return (
    <>
      <LookupForm shown={entries.status === 'ready' ? shownIds(entries.data.entries) : []} />
      <section class="card" data-testid="log-entries">
        <h2>Entries</h2>
        <Async resource={entries} what="entries">
          {(e) => (
            <DataTable
              caption={`Entries ${count(start)}–${count(end - 1)} of ${count(size)}, newest first`}
              rows={[...e.entries]
                .reverse()
                .map((row) => ({ ...row, facts: entryFacts(row.entry) }))}
              rowKey={(row) => String(row.index)}
              cards
              columns={[
                { label: 'Index', render: (row) => count(row.index), numeric: true },
                { label: 'Kind', render: (row) => row.kind },
                { label: 'Of', primary: true, render: (row) => <EntrySubject row={row} /> },
                { label: 'When', render: (row) => <When iso={row.facts.at} /> },
                {
                  label: 'Member',
                  render: (row) => {
                    const member = row.facts.memberId;
                    if (member === null) return DASH;
                    const handle = handles.get(member);
                    return handle !== undefined ? (
                      <a href={`/swarm/members/${handle}`}>@{handle}</a>
                    ) : (
                      <Hash value={member} keep={8} what="member id" />
                    );
                  },
                },
                {
                  label: 'Stance',
                  render: (row) => {
                    const stance = row.facts.stance;
                    return stance === null ? DASH : <StanceChip stance={stance} />;
                  },
                },
                { label: 'Leaf hash', render: (row) => <span class="mono">{row.leafHash}</span> },
              ]}
            />
          )}
        </Async>
        <nav class="pager" aria-label="Entry pages">
          {end < size ? (
            <a href={end + PAGE >= size ? props.path : link(end + PAGE)}>← newer</a>
          ) : (
            <span class="muted">← newer</span>
          )}
          <span class="muted small" data-testid="log-entries-range">
            {count(start)}–{count(end - 1)}
          </span>
          {start > 0 ? <a href={link(start)}>older →</a> : <span class="muted">older →</span>}
        </nav>
      </section>
    </>
  );
}
