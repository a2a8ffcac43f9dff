import { isSwarmEventType, SWARM_EVENT_TYPES, type SwarmEventType } from '@convene/protocol';
import type { Command } from 'commander';
import { swarmEvents, type EventMessage } from '../../sdk/events.js';
import type { CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';

/** convene watch: GET /api/swarm/events printed as it arrives, until SIGINT. */
export function registerWatch(program: Command, context: () => CliContext): void {
  program
    .command('watch')
    .description(
      "print the swarm's live events (sessions opened, takes, aggregations, receipts, checkpoints, key events) until Ctrl-C; reconnects and resumes by itself",
    )
    .option(
      '--types <list>',
      `comma-separated event types (default all): ${SWARM_EVENT_TYPES.join(', ')}`,
    )
    .option('--last-event-id <id>', 'resume after this event id (what --json prints as "id")')
    .addHelpText(
      'after',
      '\nOne line per event; with --json one JSON object per line: {"id","type","data"}. A "reset"\nmeans the resume id was too old for the replay window: the stream goes on from now.\n\nExamples:\n  convene watch\n  convene watch --types take-accepted,session-published --json',
    )
    .action(async (options: { types?: string; lastEventId?: string }) => {
      const ctx = context();
      const types = parseTypes(options.types);
      const controller = new AbortController();
      const stop = () => controller.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        for await (const event of swarmEvents({
          baseUrl: ctx.baseUrl(),
          lastEventId: options.lastEventId,
          signal: controller.signal,
          ...(types === undefined ? {} : { types }),
          onOpen: () => process.stderr.write(`watching ${ctx.baseUrl()}/api/swarm/events\n`),
          onReconnect: (error) =>
            process.stderr.write(
              `stream ${error === undefined ? 'ended' : `failed (${error instanceof Error ? error.message : 'unknown error'})`}; reconnecting\n`,
            ),
        })) {
          process.stdout.write(`${ctx.json ? JSON.stringify(event) : line(event)}\n`);
        }
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
    });
}

function parseTypes(list: string | undefined): SwarmEventType[] | undefined {
  if (list === undefined) return undefined;
  const types = list.split(',').map((type) => type.trim());
  const unknown = types.filter((type) => !isSwarmEventType(type));
  if (unknown.length > 0)
    throw new AgentError(
      `unknown event type ${unknown.join(', ')}: use ${SWARM_EVENT_TYPES.join(', ')}`,
      EXIT.usage,
    );
  return types as SwarmEventType[];
}

/** One readable line per event. */
export function line(event: EventMessage): string {
  const head = `${new Date().toISOString().slice(11, 19)} ${event.type.padEnd(18)}`;
  switch (event.type) {
    case 'session-opened':
      return `${head} session ${event.data.sessionId} ${event.data.subjectId} ${event.data.date}, closes ${event.data.windowClosesAt ?? 'when an operator sets it'}`;
    case 'take-accepted':
      return `${head} ${event.data.handle ?? event.data.memberId} ${event.data.stance} ${event.data.confidence} (revision ${event.data.revision}) take ${event.data.takeId} in session ${event.data.sessionId}`;
    case 'session-aggregated':
      return `${head} session ${event.data.sessionId} ${event.data.subjectId} ${event.data.date}`;
    case 'session-published':
      return `${head} session ${event.data.sessionId} receipt ${event.data.receiptDigest}`;
    case 'checkpoint':
      return `${head} size ${event.data.size} root ${event.data.rootHash}`;
    case 'member-key':
      return `${head} member ${event.data.memberId} ${event.data.event} (status ${event.data.status}, log index ${event.data.logIndex})`;
    case 'reset':
      return `${head} ${event.data.reason}; going on from now`;
  }
}
