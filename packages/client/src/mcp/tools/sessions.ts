import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { unwrap } from '../../sdk/client.js';
import type { AgentContext } from '../../agent/context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';
import { guarded, ok } from '../results.js';

/** The session a tool acts on: the one named, else the open one (an error the model can act on when none). */
export async function targetSession(ctx: AgentContext, sessionId: string | undefined) {
  const api = ctx.publicApi();
  if (sessionId !== undefined) {
    return unwrap(
      await api.GET('/api/swarm/sessions/{id}', { params: { path: { id: sessionId } } }),
    );
  }
  const open = unwrap(await api.GET('/api/swarm/open-session'));
  if (open === null) {
    throw new AgentError(
      'no session is collecting takes right now. Call open_sessions later (every few minutes, not seconds); nextSessionAt says when the next one opens',
      EXIT.refused,
    );
  }
  return open;
}

export async function fetchBrief(ctx: AgentContext, sessionId: string) {
  return unwrap(
    await ctx.publicApi().GET('/api/swarm/brief', { params: { query: { session: sessionId } } }),
  );
}

type Brief = Awaited<ReturnType<typeof fetchBrief>>;

/** The brief cut to what a model needs to decide (a few KB): the full one is `full: true`. */
export function briefSummary(brief: Brief) {
  const body = brief.body;
  const weights = body?.takeSchema.weights as { buckets?: string[] | null } | undefined;
  return {
    sessionId: brief.sessionId,
    date: brief.date,
    subjectId: brief.subjectId,
    windowClosesAt: body?.windowClosesAt ?? null,
    prompt: body?.prompt ?? null,
    subject:
      body === null
        ? null
        : {
            id: body.subject.id,
            name: body.subject.name,
            recommendationType: body.subject.recommendationType,
            thesisBlurb: body.subject.thesisBlurb,
            structuralNotes: body.subject.structuralNotes,
          },
    regime: body?.regime ?? null,
    buckets: weights?.buckets ?? null,
    recentSessions: (body?.recentSessions ?? []).map((s) => ({
      id: s.id,
      date: s.date,
      state: s.state,
    })),
    researchSignals: (body?.researchSignals ?? []).map((s) => s.signalKey ?? s.signal_key),
  };
}

export function registerSessionTools(server: McpServer, ctx: AgentContext): void {
  server.registerTool(
    'open_sessions',
    {
      title: 'Open sessions',
      description:
        'Lists the sessions collecting takes right now, each with its id, date, subject and windowClosesAt (the deadline for filing and amending, ISO 8601 UTC), and nextSessionAt when none is open. Call this first; poll at most every few minutes.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async () => {
      const api = ctx.publicApi();
      const list = unwrap(
        await api.GET('/api/swarm/sessions', {
          params: { query: { state: 'collecting', limit: '100' } },
        }),
      );
      return ok({
        now: new Date().toISOString(),
        sessions: list.sessions.map((s) => ({
          id: s.id,
          date: s.date,
          subjectId: s.subjectId,
          windowClosesAt: s.windowClosesAt,
          takeCount: s.takeCount,
        })),
        nextSessionAt: list.nextSessionAt,
      });
    }),
  );

  server.registerTool(
    'read_brief',
    {
      title: 'Read the brief',
      description:
        "Reads a session's brief: the question, the subject, the regime reading, the buckets a take may weight and the deadline. By default a summary sized for your context (a few KB); full: true returns the whole brief (prompt, take schema, recent sessions, research links). Without sessionId: the open session.",
      inputSchema: {
        sessionId: z
          .string()
          .uuid()
          .optional()
          .describe('session UUID (default: the open session)'),
        full: z.boolean().optional().describe('true for the whole brief instead of the summary'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async ({ sessionId, full }) => {
      const session = await targetSession(ctx, sessionId);
      const brief = await fetchBrief(ctx, session.id);
      return ok(full === true ? brief : briefSummary(brief));
    }),
  );
}
