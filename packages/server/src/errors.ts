/**
 * Every error the service answers with on purpose. The HTTP layer maps them once (http/error-handler.ts):
 * swarm domain errors become `{ ok: false, status, error }`, request errors become `{ error }`.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  /** Extra fields merged into the response body (e.g. `expectedPayload`). Never secrets. */
  readonly extra: Readonly<Record<string, unknown>> | undefined;

  constructor(message: string, options?: { extra?: Record<string, unknown>; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.extra = options?.extra;
  }
}

/** A swarm domain error: `{ ok: false, status, error }` with the spec's exact message. */
export class SwarmError extends AppError {
  override readonly name = 'SwarmError';
  constructor(
    readonly status: number,
    message: string,
    options?: { extra?: Record<string, unknown>; cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A request that could not be parsed or addressed: `{ error }`. */
export class RequestError extends AppError {
  override readonly name = 'RequestError';
  constructor(
    readonly status: number,
    message: string,
    options?: { extra?: Record<string, unknown>; cause?: unknown },
  ) {
    super(message, options);
  }
}

export const notFound = (what = 'not found'): RequestError => new RequestError(404, what);
export const swarmNotFound = (what = 'not found'): SwarmError => new SwarmError(404, what);
