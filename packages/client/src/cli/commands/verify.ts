import type { Command } from 'commander';
import { receiptChecks, takeChecks } from '../../agent/verify.js';
import { logKeyOption, serviceKeyOption } from '../pinned-keys.js';
import type { CliContext } from '../context.js';
import { finishChecks } from './checks.js';

/**
 * verify take <id>, verify receipt <sessionId> [--file] — recomputed locally, trusting only the data
 * and the keys you pin. Each check prints ✓ (ran, passed), ✗ (ran, failed, with the reason) or
 * "not checked" (could not run, with why). Exit 0 all ran and passed, 1 one failed, 6 none failed but
 * some were not checked.
 */
export function registerVerify(program: Command, context: () => CliContext): void {
  const verifyCommand = program
    .command('verify')
    .description('audit takes and consensus receipts locally with the protocol package');

  verifyCommand
    .command('take')
    .argument(
      '<takeId>',
      "the take's UUID, as `convene take` prints it (its numeric receipt number works too)",
    )
    .description(
      "re-check a take's signature, that its fields say what was signed, and that it is in the transparency log",
    )
    .addOption(logKeyOption())
    .addHelpText('after', '\nExample:\n  convene verify take 0b6f2c1e-… --log-key knMI9T1n…')
    .action(async (id: string, options: { logKey?: string }) => {
      const ctx = context();
      const { data, checks } = await takeChecks(ctx, id, options.logKey);
      finishChecks(ctx, data, checks);
    });

  verifyCommand
    .command('receipt')
    .argument('[sessionId]', "the session's UUID (`convene sessions` lists them)")
    .description(
      'verify a consensus receipt: every member signature, the aggregate recomputed, the service signature, the chain and the log',
    )
    .option('--file <path>', 'verify a receipt saved as JSON, offline')
    .option(
      '--previous <path>',
      "the subject's previous receipt (JSON) for the chain check offline",
    )
    .addOption(serviceKeyOption())
    .addOption(logKeyOption())
    .addHelpText(
      'after',
      '\nExamples:\n  convene verify receipt 6c1e… --service-key MCow… --log-key knMI…\n  convene verify receipt --file receipt.json --previous before.json --service-key MCow…',
    )
    .action(
      async (
        sessionId: string | undefined,
        options: { file?: string; previous?: string; serviceKey?: string[]; logKey?: string },
      ) => {
        const ctx = context();
        const { data, checks } = await receiptChecks(ctx, sessionId, options);
        finishChecks(ctx, data, checks);
      },
    );
}
