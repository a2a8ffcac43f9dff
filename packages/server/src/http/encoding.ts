/* A cached body's encodings, and which one a request gets: shared by cached-body.ts and replay.ts. */

/** A response body serialised once, with a strong ETag and pre-compressed variants. */
export interface CachedBody {
  readonly etag: string;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly brotli: Buffer;
}

export type ResponseEncoding = 'br' | 'gzip' | 'identity';

/** The encoding a response goes out in for this Accept-Encoding: brotli, else gzip, else none. */
export function preferredEncoding(header: string | undefined): ResponseEncoding {
  const accepted = header ?? '';
  if (acceptsEncoding(accepted, 'br')) return 'br';
  if (acceptsEncoding(accepted, 'gzip')) return 'gzip';
  return 'identity';
}

function acceptsEncoding(header: string, encoding: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
