import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { emailDeliveryJob, smtpMailer } from '../email/delivery.js';
import { composeEmail } from '../email/compose.js';
import { kyselyTransactor } from '../db/transactor.js';
import type { Job } from '../jobs/scheduler.js';
import type { AnalyticsReads } from '../analytics/reads.js';
import type { RegimeAsOf } from '../regime/service.js';
import type { TreasuryParts } from '../treasury/compose.js';
import { BriefRepository } from './briefs/repository.js';
import { BriefService } from './briefs/service.js';
import { JudgementRepository } from './judgements/repository.js';
import { JudgementService } from './judgements/service.js';
import { ActivationService } from './members/activation.js';
import { ApplicationService } from './members/applications.js';
import { MemberReads } from './members/read-service.js';
import { MemberRepository } from './members/repository.js';
import { TokenClaimService } from './members/token-claim.js';
import { MemoRepository } from './memos/repository.js';
import { MemoService } from './memos/service.js';
import { ReceiptRepository } from './receipts/repository.js';
import { ReceiptService } from './receipts/service.js';
import { ServiceKeyStore } from './receipts/service-key.js';
import { ServiceKeyRepository } from './receipts/service-key-repository.js';
import { AllocationBridge } from './sessions/allocation-bridge.js';
import { sweepLifecycle, swarmLifecycleJob } from './sessions/jobs.js';
import { LifecycleService } from './sessions/lifecycle.js';
import { SessionReads } from './sessions/read-service.js';
import { SessionRepository } from './sessions/repository.js';
import { SessionSteps } from './sessions/steps.js';
import { RosterAdmin } from './sessions/roster-admin.js';
import { SubjectAdmin } from './subjects/admin.js';
import { SubjectRepository } from './subjects/repository.js';
import { SubjectReads } from './subjects/service.js';
import { TakeReads } from './takes/read-service.js';
import { TakeRepository } from './takes/repository.js';
import { TakeService } from './takes/service.js';
import { TakeVerifier } from './takes/verification.js';
import { OutcomeRecorder, outcomeJob } from './track-record/recorder.js';
import { TrackRecordRepository } from './track-record/repository.js';
import { seriesReader } from './track-record/series.js';
import { TrackRecordService } from './track-record/service.js';

/** Every swarm service, built once (see composeSwarm) and handed to the swarm's routes. */
export interface SwarmServices {
  applications: ApplicationService;
  activation: ActivationService;
  tokenClaims: TokenClaimService;
  takes: TakeService;
  takeReads: TakeReads;
  memos: MemoService;
  memberReads: MemberReads;
  subjects: SubjectReads;
  subjectAdmin: SubjectAdmin;
  sessionReads: SessionReads;
  briefs: BriefService;
  receipts: ReceiptService;
  judgements: JudgementService;
  lifecycle: LifecycleService;
  roster: RosterAdmin;
  allocations: AllocationBridge;
  trackRecords: TrackRecordService;
  /** Computes and publishes the outcomes that are due (the scheduled job's work). */
  outcomes: OutcomeRecorder;
  /** One pass of the lifecycle sweep (the scheduled job's work), for the admin route. */
  sweep: () => ReturnType<typeof sweepLifecycle>;
}

/** What the swarm's services are built from: the app's infrastructure, or the demo seeder's with its own clock. */
export type SwarmContext = Pick<AppContext, 'config' | 'database' | 'clock' | 'versions' | 'tlog'>;

/**
 * The swarm's part of the composition root (src/composition.ts): its repositories and services, each
 * built once and given what it uses, and its scheduled jobs. The demo seeder builds its own set
 * through here with a clock it drives, so demo history is filed exactly as live takes are.
 */
export function composeSwarm(
  context: SwarmContext,
  log: FastifyBaseLogger,
  /** The regime domain's as-of readings, for session regime summaries and briefs. */
  regime: RegimeAsOf,
  /** The treasury's reads and allocations: holdings snapshots, reference targets, recommendations. */
  treasury: Pick<TreasuryParts, 'reads' | 'allocations'>,
  /** The analytics dataset's price series, which track-record outcomes may follow. */
  analytics: AnalyticsReads,
): {
  services: SwarmServices;
  jobs: Job[];
  members: MemberRepository;
  subjects: SubjectRepository;
} {
  const { config, database, clock, versions, tlog } = context;
  const { db } = database;
  const publicBaseUrl = (): string => config.publicBaseUrl ?? `http://localhost:${config.port}`;
  const logged = config.logEnabled ? tlog.service : null;
  const keyLog = config.logEnabled ? tlog.keyEvents : null;

  const transactor = kyselyTransactor(db);
  const members = new MemberRepository(db);
  const takeRepository = new TakeRepository(db);
  const sessions = new SessionRepository(db);
  const subjects = new SubjectRepository(db);
  const briefs = new BriefRepository(db);
  const receipts = new ReceiptRepository(db);
  const judgements = new JudgementRepository(db);
  const trackRecords = new TrackRecordRepository(db);
  const readSeries = seriesReader(regime, treasury.reads, analytics);
  const email = composeEmail(database);

  const tokenClaims = new TokenClaimService({ transactor, members, clock });
  const verifier = new TakeVerifier({ log: logged });
  const memberReads = new MemberReads({ members });
  const serviceKeys = new ServiceKeyStore({ keys: new ServiceKeyRepository(db), config });
  const lifecycle = new LifecycleService({
    transactor,
    sessions,
    subjects,
    briefs,
    steps: new SessionSteps({ sessions, judgements, receipts }),
    treasury: treasury.reads,
    allocations: treasury.allocations,
    clock,
    versions,
    regime,
    serviceKeys,
    log: config.logEnabled ? tlog : null,
  });
  const allocations = new AllocationBridge({
    transactor,
    sessions,
    allocations: treasury.allocations,
    versions,
    log,
  });
  const sweepDeps = { sessions, subjects, briefs, clock, lifecycle, allocations, log };
  const outcomes = new OutcomeRecorder({
    transactor,
    trackRecords,
    clock,
    versions,
    settings: config.trackRecord,
    readSeries,
    log: config.logEnabled ? tlog.outcomeEntries : null,
  });

  const services: SwarmServices = {
    applications: new ApplicationService({ transactor, members, clock, keyLog }),
    activation: new ActivationService({
      transactor,
      members,
      rosters: {
        join: (trx, memberId, at) => sessions.joinCollectingSessions(memberId, at, trx),
      },
      outbox: email.outbox,
      clock,
      publicBaseUrl,
      keyLog,
    }),
    tokenClaims,
    takes: new TakeService({
      takes: takeRepository,
      clock,
      tokens: tokenClaims,
      versions,
      log: config.logEnabled ? tlog : null,
    }),
    takeReads: new TakeReads({
      takes: takeRepository,
      members,
      memberReads,
      verifier,
      proofs: logged,
    }),
    memos: new MemoService({ memos: new MemoRepository(db), clock }),
    memberReads,
    subjects: new SubjectReads({ subjects, clock }),
    subjectAdmin: new SubjectAdmin({ transactor, subjects, members, versions }),
    sessionReads: new SessionReads({
      sessions,
      subjects,
      briefs,
      clock,
      versions,
      regime,
      verifier,
      rowWatch: database.rowWatch,
    }),
    briefs: new BriefService({ briefs, versions, regime }),
    receipts: new ReceiptService({ receipts, keys: serviceKeys, log: logged }),
    judgements: new JudgementService({
      transactor,
      judgements,
      members,
      sessions: {
        exists: async (id) => (await sessions.findSession(id)) !== undefined,
        lock: (trx, id) => sessions.lockSession(id, trx),
      },
      clock,
      versions,
      tokens: tokenClaims,
    }),
    lifecycle,
    roster: new RosterAdmin({ sessions, members, lifecycle, now: () => clock.now() }),
    allocations,
    trackRecords: new TrackRecordService({
      trackRecords,
      versions,
      settings: config.trackRecord,
      members: memberReads,
      readSeries,
    }),
    outcomes,
    sweep: () => sweepLifecycle(sweepDeps),
  };

  const jobs: Job[] = [swarmLifecycleJob(sweepDeps), outcomeJob(outcomes, log)];
  if (config.smtpUrl !== undefined) {
    jobs.push(emailDeliveryJob(email.emails, smtpMailer(config.smtpUrl), clock, config.smtpFrom));
  }
  return { services, jobs, members, subjects };
}
