import type { FastifyRequest } from 'fastify';

/** The public origin: PUBLIC_BASE_URL when configured, else the origin this request addressed. */
export function baseUrlOf(request: FastifyRequest, configured: string | undefined): string {
  if (configured !== undefined) return configured.replace(/\/+$/, '');
  const host = request.headers.host ?? `${request.hostname}`;
  return `${request.protocol}://${host}`;
}
