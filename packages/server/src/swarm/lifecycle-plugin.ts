import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app.js';
import { BriefService } from './briefs/service.js';
import { briefRoutes } from './briefs/routes.js';
import { judgementRoutes } from './judgements/routes.js';
import { JudgementService } from './judgements/service.js';
import type { MemberReads } from './members/read-service.js';
import type { MemberRepository } from './members/repository.js';
import { memberReadRoutes } from './members/read-routes.js';
import type { TokenClaimService } from './members/token-claim.js';
import { receiptRoutes } from './receipts/routes.js';
import { ReceiptService } from './receipts/service.js';
import { ServiceKeyStore } from './receipts/service-key.js';
import { sessionAdminRoutes } from './sessions/admin-routes.js';
import { AllocationBridge } from './sessions/allocation-bridge.js';
import { sweepLifecycle, swarmLifecycleJob } from './sessions/jobs.js';
import { LifecycleService } from './sessions/lifecycle.js';
import { SessionReads } from './sessions/read-service.js';
import { RosterAdmin } from './sessions/roster-admin.js';
import { sessionReadRoutes } from './sessions/routes.js';
import { SubjectAdmin } from './subjects/admin.js';
import { subjectAdminRoutes } from './subjects/admin-routes.js';
import { subjectRoutes } from './subjects/routes.js';
import { SubjectReads } from './subjects/service.js';
import type { TakeVerifier } from './takes/verification.js';
import { sessionLookups } from './sessions/repository.js';

/** The session lifecycle and every swarm read route: services built once, routes and job registered. */
export async function registerLifecycle(
  app: FastifyInstance,
  context: AppContext,
  swarm: {
    members: MemberRepository;
    tokenClaims: TokenClaimService;
    verifier: TakeVerifier;
    memberReads: MemberReads;
  },
): Promise<void> {
  const { members, tokenClaims, verifier, memberReads } = swarm;
  const { config, database, clock, versions, scheduler } = context;
  const { db } = database;
  const serviceKeys = new ServiceKeyStore(database, config);
  const lifecycle = new LifecycleService(
    db,
    clock,
    versions,
    serviceKeys,
    config.logEnabled ? context.tlog : null,
  );
  const allocations = new AllocationBridge(database, versions, app.log);
  const sweepDeps = { db, clock, lifecycle, allocations };

  await app.register(memberReadRoutes, { reads: memberReads });
  await app.register(subjectRoutes, { subjects: new SubjectReads(db, clock) });
  await app.register(subjectAdminRoutes, {
    subjects: new SubjectAdmin(db, members, versions),
    adminToken: config.adminToken,
  });
  await app.register(sessionReadRoutes, { reads: new SessionReads(db, clock, versions, verifier) });
  await app.register(briefRoutes, { briefs: new BriefService(db, versions) });
  await app.register(receiptRoutes, {
    receipts: new ReceiptService(db, serviceKeys, config.logEnabled ? context.tlog.service : null),
  });
  await app.register(judgementRoutes, {
    judgements: new JudgementService(db, members, sessionLookups(db), clock, versions, tokenClaims),
  });
  await app.register(sessionAdminRoutes, {
    lifecycle,
    roster: new RosterAdmin(db, members, lifecycle, () => clock.now()),
    allocations,
    clock,
    sweep: () => sweepLifecycle(sweepDeps),
    adminToken: config.adminToken,
  });

  scheduler.add(swarmLifecycleJob({ ...sweepDeps, log: app.log }));
}
