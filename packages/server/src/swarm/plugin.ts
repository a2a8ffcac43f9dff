import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app.js';
import { emailDeliveryJob, smtpMailer } from '../email/delivery.js';
import { ActivationService } from './members/activation.js';
import { MemberReads } from './members/read-service.js';
import { MemberRepository } from './members/repository.js';
import { joinCollectingSessions } from './sessions/repository.js';
import { ApplicationService } from './members/applications.js';
import { onboardingRoutes } from './members/routes.js';
import { TokenClaimService } from './members/token-claim.js';
import { memoRoutes } from './memos/routes.js';
import { MemoRepository } from './memos/repository.js';
import { MemoService } from './memos/service.js';
import { takeRoutes } from './takes/routes.js';
import { TakeReads } from './takes/read-service.js';
import { TakeService } from './takes/service.js';
import { TakeVerifier } from './takes/verification.js';
import { registerLifecycle } from './lifecycle-plugin.js';
import { SESSION_SUBROUTES, SWARM_DATASET } from './shared/constants.js';

/** The swarm's composition root: services built once, route plugins registered in order. */
export const swarmPlugin: FastifyPluginAsync<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { config, database, clock, scheduler } = context;
  const { db } = database;
  const publicBaseUrl = (): string => config.publicBaseUrl ?? `http://localhost:${config.port}`;

  const members = new MemberRepository(db);
  const tokenClaims = new TokenClaimService(db, members, clock);
  const applications = new ApplicationService(db, members, clock);
  const activation = new ActivationService(
    db,
    members,
    { join: joinCollectingSessions },
    clock,
    publicBaseUrl,
  );
  const takes = new TakeService(db, clock, tokenClaims, {
    logged: config.logEnabled,
    accepted: async () => {
      context.tlog.takeAccepted();
      await context.versions.bumpSoon(SWARM_DATASET);
    },
  });
  const memos = new MemoService(new MemoRepository(db), clock);
  const logged = config.logEnabled ? context.tlog.service : null;
  const verifier = new TakeVerifier(logged);

  // A route under /api/swarm/sessions/{x}/<segment> shadows a subject named <segment> at the
  // date/subject route, so every such segment must be a reserved slug (subjects/admin.ts).
  app.addHook('onRoute', (route) => {
    const segment = /^\/api\/swarm\/sessions\/:[^/]+\/([^/:]+)$/.exec(route.url)?.[1];
    if (segment !== undefined && !(SESSION_SUBROUTES as readonly string[]).includes(segment))
      throw new Error(`route ${route.url}: add '${segment}' to SESSION_SUBROUTES`);
  });

  await app.register(onboardingRoutes, {
    applications,
    activation,
    tokenClaims,
    adminToken: config.adminToken,
  });
  const memberReads = new MemberReads(members);
  await app.register(takeRoutes, {
    takes,
    reads: new TakeReads(db, members, memberReads, verifier, logged),
  });
  await app.register(memoRoutes, { memos, tokenClaims, publicBaseUrl: config.publicBaseUrl });

  await registerLifecycle(app, context, { members, tokenClaims, verifier, memberReads });

  if (config.smtpUrl !== undefined) {
    scheduler.add(emailDeliveryJob(db, smtpMailer(config.smtpUrl), clock, config.smtpFrom));
  }
};
