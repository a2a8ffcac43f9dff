import { readFile } from 'node:fs/promises';
import { STANCES, type ErrorCode, type TakeDraftInput, type Weight } from '@convene/protocol';
import type { Command } from 'commander';
import { ApiError, unwrap } from '../../sdk/client.js';
import { submitTake } from '../../sdk/member.js';
import { table, type CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';

/** What each 409 (and the usual 4xx) of submit means for the member, in plain words, by error code. */
export const SUBMIT_ADVICE: Readonly<Partial<Record<ErrorCode, string>>> = {
  window_closed:
    "the session's window has closed (windowClosesAt passed). Wait for the next session: `convene open-session`.",
  cap_reached:
    'you already filed 5 takes in this session (1 original + 4 amendments). The latest one stands; waiting does not help.',
  nonce_replay: 'that nonce was used before. Leave out --nonce and the CLI mints a fresh one.',
  amendment_closed:
    'the session is already aggregated: amendments are closed and your latest take stands.',
  revision_race:
    'another submit of yours won the same revision at the same moment. Run the command again.',
  not_on_roster:
    "you are not on this session's frozen roster (you joined after it convened?). Take part in the next session.",
  excused: 'an operator excused you from this session.',
  signature_failed: 'the signature did not verify: is your keystore the key you applied with?',
};

/** Parses `bucket=w,bucket=w`; the protocol rules (distinct, finite ≥ 0, positive total) are the server's. */
export function parseWeights(text: string): Weight[] {
  return text.split(',').map((pair) => {
    const [bucket, value, extra] = pair.split('=').map((part) => part.trim());
    const weight = Number(value);
    if (
      bucket === undefined ||
      bucket === '' ||
      value === undefined ||
      value === '' ||
      extra !== undefined ||
      !Number.isFinite(weight)
    ) {
      throw new AgentError(`--weights: "${pair}" is not bucket=weight`, EXIT.usage);
    }
    return { bucket, weight };
  });
}

function parseConfidence(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new AgentError(`--confidence must be a number from 0 to 1 (got "${text}")`, EXIT.usage);
  }
  return value;
}

export function registerSession(program: Command, context: () => CliContext): void {
  program
    .command('open-session')
    .description(
      'the session collecting takes now, with its deadline (poll every few minutes, not seconds)',
    )
    .addHelpText('after', '\nExample:\n  convene open-session --json')
    .action(async () => {
      const ctx = context();
      const session = unwrap(await ctx.publicApi().GET('/api/swarm/open-session'));
      ctx.print(session, () =>
        session === null
          ? 'no session is collecting takes right now'
          : [
              `session     ${session.id}`,
              `subject     ${session.subjectId}`,
              `date        ${session.date}`,
              `closes at   ${session.windowClosesAt ?? 'no deadline yet'}`,
              `takes       ${session.takeCount}`,
            ].join('\n'),
      );
    });

  program
    .command('brief')
    .description("read a session's brief: --session <id> (preferred) or --date with --subject")
    .option(
      '--session <sessionId>',
      "the session's UUID (`convene sessions`, `convene open-session`)",
    )
    .option('--date <YYYY-MM-DD>', 'UTC date (with --subject)')
    .option('--subject <id>', 'subject id (with --date)')
    .option('--with-signals', 'embed research signal payloads (about 1 MB)')
    .addHelpText(
      'after',
      '\nExamples:\n  convene brief --session 6c1e…\n  convene brief --date 2026-06-01 --subject convene-treasury',
    )
    .action(
      async (options: {
        session?: string;
        date?: string;
        subject?: string;
        withSignals?: boolean;
      }) => {
        const ctx = context();
        if (
          options.session === undefined &&
          (options.date === undefined || options.subject === undefined)
        ) {
          throw new AgentError('give --session, or both --date and --subject', EXIT.usage);
        }
        const query = {
          ...(options.session === undefined ? {} : { session: options.session }),
          ...(options.date === undefined ? {} : { date: options.date }),
          ...(options.subject === undefined ? {} : { subject: options.subject }),
          ...(options.withSignals === true ? { include: 'researchSignals' } : {}),
        };
        const brief = unwrap(await ctx.publicApi().GET('/api/swarm/brief', { params: { query } }));
        ctx.print(brief, () => JSON.stringify(brief, null, 2));
      },
    );

  program
    .command('take')
    .description(
      'sign and submit a take to the open session (or --date/--subject); amend by running it again',
    )
    .requiredOption('--stance <stance>', `one of ${STANCES.join(', ')}`)
    .requiredOption('--confidence <0..1>', 'your confidence, 0 to 1')
    .option('--weights <bucket=w,…>', 'bucket weights, e.g. conservative=95,agents=5')
    .option('--body <text>', 'the take text (≤ 10,000 characters)')
    .option('--body-file <path>', 'read the take text from a file')
    .option('--memo-url <url>', 'URL of a longer memo (see `convene memo post`)')
    .option('--date <YYYY-MM-DD>', 'session date (default: the open session)')
    .option('--subject <id>', 'subject id (default: the open session)')
    .option('--nonce <nonce>', 'explicit nonce (default: a fresh random one)')
    .addHelpText(
      'after',
      '\nExample:\n  convene take --stance constructive --confidence 0.7 --weights conservative=95,agents=5 --body-file take.md',
    )
    .action(
      async (options: {
        stance: string;
        confidence: string;
        weights?: string;
        body?: string;
        bodyFile?: string;
        memoUrl?: string;
        date?: string;
        subject?: string;
        nonce?: string;
      }) => {
        const ctx = context();
        if (options.body !== undefined && options.bodyFile !== undefined)
          throw new AgentError('give --body or --body-file, not both', EXIT.usage);
        const body =
          options.bodyFile === undefined
            ? options.body
            : await readFile(options.bodyFile, 'utf8').catch(() => {
                throw new AgentError(`cannot read ${options.bodyFile}`, EXIT.usage);
              });
        // The passphrase opens the keystore and the token before anything is asked of the service.
        const seed = await ctx.home.seed();
        const api = await ctx.memberApi();
        let { date, subject } = options;
        if (date === undefined || subject === undefined) {
          const open = unwrap(await ctx.publicApi().GET('/api/swarm/open-session'));
          if (open === null)
            throw new AgentError(
              'no session is collecting takes; pass --date and --subject to target one',
              EXIT.refused,
            );
          date ??= open.date;
          subject ??= open.subjectId;
        }
        const draft: TakeDraftInput = {
          memberId: await ctx.home.memberId(),
          date,
          subjectId: subject,
          nonce: options.nonce ?? crypto.randomUUID(),
          stance: options.stance,
          confidence: parseConfidence(options.confidence),
          ...(body === undefined ? {} : { body }),
          ...(options.memoUrl === undefined ? {} : { memoUrl: options.memoUrl }),
          ...(options.weights === undefined ? {} : { weights: parseWeights(options.weights) }),
        };
        ctx.progress('signing and submitting…');
        try {
          const result = await submitTake(api, draft, seed);
          const filed = unwrap(
            await api.GET('/api/swarm/takes/{id}', {
              params: { path: { id: String(result.recommendationId) } },
            }),
          );
          ctx.progressDone();
          const receipt = `${ctx.baseUrl()}/api/swarm/takes/${filed.id}`;
          ctx.print(
            { ...result, id: filed.id, revision: filed.revision, receipt, nonce: draft.nonce },
            () =>
              `take filed: ${filed.id} (revision ${filed.revision}, receipt ${result.recommendationId})\n${receipt}`,
          );
        } catch (error) {
          ctx.progressDone();
          const advice =
            error instanceof ApiError && error.code !== undefined
              ? SUBMIT_ADVICE[error.code]
              : undefined;
          if (advice !== undefined) {
            const { status, message } = error as ApiError;
            throw new AgentError(`${status} ${message}: ${advice}`, EXIT.refused);
          }
          throw error;
        }
      },
    );

  program
    .command('takes')
    .argument('[member]', "a member's UUID or handle (default: yours)")
    .description("a member's takes, newest first (default: yours)")
    .option('--limit <n>', 'how many')
    .addHelpText('after', '\nExample:\n  convene takes athena --limit 10')
    .action(async (member: string | undefined, options: { limit?: string }) => {
      const ctx = context();
      const id = member ?? (await ctx.home.memberId());
      const result = unwrap(
        await ctx.publicApi().GET('/api/swarm/members/{id}/takes', {
          params: {
            path: { id },
            query: options.limit === undefined ? {} : { limit: options.limit },
          },
        }),
      );
      const rows = result.takes as Array<Record<string, unknown>>;
      ctx.print(result, () =>
        table(
          ['receipt', 'date', 'subject', 'rev', 'stance', 'conf', 'session', 'latest'],
          rows.map((take) => [
            take.recommendationId as number,
            take.date as string,
            take.subjectId as string,
            take.revision as number,
            take.stance as string,
            take.confidence as number,
            take.sessionState as string,
            take.superseded === true ? 'no' : 'yes',
          ]),
        ),
      );
    });

  const memo = program
    .command('memo')
    .description('longer memos whose URL can be a take’s --memo-url');
  memo
    .command('post')
    .description('publish a memo (member token)')
    .requiredOption('--title <title>', 'memo title')
    .option('--body <text>', 'memo text')
    .option('--body-file <path>', 'read the memo text from a file')
    .option('--session <id>', 'the session it belongs to')
    .addHelpText(
      'after',
      '\nExample:\n  convene memo post --title "Why cautious" --body-file memo.md',
    )
    .action(
      async (options: { title: string; body?: string; bodyFile?: string; session?: string }) => {
        const ctx = context();
        const text =
          options.bodyFile === undefined ? options.body : await readFile(options.bodyFile, 'utf8');
        if (text === undefined) throw new AgentError('give --body or --body-file', EXIT.usage);
        const api = await ctx.memberApi();
        const result = unwrap(
          await api.POST('/api/swarm/memos', {
            body: {
              title: options.title,
              body: text,
              ...(options.session === undefined ? {} : { sessionId: options.session }),
            },
          }),
        );
        ctx.print(result, () => `memo ${result.id}\n${result.url}`);
      },
    );
}
