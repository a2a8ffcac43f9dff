import { SESSION_STATES } from '@convene/protocol';
import { Option, type Command } from 'commander';
import { unwrap } from '../../sdk/client.js';
import { table, type CliContext } from '../context.js';

/** convene sessions: GET /api/swarm/sessions with its filters, newest first, one page at a time. */
export function registerSessions(program: Command, context: () => CliContext): void {
  program
    .command('sessions')
    .description(
      'list sessions, newest first, with their UUIDs (what `verify receipt` and `brief --session` take)',
    )
    .addOption(new Option('--state <state>', 'only sessions in this state').choices(SESSION_STATES))
    .option('--subject <subjectId>', 'only this subject, e.g. convene-treasury')
    .option('--search <phrase>', 'a phrase in the date, rationale or synthesis')
    .option('--limit <n>', 'page size (1 to 100, default 20)')
    .option('--cursor <cursor>', 'the next page: the cursor the previous page printed')
    .addHelpText(
      'after',
      '\nExamples:\n  convene sessions --state published --limit 5\n  convene verify receipt $(convene sessions --state published --limit 1 --json | jq -r ".sessions[0].id")',
    )
    .action(
      async (options: {
        state?: (typeof SESSION_STATES)[number];
        subject?: string;
        search?: string;
        limit?: string;
        cursor?: string;
      }) => {
        const ctx = context();
        const query = Object.fromEntries(
          Object.entries(options).filter(([, value]) => value !== undefined),
        ) as typeof options;
        const page = unwrap(
          await ctx.publicApi().GET('/api/swarm/sessions', { params: { query } }),
        );
        ctx.print(page, () =>
          [
            table(
              ['session', 'date', 'subject', 'state', 'takes', 'closes at'],
              page.sessions.map((session) => [
                session.id,
                session.date,
                session.subjectId,
                session.state,
                session.takeCount,
                session.windowClosesAt,
              ]),
            ),
            ...(page.nextCursor === null ? [] : [`next page: --cursor ${page.nextCursor}`]),
          ].join('\n'),
        );
      },
    );
}
