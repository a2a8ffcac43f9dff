import { signJudgement, signTake, utcDate, type TakeDraftInput } from '@convene/protocol';
import { ManualClock } from '../../clock.js';
import type { DemoSeeder } from '../../demo/seed.js';
import { SWARM_DATASET } from '../shared/constants.js';
import { nextFire } from '../sessions/schedule.js';
import type { SubjectRepository } from '../subjects/repository.js';
import { authorTake, copiedTake, random, type AuthoringContext } from './authoring.js';
import { DemoForesight } from './foresight.js';
import { seriesReader } from '../track-record/series.js';
import { onboardHouseMember, type HouseMember } from './house.js';
import { DEMO_HISTORY_DAYS, DEMO_SUBJECTS, HOUSE_JUDGE, HOUSE_MEMBERS } from './personas.js';
import type { SessionRow } from '../sessions/repository.js';
import { composeSwarm } from '../compose.js';
import { composeAnalyticsReads } from '../../analytics/compose.js';
import { kyselyTransactor } from '../../db/transactor.js';
import { composeRegime } from '../../regime/compose.js';
import { composeTreasury } from '../../treasury/compose.js';
import type { JudgementService } from '../judgements/service.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Months of swarm history through the live path, driven by an injected clock: subjects, house
 * members onboarded like anyone (apply, activate, claim), then every scheduled fire in order, each
 * convened by the lifecycle sweep, takes signed and filed through the submit service, judgements
 * signed by the house judge, windows closed, sessions aggregated, judged and receipts signed and
 * chained by the next sweep. The newest fire stays collecting: the open session a newcomer joins.
 */
export const swarmDemoSeeder: DemoSeeder = {
  name: 'swarm',
  async seed(context) {
    const started = performance.now();
    const end = context.clock.now();
    const clock = new ManualClock(new Date(end.getTime() - DEMO_HISTORY_DAYS * DAY));
    const { db } = context.database;
    const regime = composeRegime(context.database, context.versions).service;
    const treasury = composeTreasury(context.database, context.versions, kyselyTransactor(db));
    const analytics = composeAnalyticsReads(context.database);
    const { services, members, subjects } = composeSwarm(
      { ...context, clock },
      context.log,
      regime,
      treasury,
      analytics,
    );
    await insertSubjects(subjects, clock.now());

    const foresight = await DemoForesight.load(
      treasury.reads,
      context.config.trackRecord,
      seriesReader(regime, treasury.reads, analytics),
      utcDate(clock.now()),
      utcDate(end),
    );
    const onboarding = { members, ...services };
    const house: Array<HouseMember & { persona: (typeof HOUSE_MEMBERS)[number] }> = [];
    for (const persona of HOUSE_MEMBERS) {
      house.push({ ...(await onboardHouseMember(onboarding, persona, 'member')), persona });
    }
    const judge = await onboardHouseMember(onboarding, HOUSE_JUDGE, 'judge');
    const { takes, judgements, sweep } = services;

    const fires = scheduleFires(clock.now(), end);
    const lastFire = new Map(fires.map((fire) => [fire.subjectId, fire.at.getTime()]));
    let sessions = 0;
    let filed = 0;
    const sessionOf = (fire: { subjectId: string; at: Date }) =>
      subjects.sessionOfFire(fire.subjectId, fire.at);
    for (const fire of fires) {
      // PGlite answers in microtasks: yield so HTTP requests and a shutdown get through meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      // A start interrupted mid-seed resumes here: fires already convened keep what they have.
      if ((await sessionOf(fire)) !== undefined) continue;
      clock.set(fire.at);
      await sweep();
      const session = await sessionOf(fire);
      if (session === undefined) throw new Error(`fire ${fire.at.toISOString()} did not convene`);
      sessions++;
      const open = lastFire.get(fire.subjectId) === fire.at.getTime();
      const authoring = {
        ...authoringContext(session),
        seed: `${session.subject_id}:${fire.at.toISOString()}`,
        // The horizon starts when the session aggregates: at the subject's next fire.
        rises: foresight.rises(session.subject_id, aggregationDate(fire)),
      };
      const rand = random(`attendance:${authoring.seed}`);
      const filedHere = new Map<string, TakeDraftInput>();
      for (const [index, member] of house.entries()) {
        // In the open session only the first three have filed: a newcomer still sees absentees.
        const files = open ? index < 3 : rand() < member.persona.attendance;
        if (!files) continue;
        const amends = !open && rand() < 0.15;
        for (let revision = 1; revision <= (amends ? 2 : 1); revision++) {
          clock.set(new Date(fire.at.getTime() + (10 + index * 7 + revision * 45) * MINUTE));
          const draft =
            member.persona.skill.kind === 'copier'
              ? copiedTake(
                  member.persona,
                  member.memberId,
                  authoring,
                  [...filedHere.values()],
                  revision,
                )
              : authorTake(member.persona, member.memberId, authoring, revision);
          if (draft === null) break;
          filedHere.set(member.memberId, draft);
          await takes.submit(`Bearer ${member.token}`, {
            ...draft,
            signature: await signTake(draft, member.seed),
          });
          filed++;
        }
      }
      if (!open) {
        clock.set(new Date(fire.at.getTime() + 6 * 60 * MINUTE));
        await fileHouseJudgement(judgements, judge, session.id, rand());
      }
    }
    clock.set(end);
    await sweep();
    // The months of history get their outcomes from the demo series, as the scheduled job would.
    const outcomes = await services.outcomes.recordDue();
    await context.versions.bump(SWARM_DATASET);
    context.log.info(
      { sessions, takes: filed, outcomes, ms: Math.round(performance.now() - started) },
      'demo swarm history seeded',
    );
  },
};

/** The UTC date a fire's session aggregates on: that of the subject's next fire. */
function aggregationDate(fire: { subjectId: string; at: Date }): string {
  const schedule = DEMO_SUBJECTS.find((s) => s.id === fire.subjectId)!.schedule;
  return utcDate(nextFire(schedule, fire.at) ?? fire.at);
}

async function insertSubjects(subjects: SubjectRepository, at: Date): Promise<void> {
  for (const subject of DEMO_SUBJECTS) {
    await subjects.insertSubject(
      {
        id: subject.id,
        name: subject.name,
        operator: subject.operator,
        homepage: subject.homepage,
        x_handle: subject.x_handle,
        thesis_blurb: subject.thesis_blurb,
        source: subject.source,
        recommendation_type: subject.recommendation_type,
        structural_notes: subject.structural_notes,
        schedule: subject.schedule,
        schedule_enabled: true,
        quorum_required: subject.quorum_required,
        wallets: JSON.stringify(subject.wallets),
        last_reviewed: utcDate(at),
        created_at: at,
      },
      { ifAbsent: true },
    );
  }
}

/** Every fire of every demo subject after `from` and at or before `to`, in time order. */
function scheduleFires(from: Date, to: Date): Array<{ subjectId: string; at: Date }> {
  const fires: Array<{ subjectId: string; at: Date }> = [];
  for (const subject of DEMO_SUBJECTS) {
    for (
      let at = nextFire(subject.schedule, from);
      at !== null && at <= to;
      at = nextFire(subject.schedule, at)
    ) {
      fires.push({ subjectId: subject.id, at });
    }
  }
  return fires.sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.subjectId.localeCompare(b.subjectId),
  );
}

function authoringContext(
  session: Pick<
    SessionRow,
    'id' | 'subject_id' | 'date' | 'regime_summary' | 'reference_allocation'
  >,
): AuthoringContext {
  const subject = DEMO_SUBJECTS.find((s) => s.id === session.subject_id);
  const regime = session.regime_summary;
  const reference = session.reference_allocation;
  return {
    sessionId: session.id,
    seed: session.id,
    subjectId: session.subject_id,
    date: session.date,
    composite: regime?.composite ?? null,
    regime: regime?.regime ?? null,
    reference: reference?.buckets ?? declaredWeights(subject?.wallets ?? []),
    recommendationType: subject?.recommendation_type ?? 'position_actions',
    rises: null,
  };
}

/** Position weights of a declared portfolio: each position's share of its value. */
function declaredWeights(wallets: readonly unknown[]): Array<{ bucket: string; weight: number }> {
  const positions = wallets.flatMap(
    (wallet) =>
      (wallet as { positions?: Array<{ asset: string; valueUsd: number }> }).positions ?? [],
  );
  const total = positions.reduce((sum, p) => sum + p.valueUsd, 0);
  return positions.map((p) => ({ bucket: p.asset, weight: total > 0 ? p.valueUsd / total : 0 }));
}

async function fileHouseJudgement(
  judgements: JudgementService,
  judge: HouseMember,
  sessionId: string,
  draw: number,
): Promise<void> {
  if (draw < 0.1) return;
  const judgement = {
    sessionId,
    memberId: judge.memberId,
    releaseSafety: draw < 0.25 ? ('caution' as const) : ('safe' as const),
    rationale:
      draw < 0.25
        ? 'Caution: the agent-token sleeve moves faster than the evidence behind it.'
        : 'Safe to hand to the multisig: weights stay close to the reference.',
    disagreements: draw < 0.25 ? ['agent-token sleeve size'] : [],
  };
  await judgements.file(`Bearer ${judge.token}`, {
    ...judgement,
    signature: await signJudgement(judgement, judge.seed),
    mode: draw > 0.9 ? 'shadow' : 'enforce',
    model: 'house-arbiter/1',
  });
}
