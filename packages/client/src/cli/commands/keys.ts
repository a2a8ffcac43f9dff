import type { Command } from 'commander';
import { unwrap } from '../../sdk/client.js';
import type { CliContext } from '../context.js';

/**
 * convene keys — the service's receipt-signing keys (the current one first, then any retired by a
 * rotation) and the transparency log's key, as the server publishes them, printed as
 * `CONVENE_SERVICE_KEY=current,retired… CONVENE_LOG_KEY=…` so `export $(convene keys)` pins them for
 * `convene verify`. Pinning what the server says is trust on first use: keep the values (or get them
 * from a source you trust) and later runs detect a server that switched keys. After an announced
 * rotation, run it again (or add the new key to the list you keep): the retired keys stay in the
 * list, so receipts they signed keep verifying.
 */
export function registerKeys(program: Command, context: () => CliContext): void {
  program
    .command('keys')
    .description(
      "print the service's receipt keys (current, then retired) and the log key to pin (export $(convene keys)), trust on first use",
    )
    .addHelpText(
      'after',
      '\nExample:\n  export $(npx convene keys) && npx convene verify receipt 6c1e…',
    )
    .action(async () => {
      const ctx = context();
      const api = ctx.publicApi();
      const [service, all, log] = await Promise.all([
        api.GET('/api/swarm/receipt-key').then(unwrap),
        api.GET('/api/swarm/receipt-keys').then(unwrap),
        api.GET('/api/log/key').then(unwrap),
      ]);
      const serviceKeys = [
        service.publicKey,
        ...all.keys.map((key) => key.publicKey).filter((key) => key !== service.publicKey),
      ];
      ctx.print(
        {
          serviceKey: service.publicKey,
          serviceKeyId: service.keyId,
          serviceKeys,
          logKey: log.publicKey,
          logVkey: log.vkey,
        },
        () => `CONVENE_SERVICE_KEY=${serviceKeys.join(',')} CONVENE_LOG_KEY=${log.publicKey}`,
      );
    });
}
