import { readFile } from 'node:fs/promises';
import type { LogApi } from '@convene/protocol';
import { createConveneClient, type ConveneApi } from '../sdk/client.js';
import { sdkLogApi } from '../sdk/log-api.js';
import { AgentError, EXIT } from './exit-codes.js';
import { MemberHome } from './home.js';

export interface AgentOptions {
  baseUrl?: string;
  home?: string;
  adminTokenFile?: string;
}

/**
 * What every agent operation gets, the CLI's commands and the MCP server's tools alike: where the
 * service is and how to reach it, the member's files and the admin token.
 */
export class AgentContext {
  readonly home: MemberHome;

  constructor(private readonly options: AgentOptions) {
    this.home = MemberHome.resolve(options.home);
  }

  /** --base-url, else CONVENE_URL; never a built-in default. */
  baseUrl(): string {
    const url = this.options.baseUrl ?? process.env.CONVENE_URL;
    if (url === undefined || url === '')
      throw new AgentError(
        'set CONVENE_URL or pass --base-url (e.g. http://localhost:8080)',
        EXIT.setup,
      );
    try {
      return new URL(url).toString().replace(/\/+$/, '');
    } catch {
      throw new AgentError(`not a URL: ${url}`, EXIT.usage);
    }
  }

  publicApi(): ConveneApi {
    return createConveneClient({ baseUrl: this.baseUrl(), fetch: fetchNamingUrl });
  }

  /** The log's read routes over the typed client, for the protocol's log audit workflow. */
  logApi(): LogApi {
    return sdkLogApi(this.publicApi());
  }

  async memberApi(): Promise<ConveneApi> {
    return createConveneClient({
      baseUrl: this.baseUrl(),
      token: await this.home.token(),
      fetch: fetchNamingUrl,
    });
  }

  /** The admin token from CONVENE_ADMIN_TOKEN or --admin-token-file, never from a flag value. */
  async adminApi(): Promise<ConveneApi> {
    return createConveneClient({
      baseUrl: this.baseUrl(),
      adminToken: await this.adminToken(),
      fetch: fetchNamingUrl,
    });
  }

  /** `fetch` of a path on the service; an unreachable service is an error naming the URL tried. */
  fetch(path: string, init?: RequestInit): Promise<Response> {
    return fetchNamingUrl(`${this.baseUrl()}${path}`, init);
  }

  async adminToken(): Promise<string> {
    let token = process.env.CONVENE_ADMIN_TOKEN;
    if (this.options.adminTokenFile !== undefined) {
      token = (
        await readFile(this.options.adminTokenFile, 'utf8').catch(() => {
          throw new AgentError(`cannot read ${this.options.adminTokenFile}`, EXIT.setup);
        })
      ).trim();
    }
    if (token === undefined || token === '') {
      throw new AgentError('set CONVENE_ADMIN_TOKEN or pass --admin-token-file <path>', EXIT.setup);
    }
    return token;
  }
}

/** The global fetch, but a connection that fails (refused, unknown host, reset) names the URL tried. */
export const fetchNamingUrl: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (!(error instanceof TypeError) || !/fetch failed/i.test(error.message)) throw error;
    const url = input instanceof Request ? input.url : String(input);
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const why = cause?.code ?? cause?.message;
    throw new AgentError(
      `cannot reach ${url}${why === undefined ? '' : ` (${why})`}`,
      EXIT.unavailable,
    );
  }
};
