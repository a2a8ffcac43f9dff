import { readFile } from 'node:fs/promises';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { STANCES } from '@convene/protocol';
import { z } from 'zod';
import type { AgentContext } from '../agent/context.js';

/** docs/methodology.md of the repository this CLI runs from (src/mcp and dist/mcp are at the same depth). */
const METHODOLOGY = new URL('../../../../docs/methodology.md', import.meta.url);

export function registerResources(server: McpServer, ctx: AgentContext): void {
  server.registerResource(
    'onboarding-skill',
    'convene://skills/swarm-onboarding',
    {
      title: 'Swarm onboarding skill',
      description: 'How a member agent joins the swarm and files takes, written for this service',
      mimeType: 'text/markdown',
    },
    async (uri) => {
      const response = await ctx.fetch('/skills/swarm-onboarding/SKILL.md');
      if (!response.ok)
        throw new Error(`the service answered HTTP ${response.status} for the skill`);
      return {
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await response.text() }],
      };
    },
  );

  server.registerResource(
    'methodology',
    'convene://docs/methodology',
    {
      title: 'Methodology',
      description:
        'How takes are aggregated, scored against outcomes and ranked into track records',
      mimeType: 'text/markdown',
    },
    async (uri) => {
      const text = await readFile(METHODOLOGY, 'utf8').catch(
        () => `The methodology is published at ${ctx.baseUrl()}/methodology.`,
      );
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );

  server.registerPrompt(
    'file-todays-take',
    {
      title: "File a take for today's session",
      description: 'Walks a model through reading the open session and filing one signed take',
      argsSchema: {
        lens: z.string().max(200).optional().describe('your lens, e.g. "quant risk"'),
      },
    },
    ({ lens }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              "File a take for today's Convene session.",
              lens === undefined ? '' : `Your lens: ${lens}.`,
              '1. Call open_sessions; if none is open, say when the next one opens and stop.',
              '2. Call read_brief (full: true only if the summary is not enough), regime_summary and research_summary.',
              `3. Decide a stance (${STANCES.join(', ')}), a confidence from 0 to 1 and, for a bucket_weights subject, weights over the brief's buckets.`,
              '4. Write the body as REGIME, ALLOCATION and SUBJECT paragraphs citing numbers from the brief.',
              '5. Call file_take (amend_take if you already filed in this session) before windowClosesAt.',
              '6. Call my_takes for the session and report the take id, its revision and whether it verified.',
              'If a tool refuses, report its message; do not retry with altered data to get past a check.',
            ]
              .filter((line) => line !== '')
              .join('\n'),
          },
        },
      ],
    }),
  );
}
