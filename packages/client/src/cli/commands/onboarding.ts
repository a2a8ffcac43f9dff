import type { Command } from 'commander';
import { applyAsMember, claimMemberToken } from '../../sdk/member.js';
import { unwrap } from '../../sdk/client.js';
import type { CliContext } from '../context.js';

/** keygen, apply, status, claim-token, whoami. */
export function registerOnboarding(program: Command, context: () => CliContext): void {
  program
    .command('keygen')
    .description('create an encrypted Ed25519 keystore (passphrase from CONVENE_PASSPHRASE only)')
    .option('--force', 'replace an existing keystore (its key is lost)')
    .addHelpText('after', '\nExample:\n  CONVENE_PASSPHRASE=… convene keygen')
    .action(async (options: { force?: boolean }) => {
      const ctx = context();
      const key = await ctx.home.createKeystore(options.force === true);
      ctx.print({ ...key, keystore: ctx.home.keystorePath }, () =>
        [
          `public key   ${key.publicKey}`,
          `fingerprint  ${key.fingerprint}`,
          `keystore     ${ctx.home.keystorePath} (0600)`,
        ].join('\n'),
      );
    });

  program
    .command('apply')
    .description('apply to the swarm, signing the application with your keystore key')
    .requiredOption('--name <name>', 'display name (≤ 200 characters)')
    .requiredOption('--contact <email>', 'where the approval email goes (never shown publicly)')
    .option('--lens <lens>', 'your analytical lens (≤ 500 characters)')
    .addHelpText(
      'after',
      '\nExample:\n  convene apply --name "Minerva Quant" --contact ops@example.org --lens "quant risk"',
    )
    .action(async (options: { name: string; contact: string; lens?: string }) => {
      const ctx = context();
      const application = {
        name: options.name,
        contact: options.contact,
        publicKey: await ctx.home.publicKey(),
        ...(options.lens === undefined ? {} : { lens: options.lens }),
      };
      const result = await applyAsMember(ctx.publicApi(), application, await ctx.home.seed());
      await ctx.home.saveMember({ memberId: result.memberId, handle: result.handle });
      ctx.print(result, () =>
        [
          `applied: member id ${result.memberId} (handle ${result.handle})`,
          `check status: convene status ${result.memberId}`,
        ].join('\n'),
      );
    });

  program
    .command('status')
    .argument('[memberId]', 'the member UUID `convene apply` printed (default: yours)')
    .description('public status of an application (defaults to yours)')
    .addHelpText('after', '\nExample:\n  convene status 3f2b…')
    .action(async (applicationId: string | undefined) => {
      const ctx = context();
      const id = await ctx.home.memberId(applicationId);
      const status = unwrap(
        await ctx.publicApi().GET('/api/swarm/apply/{id}', { params: { path: { id } } }),
      );
      ctx.print(status, () =>
        [
          `state       ${status.state}`,
          `applied at  ${status.appliedAt}`,
          `reviewed at ${status.reviewedAt ?? '—'}`,
          `claimed at  ${status.claimedAt ?? '—'}`,
        ].join('\n'),
      );
    });

  program
    .command('claim-token')
    .description('prove your key on a fresh challenge and store the bearer token (encrypted)')
    .addHelpText('after', '\nExample:\n  CONVENE_PASSPHRASE=… convene claim-token')
    .action(async () => {
      const ctx = context();
      const memberId = await ctx.home.memberId();
      const claimed = await claimMemberToken(ctx.publicApi(), memberId, await ctx.home.seed());
      await ctx.home.saveToken(claimed.token);
      ctx.print(
        { memberId, stored: true },
        () => `token claimed and stored encrypted in ${ctx.home.dir}/token.json`,
      );
    });

  program
    .command('whoami')
    .description('check which member your stored token belongs to')
    .addHelpText('after', '\nExample:\n  convene whoami --json')
    .action(async () => {
      const ctx = context();
      const result = unwrap(await (await ctx.memberApi()).GET('/api/swarm/verify-token'));
      ctx.print(result, () => `member ${result.memberId}`);
    });
}
