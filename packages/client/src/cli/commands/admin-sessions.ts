import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ApiError, unwrap } from '../../sdk/client.js';
import type { CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';

const ADMIN_HELP = '\nThe admin token comes from CONVENE_ADMIN_TOKEN or --admin-token-file <path>.';

/** convene admin session open|window|close|aggregate|judge|publish|roster. */
export function registerAdminSessions(admin: Command, context: () => CliContext): void {
  const session = admin.command('session').description('run a session lifecycle by hand');

  session
    .command('open')
    .argument('<subjectId>', "the subject's id, a slug such as convene-treasury")
    .description(
      'open a session now (roster frozen, snapshot, brief); one per date and subject unless --additional',
    )
    .option('--date <YYYY-MM-DD>', 'UTC date (default today)')
    .option('--closes-at <iso>', 'submission deadline (default: none until set)')
    .option(
      '--additional',
      'open even when the date and subject already have a session (takes then go to the newest)',
    )
    .addHelpText(
      'after',
      `\nA take names a date and a subject, not a session: a second session for the pair is refused
unless --additional. The schedule counts a session opened here as its date's fire.

Example:\n  convene admin session open convene-treasury --closes-at 2026-06-02T22:00:00Z${ADMIN_HELP}`,
    )
    .action(
      async (
        subjectId: string,
        options: { date?: string; closesAt?: string; additional?: boolean },
      ) => {
        const ctx = context();
        const body = {
          subjectId,
          ...(options.date === undefined ? {} : { date: options.date }),
          ...(options.closesAt === undefined
            ? {}
            : { windowClosesAt: isoOrFail(options.closesAt) }),
          ...(options.additional === true ? { additional: true } : {}),
        };
        const result = await refusedInPlainWords(async () =>
          unwrap(await (await ctx.adminApi()).POST('/api/swarm/admin/sessions', { body })),
        );
        ctx.print(
          result,
          () =>
            `session ${result.sessionId}${result.created ? ' opened' : ' already open for that fire'}`,
        );
      },
    );

  session
    .command('window')
    .argument('<sessionId>', "the session's UUID (`convene sessions` lists them)")
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
        throw new AgentError('give --closes-at or --none', EXIT.usage);
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

  for (const step of ['close', 'aggregate', 'judge'] as const) {
    session
      .command(step)
      .argument('<sessionId>', "the session's UUID (`convene sessions` lists them)")
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
              : await api.POST('/api/swarm/admin/sessions/{id}/judge', params),
        );
        ctx.progressDone();
        ctx.print(result, () => `session ${result.sessionId}: ${result.state}`);
      });
  }

  session
    .command('publish')
    .argument('<sessionId>', "the session's UUID (`convene sessions` lists them)")
    .description(
      'close, aggregate, judge, then sign and publish the receipt (idempotent); refuses a session with no take unless --force',
    )
    .option('--force', 'publish even when no take counts: the receipt records submitted: 0')
    .addHelpText(
      'after',
      `\nA receipt is signed and logged for good: a session in which no take counts is refused
unless --force.

Example:\n  convene admin session publish 6c1e…${ADMIN_HELP}`,
    )
    .action(async (sessionId: string, options: { force?: boolean }) => {
      const ctx = context();
      const api = await ctx.adminApi();
      ctx.progress('publish…');
      const result = await refusedInPlainWords(async () =>
        unwrap(
          await api.POST('/api/swarm/admin/sessions/{id}/publish', {
            params: {
              path: { id: sessionId },
              ...(options.force === true ? { query: { force: true } } : {}),
            },
          }),
        ),
      ).finally(() => ctx.progressDone());
      ctx.print(result, () => `session ${result.sessionId}: ${result.state}`);
    });

  session
    .command('roster')
    .argument('<sessionId>', "the session's UUID (`convene sessions` lists them)")
    .argument('<action>', 'add, excuse or restore')
    .argument('<member>', "the member's UUID or handle")
    .description('add, excuse or restore a member while the session is collecting')
    .addHelpText(
      'after',
      `\nExample:\n  convene admin session roster 6c1e… excuse athena${ADMIN_HELP}`,
    )
    .action(async (sessionId: string, action: string, member: string) => {
      const ctx = context();
      if (action !== 'add' && action !== 'excuse' && action !== 'restore')
        throw new AgentError('action is add, excuse or restore', EXIT.usage);
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

/** The subject's stored name and type, or undefined when it does not exist yet (a creation). */
async function storedSubject(
  ctx: CliContext,
  id: string,
): Promise<{ name: string; recommendationType: string } | undefined> {
  const { data, response } = await ctx
    .publicApi()
    .GET('/api/swarm/subjects/{id}', { params: { path: { id } } });
  if (response.status === 404 || data === undefined) return undefined;
  return { name: data.name, recommendationType: data.recommendationType };
}

/**
 * The two refusals an operator meets on the way to a receipt, in the CLI's words (its flags
 * rather than the API's fields); any other error as it came.
 */
async function refusedInPlainWords<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const body = error.body as { sessionId?: unknown };
    if (typeof body?.sessionId === 'string') {
      const [day] = error.message.split(':');
      throw new AgentError(
        `409: ${day}. A take names a date and a subject, not a session, so members' takes go to that session: use it (convene admin session window ${body.sessionId} --closes-at … moves its deadline), or pass --additional to open another anyway`,
        EXIT.refused,
      );
    }
    if (error.message.startsWith('no take counts')) {
      const [what] = error.message.split(';');
      throw new AgentError(
        `409: ${what}. Check the session (convene sessions --state collecting lists the open ones), or pass --force to publish it anyway`,
        EXIT.refused,
      );
    }
    throw error;
  }
}

function isoOrFail(text: string): string {
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new AgentError(`not an ISO date-time: ${text}`, EXIT.usage);
  return new Date(time).toISOString();
}

/** convene admin subject put <id>: create or edit a subject (flags, or a JSON file of fields). */
export function registerAdminSubjects(admin: Command, context: () => CliContext): void {
  admin
    .command('subject')
    .argument('<subjectId>', "the subject's id, a slug such as convene-treasury")
    .description('create or edit a subject: name, recommendation type, convene schedule, quorum')
    .option('--file <path>', 'JSON file with the subject fields (see /openapi.json)')
    .option('--name <name>', 'display name')
    .option('--type <type>', 'bucket_weights or position_actions')
    .option('--schedule <cron>', 'cron expression (UTC) that convenes sessions')
    .option('--enable', 'enable the schedule')
    .option('--disable', 'disable the schedule')
    .option('--quorum <n>', 'members required for quorum')
    .addHelpText(
      'after',
      `\nAn edit gives only what changes: convene admin subject convene-treasury --enable keeps the
stored name, type, schedule and quorum.

Example:\n  convene admin subject convene-treasury --name "Convene treasury" --type bucket_weights --schedule "0 0 * * *" --enable${ADMIN_HELP}`,
    )
    .action(
      async (
        id: string,
        options: {
          file?: string;
          name?: string;
          type?: string;
          schedule?: string;
          enable?: boolean;
          disable?: boolean;
          quorum?: string;
        },
      ) => {
        const ctx = context();
        const fromFile =
          options.file === undefined
            ? {}
            : (JSON.parse(await readFile(options.file, 'utf8')) as Record<string, unknown>);
        if (options.enable === true && options.disable === true)
          throw new AgentError('give --enable or --disable, not both', EXIT.usage);
        const quorum = options.quorum === undefined ? undefined : Number(options.quorum);
        if (quorum !== undefined && !Number.isInteger(quorum))
          throw new AgentError('--quorum must be an integer', EXIT.usage);
        // An edit may give only what changes (`--enable`): the route wants the name and type on
        // every write, so they come from the stored subject when neither flag nor file has them.
        const stored =
          options.name === undefined || options.type === undefined
            ? await storedSubject(ctx, id)
            : undefined;
        const body = {
          ...(stored === undefined
            ? {}
            : { name: stored.name, recommendationType: stored.recommendationType }),
          ...fromFile,
          ...(options.name === undefined ? {} : { name: options.name }),
          ...(options.type === undefined ? {} : { recommendationType: options.type }),
          ...(options.schedule === undefined ? {} : { schedule: options.schedule }),
          ...(options.enable === true
            ? { scheduleEnabled: true }
            : options.disable === true
              ? { scheduleEnabled: false }
              : {}),
          ...(quorum === undefined ? {} : { quorumRequired: quorum }),
        };
        const result = unwrap(
          await (
            await ctx.adminApi()
          ).PUT('/api/swarm/admin/subjects/{id}', {
            params: { path: { id } },
            body: body as never,
          }),
        );
        ctx.print(result, () => `subject ${id} ${result.created ? 'created' : 'updated'}`);
      },
    );
}
