import {
  compareSessionOrder,
  isStance,
  TrackRecordFold,
  type OutcomeRecord,
  type ScoringSession,
  type TakeScore,
  type TrackRecords,
} from '@convene/protocol';
import { shareEventLoop } from '../../event-loop.js';
import {
  type TrackRecordRepository,
  type CountedTakeRow,
  type StoredOutcome,
} from './repository.js';
import type { TrackRecordSettings } from './settings.js';

/** Everything the reads serve for one data version: the outcomes and the records per horizon. */
export interface Computed {
  outcomes: StoredOutcome[];
  /** Per subject ('' for all), per horizon. */
  records: Map<string, Map<number, TrackRecords>>;
  /** Per horizon, the scored takes of every subject by member and by session, in session order. */
  takesByMember: Map<number, Map<string, TakeScore[]>>;
  takesBySession: Map<number, Map<string, TakeScore[]>>;
  handles: Map<string, string>;
  takeLogIndex: Map<string, number | null>;
  outcomeLogIndex: Map<string, number | null>;
}

/** Sessions whose counted takes are read in one query (about this many times the roster in rows). */
const SESSIONS_PER_READ = 10;

interface Folds {
  /** Per subject ('' for all), per horizon. */
  bySubject: Map<string, Map<number, TrackRecordFold>>;
  /** `sessionId/horizonDays` of every outcome folded in (or skipped: not a configured horizon). */
  folded: Set<string>;
  takeLogIndex: Map<string, number | null>;
}

const outcomeKey = (o: { sessionId: string; horizonDays: number }) =>
  `${o.sessionId}/${o.horizonDays}`;

/**
 * The records the track-record reads serve, grown as outcomes are stored rather than recomputed:
 * a stored outcome and its session's counted takes never change, so each update reads and scores
 * only the outcomes it has not seen (docs/methodology.md §6). An outcome stored for a session that
 * sorts before one already folded (a late publication) starts the folds over. Updates run one at a
 * time and let the event loop turn between reads and between sessions, so a large first build does
 * not hold up other requests.
 */
export class GrowingRecords {
  private folds = this.emptyFolds();
  private queue: Promise<unknown> = Promise.resolve();

  private readonly trackRecords: TrackRecordRepository;
  private readonly settings: TrackRecordSettings;

  constructor(uses: { trackRecords: TrackRecordRepository; settings: TrackRecordSettings }) {
    this.trackRecords = uses.trackRecords;
    this.settings = uses.settings;
  }

  /** The records as of the outcomes stored now. */
  update(): Promise<Computed> {
    const run = this.queue.then(() => this.grow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private emptyFolds(): Folds {
    return { bySubject: new Map(), folded: new Set(), takeLogIndex: new Map() };
  }

  private fold(subject: string, horizonDays: number): TrackRecordFold {
    let byHorizon = this.folds.bySubject.get(subject);
    if (byHorizon === undefined)
      this.folds.bySubject.set(subject, (byHorizon = new Map<number, TrackRecordFold>()));
    let fold = byHorizon.get(horizonDays);
    if (fold === undefined)
      byHorizon.set(
        horizonDays,
        (fold = new TrackRecordFold(horizonDays, this.settings.minScoredTakes)),
      );
    return fold;
  }

  private async grow(): Promise<Computed> {
    try {
      const outcomes = await this.trackRecords.storedOutcomes();
      let fresh = outcomes.filter((o) => !this.folds.folded.has(outcomeKey(o)));
      let sessions = await this.scoringSessions(fresh);
      const inOrder = sessions.every(
        (s) =>
          this.fold('', s.record.horizonDays).accepts(s) &&
          this.fold(s.record.subjectId, s.record.horizonDays).accepts(s),
      );
      if (!inOrder) {
        this.folds = this.emptyFolds();
        fresh = outcomes;
        sessions = await this.scoringSessions(fresh);
      }
      for (const session of sessions) {
        await shareEventLoop();
        this.fold('', session.record.horizonDays).add(session);
        this.fold(session.record.subjectId, session.record.horizonDays).add(session);
      }
      for (const outcome of fresh) this.folds.folded.add(outcomeKey(outcome));
      return await this.computed(outcomes);
    } catch (error) {
      // A half-grown fold must not be built on: the next update starts over.
      this.folds = this.emptyFolds();
      throw error;
    }
  }

  /** The configured horizons' outcomes as scoring inputs, in session order. */
  private async scoringSessions(outcomes: readonly StoredOutcome[]): Promise<ScoringSession[]> {
    const wanted = outcomes.filter((o) => this.settings.horizons.includes(o.horizonDays));
    const sessionIds = [...new Set(wanted.map((o) => o.sessionId))];
    const takesBySession = new Map<string, CountedTakeRow[]>();
    const absent = new Map<string, string[]>();
    for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_READ) {
      await shareEventLoop();
      const read = await this.trackRecords.countedTakesOf(
        sessionIds.slice(i, i + SESSIONS_PER_READ),
      );
      for (const take of read.takes) {
        const list = takesBySession.get(take.sessionId) ?? [];
        list.push(take);
        takesBySession.set(take.sessionId, list);
        this.folds.takeLogIndex.set(take.takeId, take.logIndex);
      }
      for (const [sessionId, members] of read.absent) absent.set(sessionId, members);
    }
    return wanted
      .flatMap((outcome): ScoringSession[] => {
        const record = JSON.parse(outcome.record) as OutcomeRecord;
        // A record that names another session or horizon than its row was rewritten behind the
        // service: it is not scored (the log audit names it), and it cannot stand in for the
        // outcome its row's place belongs to.
        if (record.sessionId !== outcome.sessionId || record.horizonDays !== outcome.horizonDays)
          return [];
        const takes = (takesBySession.get(outcome.sessionId) ?? []).flatMap((t) =>
          isStance(t.stance)
            ? [
                {
                  memberId: t.memberId,
                  takeId: t.takeId,
                  revision: t.revision,
                  stance: t.stance,
                  confidence: t.confidence,
                  ...(t.weights === null ? {} : { weights: t.weights }),
                },
              ]
            : [],
        );
        return [
          {
            record,
            takes,
            roster: [...takes.map((t) => t.memberId), ...(absent.get(outcome.sessionId) ?? [])],
          },
        ];
      })
      .sort((a, b) => compareSessionOrder(a.record, b.record));
  }

  private async computed(outcomes: StoredOutcome[]): Promise<Computed> {
    const records = new Map<string, Map<number, TrackRecords>>();
    const subjects = ['', ...new Set(outcomes.map((o) => o.subjectId))];
    for (const subject of subjects) {
      const byHorizon = new Map<number, TrackRecords>();
      for (const horizonDays of this.settings.horizons) {
        await shareEventLoop();
        byHorizon.set(horizonDays, this.fold(subject, horizonDays).result());
      }
      records.set(subject, byHorizon);
    }
    const takesByMember = new Map<number, Map<string, TakeScore[]>>();
    const takesBySession = new Map<number, Map<string, TakeScore[]>>();
    const memberIds = new Set<string>();
    for (const [horizonDays, { takes, members }] of records.get('')!) {
      takesByMember.set(
        horizonDays,
        groupBy(takes, (t) => t.memberId),
      );
      takesBySession.set(
        horizonDays,
        groupBy(takes, (t) => t.sessionId),
      );
      for (const member of members) memberIds.add(member.memberId);
    }
    return {
      outcomes,
      records,
      takesByMember,
      takesBySession,
      handles: await this.trackRecords.handlesOf([...memberIds]),
      // Shared, not copied: it only gains entries, for takes an earlier version does not show.
      takeLogIndex: this.folds.takeLogIndex,
      outcomeLogIndex: new Map(outcomes.map((o) => [outcomeKey(o), o.logIndex])),
    };
  }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}
