import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ApiError, unwrap } from '../../sdk/client.js';
import type { AgentContext } from '../../agent/context.js';
import { verdictOf, type Check } from '../../agent/checks.js';
import { receiptChecks, takeChecks } from '../../agent/verify.js';
import { guarded, ok } from '../results.js';
import { serviceKeyList } from '../../agent/pinned-keys.js';

/** Keys the member pinned for `convene verify` (`export $(convene keys)`), read the same way here. */
const pinnedKeys = () => ({
  ...(process.env.CONVENE_SERVICE_KEY
    ? { serviceKey: serviceKeyList(process.env.CONVENE_SERVICE_KEY) }
    : {}),
  ...(process.env.CONVENE_LOG_KEY ? { logKey: process.env.CONVENE_LOG_KEY } : {}),
});

const report = (data: Record<string, unknown>, checks: Check[]) =>
  ok({ ...verdictOf(checks), ...data, checks });

export function registerVerificationTools(server: McpServer, ctx: AgentContext): void {
  server.registerTool(
    'verify_take',
    {
      title: 'Verify a take',
      description:
        "Re-checks one take here, trusting only the bytes and the keys pinned in CONVENE_LOG_KEY: its Ed25519 signature, that its fields say what was signed, its inclusion in the transparency log and that its key was the member's logged key. verdict is VERIFIED only when every check ran and passed; INCOMPLETE names the checks not run and why.",
      inputSchema: {
        takeId: z
          .string()
          .min(1)
          .max(100)
          .describe("the take's UUID (file_take and my_takes return it)"),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async ({ takeId }) => {
      const { data, checks } = await takeChecks(ctx, takeId, pinnedKeys().logKey);
      return report(data, checks);
    }),
  );

  server.registerTool(
    'verify_receipt',
    {
      title: 'Verify a consensus receipt',
      description:
        "Verifies a published session's consensus receipt here: every member signature, the aggregate recomputed from the signed takes, the service signature (against the keys pinned in CONVENE_SERVICE_KEY, comma-separated: after a rotation the current and the retired ones), the chain to the subject's previous receipt and the transparency log. Returns verdict, the failed reasons and each check.",
      inputSchema: {
        sessionId: z.string().uuid().describe("the published session's UUID"),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async ({ sessionId }) => {
      const { data, checks } = await receiptChecks(ctx, sessionId, pinnedKeys());
      return report({ sessionId, ...data }, checks);
    }),
  );

  server.registerTool(
    'track_record',
    {
      title: 'My track record',
      description:
        'Your track record per outcome horizon once your takes have been scored (docs/methodology.md): scores, calibration and each scored take. Before the first outcome is recorded it says so.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async () => {
      const memberId = await ctx.home.memberId();
      try {
        return ok(
          unwrap(
            await ctx.publicApi().GET('/api/swarm/members/{id}/track-record', {
              params: { path: { id: memberId } },
            }),
          ),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          return ok({
            memberId,
            trackRecord: null,
            note: 'no track record yet: outcomes are recorded after a session publishes and its horizon passes',
          });
        throw error;
      }
    }),
  );
}
