import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AgentContext } from '../agent/context.js';
import { registerResources } from './resources.js';
import { registerResearchTools } from './tools/research.js';
import { registerSessionTools } from './tools/sessions.js';
import { registerTakeTools } from './tools/takes.js';
import { registerVerificationTools } from './tools/verification.js';

const INSTRUCTIONS = `Tools of a Convene swarm member. Each session you read the brief, decide, and file one signed take (amend it until the deadline).
Signing happens inside this server with the member's keystore: you never see or handle a key, passphrase or token, and must never ask for one.
Start with open_sessions, then read_brief. Refusals carry the service's exact message and what to do; report them rather than working around them.`;

/** The MCP server of a member: tools, resources and a prompt over the CLI's keystore and the SDK. */
export function createConveneMcpServer(ctx: AgentContext, version: string): McpServer {
  const server = new McpServer({ name: 'convene', version }, { instructions: INSTRUCTIONS });
  registerSessionTools(server, ctx);
  registerResearchTools(server, ctx);
  registerTakeTools(server, ctx);
  registerVerificationTools(server, ctx);
  registerResources(server, ctx);
  return server;
}

/** JSON-RPC 2.0's answers to a line that is not JSON, or JSON that is not a message. */
const PARSE_ERROR = { code: -32700, message: 'Parse error' } as const;
const INVALID_REQUEST = { code: -32600, message: 'Invalid Request' } as const;

/**
 * Serves over stdio until the client closes stdin, then exits 0. Stdout carries only the protocol.
 * The SDK's transport drops a line it cannot read; JSON-RPC 2.0 answers it with an error whose id
 * is null, so a client sees why it got no answer.
 */
export async function serveMcpOverStdio(ctx: AgentContext, version: string): Promise<void> {
  const server = createConveneMcpServer(ctx, version);
  const closed = new Promise<void>((resolve) => (server.server.onclose = resolve));
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const reportError = transport.onerror;
  transport.onerror = (error) => {
    const answer =
      error instanceof SyntaxError
        ? PARSE_ERROR
        : error.name === 'ZodError'
          ? INVALID_REQUEST
          : null;
    if (answer !== null)
      void transport.send({ jsonrpc: '2.0', id: null, error: answer } as unknown as JSONRPCMessage);
    reportError?.(error);
  };
  // The transport listens for data only: without this, a closed stdin left nothing to wait for.
  process.stdin.once('end', () => void transport.close());
  process.stderr.write(`convene mcp: serving ${ctx.baseUrl()} over stdio\n`);
  await closed;
}
