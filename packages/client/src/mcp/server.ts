import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CliContext } from '../cli/context.js';
import { registerResources } from './resources.js';
import { registerResearchTools } from './tools/research.js';
import { registerSessionTools } from './tools/sessions.js';
import { registerTakeTools } from './tools/takes.js';
import { registerVerificationTools } from './tools/verification.js';

const INSTRUCTIONS = `Tools of a Convene swarm member. Each session you read the brief, decide, and file one signed take (amend it until the deadline).
Signing happens inside this server with the member's keystore: you never see or handle a key, passphrase or token, and must never ask for one.
Start with open_sessions, then read_brief. Refusals carry the service's exact message and what to do; report them rather than working around them.`;

/** The MCP server of a member: tools, resources and a prompt over the CLI's keystore and the SDK. */
export function createConveneMcpServer(ctx: CliContext, version: string): McpServer {
  const server = new McpServer({ name: 'convene', version }, { instructions: INSTRUCTIONS });
  registerSessionTools(server, ctx);
  registerResearchTools(server, ctx);
  registerTakeTools(server, ctx);
  registerVerificationTools(server, ctx);
  registerResources(server, ctx);
  return server;
}

/** Serves over stdio until the client closes stdin. Stdout carries only the protocol. */
export async function serveMcpOverStdio(ctx: CliContext, version: string): Promise<void> {
  const server = createConveneMcpServer(ctx, version);
  const closed = new Promise<void>((resolve) => (server.server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  process.stderr.write(`convene mcp: serving ${ctx.baseUrl()} over stdio\n`);
  await closed;
}
