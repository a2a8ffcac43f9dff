import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../clock.js';
import { briefRoutes } from './briefs/routes.js';
import { judgementRoutes } from './judgements/routes.js';
import { memberAdminRoutes } from './members/admin-routes.js';
import { memberReadRoutes } from './members/read-routes.js';
import { onboardingRoutes } from './members/routes.js';
import { memoRoutes } from './memos/routes.js';
import { receiptRoutes } from './receipts/routes.js';
import type { SwarmServices } from './compose.js';
import { SESSION_SUBROUTES } from './shared/constants.js';
import { sessionAdminRoutes } from './sessions/admin-routes.js';
import { sessionReadRoutes } from './sessions/routes.js';
import { subjectAdminRoutes } from './subjects/admin-routes.js';
import { subjectRoutes } from './subjects/routes.js';
import { takeRoutes } from './takes/routes.js';
import { trackRecordRoutes } from './track-record/routes.js';

/** Every swarm route, each plugin given the services it uses (built in composeSwarm). */
export const swarmRoutes: FastifyPluginAsync<{
  swarm: SwarmServices;
  clock: Clock;
  adminToken: string | undefined;
  publicBaseUrl: string | undefined;
}> = async (app, { swarm, clock, adminToken, publicBaseUrl }) => {
  // A route under /api/swarm/sessions/{x}/<segment> shadows a subject named <segment> at the
  // date/subject route, so every such segment must be a reserved slug (subjects/admin.ts).
  app.addHook('onRoute', (route) => {
    const segment = /^\/api\/swarm\/sessions\/:[^/]+\/([^/:]+)$/.exec(route.url)?.[1];
    if (segment !== undefined && !(SESSION_SUBROUTES as readonly string[]).includes(segment))
      throw new Error(`route ${route.url}: add '${segment}' to SESSION_SUBROUTES`);
  });

  await app.register(onboardingRoutes, {
    applications: swarm.applications,
    tokenClaims: swarm.tokenClaims,
  });
  await app.register(memberAdminRoutes, { activation: swarm.activation, adminToken });
  await app.register(takeRoutes, { takes: swarm.takes, reads: swarm.takeReads });
  await app.register(memoRoutes, {
    memos: swarm.memos,
    tokenClaims: swarm.tokenClaims,
    publicBaseUrl,
  });
  await app.register(memberReadRoutes, { reads: swarm.memberReads });
  await app.register(subjectRoutes, { subjects: swarm.subjects });
  await app.register(subjectAdminRoutes, { subjects: swarm.subjectAdmin, adminToken });
  await app.register(sessionReadRoutes, { reads: swarm.sessionReads });
  await app.register(briefRoutes, { briefs: swarm.briefs });
  await app.register(receiptRoutes, { receipts: swarm.receipts });
  await app.register(judgementRoutes, { judgements: swarm.judgements });
  await app.register(trackRecordRoutes, { trackRecords: swarm.trackRecords });
  await app.register(sessionAdminRoutes, {
    lifecycle: swarm.lifecycle,
    roster: swarm.roster,
    allocations: swarm.allocations,
    clock,
    sweep: swarm.sweep,
    adminToken,
  });
};
