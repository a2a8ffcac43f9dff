import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { shareEventLoop } from '../event-loop.js';

/**
 * Lets the event loop turn between the queries of a long chain on an in-process database (PGlite),
 * whose answers never wait for I/O: see `shareEventLoop`.
 */
export class ShareEventLoopPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await shareEventLoop();
    return result;
  }
}
