import { verifyCheckpointNote } from '@convene/protocol';
import { useState } from 'preact/hooks';
import type { JsonOf } from '../../api/types/openapi.js';
import { Async } from '../../components/async-view.js';
import { DataTable } from '../../components/data-table.js';
import { When } from '../../components/when.js';
import { count } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { SwarmFrame } from '../swarm/shared.js';
import { checkLatestCheckpoint, type LoggedTake } from './log-check.js';
import { InclusionLines, LogLines, useLogCheck } from './log-lines.js';

type CheckpointJson = JsonOf<'/api/log/checkpoint.json'>;

interface LogEntryRow {
  index: number;
  leafHash: string;
  kind: 'take' | 'receipt';
  takeId: string | null;
  sessionId: string | null;
}

const RECENT = 20;

/** The transparency log: its latest checkpoint checked here, witnesses, recent entries, a take check. */
export function LogPage() {
  const checkpoint = useResource<CheckpointJson>('/api/log/checkpoint.json');
  const lines = useLogCheck(async () => (await checkLatestCheckpoint()).lines, 'latest');
  return (
    <SwarmFrame
      title="Transparency log"
      lead="Every accepted take and every published consensus receipt, in an append-only Merkle log with signed checkpoints: what the service shows is what it committed to, and it cannot rewrite history unseen."
    >
      <section class="card" data-testid="log-checkpoint">
        <h2>Latest checkpoint, checked in your browser</h2>
        <LogLines lines={lines} />
        <Async resource={checkpoint} what="checkpoint">
          {(c) => <CheckpointFacts checkpoint={c} />}
        </Async>
        <p class="small">
          How to check it yourself, run a monitor or witness it: <a href="/docs">API docs</a> (tag
          “transparency log”) and <code>convene log monitor</code>.
        </p>
      </section>
      <TakeCheckForm />
      <Async resource={checkpoint} what="entries">
        {(c) => <RecentEntries size={c.size} />}
      </Async>
    </SwarmFrame>
  );
}

function CheckpointFacts({ checkpoint: c }: { checkpoint: CheckpointJson }) {
  return (
    <>
      <dl class="facts">
        <dt>Entries</dt>
        <dd data-testid="log-size">{count(c.size)}</dd>
        <dt>Origin</dt>
        <dd class="mono">{c.origin}</dd>
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
    const key = (await (await fetch('/api/log/key')).json()) as { vkey: string };
    const verified = await verifyCheckpointNote(props.checkpoint.cosignedNote, {
      logKey: key.vkey,
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

function TakeCheckForm() {
  const [takeId, setTakeId] = useState('');
  const [checking, setChecking] = useState<string | null>(null);
  return (
    <section class="card" data-testid="log-take-check">
      <h2>Check a take’s inclusion</h2>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setChecking(takeId.trim());
        }}
      >
        <label>
          Take id or number{' '}
          <input
            name="take"
            value={takeId}
            onInput={(event) => setTakeId((event.target as HTMLInputElement).value)}
          />
        </label>{' '}
        <button type="submit" disabled={takeId.trim() === ''}>
          Check
        </button>
        {takeId.trim() === '' ? <span class="small muted"> Enter a take id first.</span> : null}
      </form>
      {checking !== null ? <TakeInclusion takeId={checking} /> : null}
    </section>
  );
}

function TakeInclusion({ takeId }: { takeId: string }) {
  const take = useResource<LoggedTake>(`/api/swarm/takes/${encodeURIComponent(takeId)}`);
  return (
    <Async resource={take} what="take">
      {(t) => (
        <>
          <p class="small">
            <a href={`/swarm/takes/${t.id}`}>Take {t.id}</a>
          </p>
          <InclusionLines take={t} />
        </>
      )}
    </Async>
  );
}

function RecentEntries({ size }: { size: number }) {
  const start = Math.max(0, size - RECENT);
  const entries = useResource<{ entries: LogEntryRow[] }>(
    size === 0 ? null : `/api/log/entries?start=${start}&end=${size}`,
  );
  if (size === 0) return <p class="muted">The log is empty.</p>;
  return (
    <section class="card">
      <h2>Latest entries</h2>
      <Async resource={entries} what="entries">
        {(e) => (
          <DataTable
            caption={`Entries ${count(start)}–${count(size - 1)}, newest first`}
            rows={[...e.entries].reverse()}
            rowKey={(row) => String(row.index)}
            cards
            columns={[
              { label: 'Index', render: (row) => count(row.index), numeric: true },
              { label: 'Kind', render: (row) => row.kind },
              {
                label: 'Of',
                render: (row) =>
                  row.kind === 'take' ? (
                    <a href={`/swarm/takes/${row.takeId}`}>take {row.takeId?.slice(0, 8)}</a>
                  ) : (
                    <a href={`/swarm/sessions/${row.sessionId}`}>
                      receipt of session {row.sessionId?.slice(0, 8)}
                    </a>
                  ),
              },
              { label: 'Leaf hash', render: (row) => <span class="mono">{row.leafHash}</span> },
            ]}
          />
        )}
      </Async>
    </section>
  );
}
