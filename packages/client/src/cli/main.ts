import { Command, CommanderError } from 'commander';
import { registerAdminMembers } from './commands/admin.js';
import { registerAdminImport } from './commands/admin-import.js';
import { registerAdminStatus } from './commands/admin-status.js';
import { registerAdminSessions, registerAdminSubjects } from './commands/admin-sessions.js';
import { registerOnboarding } from './commands/onboarding.js';
import { registerSession } from './commands/session.js';
import { registerSessions } from './commands/sessions.js';
import { registerVerify } from './commands/verify.js';
import { registerLog } from './commands/log.js';
import { registerWitness } from './commands/witness.js';
import { registerKeys } from './commands/keys.js';
import { registerMcp } from './commands/mcp.js';
import { registerTrackRecord } from './commands/track-record.js';
import { registerWatch } from './commands/watch.js';
import { CliContext, exitCodeFor, type GlobalOptions } from './context.js';
import { EXIT, EXIT_CODES_HELP } from '../agent/exit-codes.js';

/** `convene`: the member and operator CLI. Every command has --help with an example. */
export function buildProgram(): Command {
  const program = new Command('convene')
    .description(
      'Member and operator CLI for a Convene service (swarm onboarding, takes, audits, admin)',
    )
    .option('--base-url <url>', 'service origin (default: $CONVENE_URL)')
    .option('--json', 'machine-readable JSON output')
    .option('--home <dir>', 'where keystore and token live (default: $CONVENE_HOME or ~/.convene)')
    .option('--admin-token-file <path>', 'file holding the admin token (else $CONVENE_ADMIN_TOKEN)')
    .showHelpAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      `\nEnvironment:\n  CONVENE_URL          service origin\n  CONVENE_PASSPHRASE   keystore passphrase (never a flag)\n  CONVENE_ADMIN_TOKEN  admin token for "convene admin …"\n  CONVENE_HOME         member files (default ~/.convene)\n  CONVENE_SERVICE_KEY  the receipt key verify expects (as --service-key; \`export $(convene keys)\`)\n  CONVENE_LOG_KEY      the log key verify and log expect (as --log-key)\n\nIds:\n  memberId   a member's UUID (apply prints it); commands about a member also take its handle\n  sessionId  a session's UUID (convene sessions, convene open-session)\n  takeId     a take's UUID (take prints it); its numeric receipt number works too\n  subjectId  a subject's slug, e.g. convene-treasury\n${EXIT_CODES_HELP}\n\nExample:\n  CONVENE_URL=http://localhost:8080 convene open-session`,
    );
  const context = (): CliContext => new CliContext(program.opts<GlobalOptions>());
  registerOnboarding(program, context);
  registerSession(program, context);
  registerSessions(program, context);
  registerVerify(program, context);
  registerLog(program, context);
  registerWitness(program, context);
  registerKeys(program, context);
  registerTrackRecord(program, context);
  registerMcp(program, context);
  registerWatch(program, context);
  const admin = program.command('admin').description('operator commands (X-Admin-Token)');
  registerAdminStatus(admin, context);
  registerAdminMembers(admin, context);
  registerAdminSessions(admin, context);
  registerAdminSubjects(admin, context);
  registerAdminImport(admin, context);
  for (const command of [program, admin, ...program.commands]) command.exitOverride();
  return program;
}

export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const { code, message } = exitCodeFor(error);
    process.stderr.write(`convene: ${message}\n`);
    return code;
  }
}
