import type { SwarmEventType } from '@convene/protocol';
import type { Step } from './cursor.js';
import type { StreamItem } from './service.js';

/**
 * A stream item as every stream sends it, serialized once: the feed's reader and the replay page
 * each make one per item and every stream shares it (a stream adds only its own `id:` line).
 */
export interface WireItem extends Step {
  /** The event's type (a `types` filter reads it), null for a log entry the stream steps over. */
  readonly type: SwarmEventType | null;
  /** `event: <type>\ndata: <json>\n\n` ('' when stepped over). */
  readonly text: string;
  /** The UTF-8 bytes of `text` plus a typical `id:` line: what a reader holds unsent for it. */
  readonly bytes: number;
}

/** The `id:` line's share of an item's bytes (`id: ` and three numbers). */
const ID_LINE_BYTES = 32;

export function toWire(item: StreamItem): WireItem {
  const { source, position, event } = item;
  if (event === null) return { source, position, type: null, text: '', bytes: 0 };
  const text = `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
  return {
    source,
    position,
    type: event.type,
    text,
    bytes: Buffer.byteLength(text) + ID_LINE_BYTES,
  };
}
