import { SubjectName } from './subject-name.js';
import { useEffect, useState } from 'preact/hooks';
import { Chip } from '../../components/badges.js';
import { SectionFrame } from '../../components/section-frame.js';
import { When } from '../../components/when.js';
import type { Column } from '../../components/data-table.js';
import type { SessionSummary } from '../../api/types/swarm.js';
import { num, pct } from '../../lib/format.js';
import type { ComponentChildren } from 'preact';

const ITEMS = [
  { href: '/swarm', label: 'Sessions' },
  { href: '/swarm/members', label: 'Members' },
  { href: '/swarm/track-record', label: 'Track record' },
  { href: '/log', label: 'Log' },
  { href: '/join', label: 'Join' },
];

export function SwarmFrame(props: {
  title: string;
  documentTitle?: string | undefined;
  lead?: ComponentChildren;
  children: ComponentChildren;
}) {
  return <SectionFrame items={ITEMS} methodology="swarm" {...props} />;
}

/**
 * The columns of a list of sessions: the swarm home lists every subject (a Subject column and the
 * rationale), a subject's page lists its own (the drift instead).
 */
export function sessionColumns(list: 'all subjects' | 'one subject'): Column<SessionSummary>[] {
  return [
    {
      label: 'Date',
      render: (s) => (
        <a href={`/swarm/sessions/${s.id}`}>
          <When iso={s.date} as="day" />
        </a>
      ),
      sort: (s) => s.convenedAt,
    },
    ...(list === 'all subjects'
      ? [{ label: 'Subject', render: (s: SessionSummary) => <SubjectName id={s.subjectId} /> }]
      : []),
    { label: 'State', render: (s) => <StateChip state={s.state} /> },
    { label: 'Takes', numeric: true, render: (s) => s.takeCount },
    {
      label: 'Participation',
      numeric: true,
      render: (s) => (s.quorum ? pct(s.quorum.participation, 0) : '—'),
    },
    {
      label: 'Score',
      term: 'stance-score',
      primary: true,
      numeric: true,
      render: (s) => num(s.recommendation?.score ?? null),
    },
    list === 'all subjects'
      ? {
          label: 'Rationale',
          // Prose is never cut short: on a phone it is read on the session's page.
          hideOnPhone: true,
          render: (s) => <span class="small">{s.rationale ?? ''}</span>,
        }
      : {
          label: 'Drift',
          term: 'drift',
          numeric: true,
          render: (s) => pct(s.recommendation?.drift ?? null),
        },
  ];
}

const STANCE_TONE: Record<string, 'good' | 'warn' | 'bad' | 'info' | 'dim'> = {
  bullish: 'good',
  constructive: 'good',
  neutral: 'dim',
  cautious: 'warn',
  bearish: 'warn',
};

export function StanceChip({ stance }: { stance: string }) {
  return <Chip tone={STANCE_TONE[stance] ?? 'dim'} text={stance} />;
}

export function StateChip({ state }: { state: string }) {
  const tone = state === 'collecting' ? 'info' : state === 'published' ? 'good' : 'dim';
  return <Chip tone={tone} text={state.replace('_', ' ')} />;
}

function remaining(ms: number): string {
  if (ms <= 0) return 'closed';
  const seconds = Math.floor(ms / 1000);
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${d > 0 ? `${d}d ` : ''}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Live countdown to a deadline; null means the window has no deadline yet. */
export function Countdown({ until }: { until: string | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (until === null)
    return <span data-testid="countdown">no deadline set: submissions accepted</span>;
  const left = Date.parse(until) - now;
  return (
    <span data-testid="countdown" class={left < 3_600_000 ? 'attention' : ''} title={until}>
      {left <= 0 ? 'window closed' : `${remaining(left)} left`}
    </span>
  );
}
