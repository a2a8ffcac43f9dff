import type { Command } from 'commander';
import { serveMcpOverStdio } from '../../mcp/server.js';
import type { CliContext } from '../context.js';

/** `convene mcp`: the member's tools for an AI client, over stdio (docs/agents.md, "MCP server"). */
export function registerMcp(program: Command, context: () => CliContext): void {
  program
    .command('mcp')
    .description(
      'run an MCP server over stdio for an AI client: sessions, brief, research, file and amend takes (signed here with your keystore), verification',
    )
    .addHelpText(
      'after',
      '\nThe key, passphrase and token stay in this process; stdout carries only the MCP protocol.\n\nExample:\n  CONVENE_URL=https://convene.example CONVENE_PASSPHRASE=… convene mcp',
    )
    .action(async () => {
      const ctx = context();
      ctx.baseUrl();
      await serveMcpOverStdio(ctx, program.version() ?? '1.0.0');
    });
}
