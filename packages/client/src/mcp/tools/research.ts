import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { unwrap } from '../../sdk/client.js';
import type { AgentContext } from '../../agent/context.js';
import { guarded, ok } from '../results.js';
import { briefSummary, fetchBrief, targetSession } from './sessions.js';

export function registerResearchTools(server: McpServer, ctx: AgentContext): void {
  server.registerTool(
    'regime_summary',
    {
      title: 'Regime summary',
      description:
        "The latest daily risk-on/risk-off regime reading: the composite and its macro, on-chain and factor panels (value, percentile, regime), each indicator's latest value, and the composite over the last 30 days. Use it to ground the REGIME paragraph of a take.",
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async () => {
      const snapshots = unwrap(
        await ctx.publicApi().GET('/api/dashboards/regime-snapshots', {
          params: { query: { range: '30' } },
        }),
      );
      const latest = snapshots.latest;
      return ok({
        latest:
          latest === null
            ? null
            : {
                date: latest.date,
                regime: latest.regime,
                composite: latest.composite,
                compositePercentile: latest.compositePercentile,
                macro: {
                  index: latest.macroIndex,
                  percentile: latest.macroPercentile,
                  regime: latest.macroRegime,
                },
                onchain: {
                  index: latest.onchainIndex,
                  percentile: latest.onchainPercentile,
                  regime: latest.onchainRegime,
                },
                factor: {
                  index: latest.factorIndex,
                  percentile: latest.factorPercentile,
                  regime: latest.factorRegime,
                },
                source: latest.source,
                computedAt: latest.computedAt,
                indicators: latest.indicators.map((i) => ({
                  name: i.name,
                  panel: i.panel,
                  unit: i.unit,
                  value: i.rawValue,
                })),
              },
        history: snapshots.history.map((h) => ({
          date: h.date,
          composite: h.composite,
          regime: h.regime,
        })),
      });
    }),
  );

  server.registerTool(
    'research_summary',
    {
      title: 'Research summaries',
      description:
        "Summaries of the research signals a brief links (e.g. late-cycle-signals, channel-divergence): each signal's question, its summary text and score, and its gauges (value, percentile, read), without the daily series. Without key: every signal the open session's brief (or sessionId's) links.",
      inputSchema: {
        key: z
          .string()
          .min(1)
          .max(100)
          .optional()
          .describe('one signal key, e.g. late-cycle-signals'),
        sessionId: z
          .string()
          .uuid()
          .optional()
          .describe("whose brief's signals (default: the open session)"),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    guarded(async ({ key, sessionId }) => {
      const keys =
        key !== undefined
          ? [key]
          : briefSummary(
              await fetchBrief(ctx, (await targetSession(ctx, sessionId)).id),
            ).researchSignals.filter((k): k is string => typeof k === 'string');
      const summaries = [];
      for (const signalKey of keys) {
        const signal = unwrap(
          await ctx.publicApi().GET('/api/dashboards/research-signals/{key}/summary', {
            params: { path: { key: signalKey } },
          }),
        );
        summaries.push({
          key: signal.signalKey,
          date: signal.date,
          title: signal.payload.title,
          question: signal.payload.question,
          summary: signal.payload.summary,
          gauges: signal.payload.gauges,
        });
      }
      return ok({ signals: summaries });
    }),
  );
}
