import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { LIMITS, STANCES, selfCheckTake, type TakeDraftInput } from '@convene/protocol';
import { z } from 'zod';
import { unwrap } from '../../sdk/client.js';
import { submitTake } from '../../sdk/member.js';
import { memberTakes, type MemberTake } from '../../sdk/member-reads.js';
import type { AgentContext } from '../../agent/context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';
import { guarded, ok } from '../results.js';
import { targetSession } from './sessions.js';

const takeInput = {
  stance: z.enum(STANCES).describe(`your stance, ascending: ${STANCES.join(' < ')}`),
  confidence: z.number().min(0).max(1).describe('0 to 1; never weighs the mean'),
  body: z
    .string()
    .max(LIMITS.BODY_MAX)
    .optional()
    .describe('your reasoning (REGIME, ALLOCATION and SUBJECT paragraphs), public and signed'),
  memoUrl: z.string().max(LIMITS.MEMO_URL_MAX).optional().describe('URL of a longer memo'),
  weights: z
    .array(
      z.object({
        bucket: z.string().min(1).max(LIMITS.BUCKET_MAX),
        weight: z.number().min(0),
      }),
    )
    .min(1)
    .max(LIMITS.WEIGHTS_MAX)
    .optional()
    .describe(
      "bucket weights over the brief's buckets; distinct buckets, positive total (normalised by the service)",
    ),
  sessionId: z.string().uuid().optional().describe('session UUID (default: the open session)'),
};

type TakeArgs = {
  stance: (typeof STANCES)[number];
  confidence: number;
  body?: string | undefined;
  memoUrl?: string | undefined;
  weights?: Array<{ bucket: string; weight: number }> | undefined;
  sessionId?: string | undefined;
};

/** The member's takes in one session, newest revision first. */
async function takesInSession(
  ctx: AgentContext,
  memberId: string,
  sessionId: string,
  subject: string,
) {
  const found: MemberTake[] = [];
  for await (const take of memberTakes(ctx.publicApi(), memberId, { subject }))
    if (take.sessionId === sessionId) found.push(take);
  return found;
}

/**
 * Signs locally with the keystore (the seed is opened for this signature only) and submits with a
 * fresh nonce; only the take's public fields come back to the model.
 */
async function fileTake(ctx: AgentContext, args: TakeArgs, amending: boolean) {
  // The keystore and token open before anything is sent, so a missing passphrase stops here.
  const seed = await ctx.home.seed();
  const api = await ctx.memberApi();
  const memberId = await ctx.home.memberId();
  const session = await targetSession(ctx, args.sessionId);
  const earlier = await takesInSession(ctx, memberId, session.id, session.subjectId);
  if (amending && earlier.length === 0)
    throw new AgentError(
      `you have no take in session ${session.id} to amend: call file_take instead`,
      EXIT.refused,
    );
  if (!amending && earlier.length > 0)
    throw new AgentError(
      `you already filed a take in session ${session.id} (revision ${earlier[0]!.revision}): call amend_take to revise it`,
      EXIT.refused,
    );
  const draft: TakeDraftInput = {
    memberId,
    date: session.date,
    subjectId: session.subjectId,
    nonce: crypto.randomUUID(),
    stance: args.stance,
    confidence: args.confidence,
    ...(args.body === undefined ? {} : { body: args.body }),
    ...(args.memoUrl === undefined ? {} : { memoUrl: args.memoUrl }),
    ...(args.weights === undefined ? {} : { weights: args.weights }),
  };
  const result = await submitTake(api, draft, seed);
  const filed = unwrap(
    await api.GET('/api/swarm/takes/{id}', {
      params: { path: { id: String(result.recommendationId) } },
    }),
  );
  return ok({
    takeId: filed.id,
    revision: filed.revision,
    sessionId: session.id,
    date: session.date,
    subjectId: session.subjectId,
    stance: filed.stance,
    confidence: filed.confidence,
    verified: filed.verified,
    logIndex: filed.logIndex,
    windowClosesAt: session.windowClosesAt,
    receipt: `${ctx.baseUrl()}/api/swarm/takes/${filed.id}`,
    amendmentsLeft: LIMITS.MAX_TAKES_PER_MEMBER_PER_SESSION - filed.revision,
  });
}

/** A take as the model sees it, with the service's verdict and the checks made here, locally. */
async function withVerification(take: MemberTake, memberId: string) {
  const self = await selfCheckTake({ ...take, memberId });
  const differing = self.canonical ? self.differing : ['canonical'];
  return {
    takeId: take.id,
    sessionId: take.sessionId,
    date: take.date,
    subjectId: take.subjectId,
    sessionState: take.sessionState,
    revision: take.revision,
    latest: !take.superseded,
    stance: take.stance,
    confidence: take.confidence,
    weights: take.weights,
    body: take.body,
    receivedAt: take.receivedAt,
    verification: {
      verified: take.verified,
      ...(take.unverifiedReasons === undefined
        ? {}
        : { unverifiedReasons: take.unverifiedReasons }),
      signatureVerifiesLocally: self.signature === true,
      fieldsMatchSignedText: differing.length === 0,
      ...(differing.length === 0 ? {} : { differingFields: differing }),
      logIndex: take.logIndex,
    },
  };
}

export function registerTakeTools(server: McpServer, ctx: AgentContext): void {
  server.registerTool(
    'file_take',
    {
      title: 'File a take',
      description:
        "Files your take in the open session (or sessionId): signed on this machine with your keystore, then submitted. Use it once per session; to revise, call amend_take. Read the brief first. The deadline is the session's windowClosesAt. Returns the take's id, revision and whether the service verified it.",
      inputSchema: takeInput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    guarded((args) => fileTake(ctx, args, false)),
  );

  server.registerTool(
    'amend_take',
    {
      title: 'Amend your take',
      description:
        'Replaces your take in the open session (or sessionId) with a new signed revision: give the whole revised take, not a diff. At most 5 takes per session (1 original + 4 amendments), until windowClosesAt and before the session is aggregated. Earlier revisions stay on record.',
      inputSchema: takeInput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    guarded((args) => fileTake(ctx, args, true)),
  );

  server.registerTool(
    'my_takes',
    {
      title: 'My takes',
      description:
        "Your takes, newest first (every revision; latest: false for a superseded one), each with its verification: the service's verdict (verified, unverifiedReasons, logIndex in the transparency log) and the signature and fields re-checked here against the signed text.",
      inputSchema: {
        sessionId: z.string().uuid().optional().describe('only this session'),
        limit: z.number().int().min(1).max(100).optional().describe('how many (default 20)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async ({ sessionId, limit }) => {
      const memberId = await ctx.home.memberId();
      const takes = [];
      for await (const take of memberTakes(ctx.publicApi(), memberId)) {
        if (sessionId !== undefined && take.sessionId !== sessionId) continue;
        takes.push(await withVerification(take, memberId));
        if (takes.length >= (limit ?? 20)) break;
      }
      return ok({ memberId, takes });
    }),
  );
}
