import type { FastifyReply, FastifyRequest } from 'fastify';

/** The public origin: PUBLIC_BASE_URL when configured, else the origin this request addressed. */
export function baseUrlOf(request: FastifyRequest, configured: string | undefined): string {
  if (configured !== undefined) return configured.replace(/\/+$/, '');
  const host = request.headers.host ?? `${request.hostname}`;
  return `${request.protocol}://${host}`;
}

/**
 * `baseUrlOf` for a response that embeds it. When the origin comes from the request's Host header,
 * the response says `Vary: Host` and is private, so no shared cache hands one host's URLs to another.
 */
export function baseUrlForReply(
  request: FastifyRequest,
  reply: FastifyReply,
  configured: string | undefined,
): string {
  if (configured === undefined) {
    const vary = reply.getHeader('vary');
    const existing = typeof vary === 'string' && vary !== '' ? `${vary}, ` : '';
    if (!/(^|,)\s*host\s*(,|$)/i.test(existing)) reply.header('vary', `${existing}Host`);
    const cacheControl = reply.getHeader('cache-control');
    reply.header(
      'cache-control',
      typeof cacheControl === 'string'
        ? cacheControl.replace(/\bpublic\b/, 'private')
        : 'private, no-cache',
    );
  }
  return baseUrlOf(request, configured);
}
