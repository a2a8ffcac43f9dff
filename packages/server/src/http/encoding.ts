/* Which encoding a response goes out in. */

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
