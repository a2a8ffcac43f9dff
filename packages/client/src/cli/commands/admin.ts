import type { Command } from 'commander';
import { unwrap } from '../../sdk/client.js';
import type { CliContext } from '../context.js';

const ADMIN_HELP =
  '\nThe admin token comes from CONVENE_ADMIN_TOKEN or --admin-token-file <path>, never from a flag value.';

/** Operator commands: member decisions. */
export function registerAdminMembers(admin: Command, context: () => CliContext): void {
  admin
    .command('activate')
    .argument('<memberId>', "the member's UUID, as `convene apply` printed it")
    .description("activate an applicant's pending key and queue the approval email")
    .addHelpText(
      'after',
      `\nExample:\n  CONVENE_ADMIN_TOKEN=… convene admin activate 3f2b…${ADMIN_HELP}`,
    )
    .action(async (memberId: string) => {
      const ctx = context();
      const result = unwrap(
        await (await ctx.adminApi()).POST('/api/swarm/admin/activate', { body: { memberId } }),
      );
      ctx.print(
        result,
        () => `${result.memberId}: ${result.memberStatus}${result.changed ? '' : ' (already)'}`,
      );
    });

  for (const [verb, description] of [
    ['deactivate', 'deactivate a member and revoke its token'],
    ['reactivate', 'reactivate a member (it claims a fresh token)'],
  ] as const) {
    admin
      .command(`${verb} <member>`)
      .description(description)
      .addHelpText('after', `\nExample:\n  convene admin ${verb} athena${ADMIN_HELP}`)
      .action(async (member: string) => {
        const ctx = context();
        const api = await ctx.adminApi();
        const params = { params: { path: { id: member } } };
        const result = unwrap(
          verb === 'deactivate'
            ? await api.POST('/api/swarm/admin/members/{id}/deactivate', params)
            : await api.POST('/api/swarm/admin/members/{id}/reactivate', params),
        );
        ctx.print(
          result,
          () => `${result.memberId}: ${result.memberStatus}${result.changed ? '' : ' (already)'}`,
        );
      });
  }

  admin
    .command('rotate-key')
    .argument('<member>', "the member's UUID or handle")
    .description("replace a member's active key (old takes keep verifying with the old key)")
    .requiredOption('--public-key <base64>', 'the new Ed25519 public key (base64 of 32 bytes)')
    .addHelpText(
      'after',
      `\nExample:\n  convene admin rotate-key athena --public-key MCow…${ADMIN_HELP}`,
    )
    .action(async (member: string, options: { publicKey: string }) => {
      const ctx = context();
      const result = unwrap(
        await (
          await ctx.adminApi()
        ).POST('/api/swarm/admin/members/{id}/rotate-key', {
          params: { path: { id: member } },
          body: { publicKey: options.publicKey },
        }),
      );
      ctx.print(result, () => `${result.memberId}: new key #${result.keyId} active`);
    });
}
