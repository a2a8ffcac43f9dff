import type { Command } from 'commander';
import { unwrap } from '../../sdk/client.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';

const ADMIN_HELP = '\nThe admin token comes from CONVENE_ADMIN_TOKEN or --admin-token-file <path>.';

/** convene admin session open|window|close|aggregate|judge|publish|roster. */
export function registerAdminSessions(admin: Command, context: () => CliContext): void {
  const session = admin.command('session').description('run a session lifecycle by hand');

  session
    .command('open <subjectId>')
    .description('open a session now (roster frozen, snapshot, brief)')
    .option('--date <YYYY-MM-DD>', 'UTC date (default today)')
    .option('--closes-at <iso>', 'submission deadline (default: none until set)')
    .addHelpText(
      'after',
      `\nExample:\n  convene admin session open convene-treasury --closes-at 2026-06-02T22:00:00Z${ADMIN_HELP}`,
    )
    .action(async (subjectId: string, options: { date?: string; closesAt?: string }) => {
      const ctx = context();
      const body = {
        subjectId,
        ...(options.date === undefined ? {} : { date: options.date }),
        ...(options.closesAt === undefined ? {} : { windowClosesAt: isoOrFail(options.closesAt) }),
      };
      const result = unwrap(
        await (await ctx.adminApi()).POST('/api/swarm/admin/sessions', { body }),
      );
      ctx.print(
        result,
        () =>
          `session ${result.sessionId}${result.created ? ' opened' : ' already open for that fire'}`,
      );
    });

  session
    .command('window <sessionId>')
    .description('set the submission deadline (or --none to remove it)')
    .option('--closes-at <iso>', 'new deadline')
    .option('--none', 'no deadline')
    .addHelpText(
      'after',
      `\nExample:\n  convene admin session window 6c1e… --closes-at 2026-06-02T22:00:00Z${ADMIN_HELP}`,
    )
    .action(async (sessionId: string, options: { closesAt?: string; none?: boolean }) => {
      const ctx = context();
      if ((options.closesAt === undefined) === (options.none !== true))
        throw new CliError('give --closes-at or --none', EXIT.usage);
      const windowClosesAt = options.none === true ? null : isoOrFail(options.closesAt ?? '');
      const result = unwrap(
        await (
          await ctx.adminApi()
        ).POST('/api/swarm/admin/sessions/{id}/window', {
          params: { path: { id: sessionId } },
          body: { windowClosesAt },
        }),
      );
      ctx.print(
        result,
        () =>
          `session ${result.sessionId}: ${result.state}, closes ${result.windowClosesAt ?? 'never'}`,
      );
    });

  for (const step of ['close', 'aggregate', 'judge', 'publish'] as const) {
    session
      .command(`${step} <sessionId>`)
      .description(`${step} the session (idempotent; earlier steps run first when needed)`)
      .addHelpText('after', `\nExample:\n  convene admin session ${step} 6c1e…${ADMIN_HELP}`)
      .action(async (sessionId: string) => {
        const ctx = context();
        const api = await ctx.adminApi();
        const params = { params: { path: { id: sessionId } } };
        ctx.progress(`${step}…`);
        const result = unwrap(
          step === 'close'
            ? await api.POST('/api/swarm/admin/sessions/{id}/close', params)
            : step === 'aggregate'
              ? await api.POST('/api/swarm/admin/sessions/{id}/aggregate', params)
              : step === 'judge'
                ? await api.POST('/api/swarm/admin/sessions/{id}/judge', params)
                : await api.POST('/api/swarm/admin/sessions/{id}/publish', params),
        );
        ctx.progressDone();
        ctx.print(result, () => `session ${result.sessionId}: ${result.state}`);
      });
  }

  session
    .command('roster <sessionId> <action> <member>')
    .description('add, excuse or restore a member while the session is collecting')
    .addHelpText(
      'after',
      `\nExample:\n  convene admin session roster 6c1e… excuse athena${ADMIN_HELP}`,
    )
    .action(async (sessionId: string, action: string, member: string) => {
      const ctx = context();
      if (action !== 'add' && action !== 'excuse' && action !== 'restore')
        throw new CliError('action is add, excuse or restore', EXIT.usage);
      const result = unwrap(
        await (
          await ctx.adminApi()
        ).POST('/api/swarm/admin/sessions/{id}/roster', {
          params: { path: { id: sessionId } },
          body: { memberId: member, action },
        }),
      );
      ctx.print(result, () => `roster now has ${result.roster.length} members`);
    });
}

function isoOrFail(text: string): string {
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new CliError(`not an ISO date-time: ${text}`, EXIT.usage);
  return new Date(time).toISOString();
}
