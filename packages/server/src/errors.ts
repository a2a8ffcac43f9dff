import {
  ERRORS,
  errorCode,
  type ErrorCode,
  type ErrorName,
  type ErrorShape,
  type Message,
  type MessageArgs,
} from '@convene/protocol';

/** The catalogue (its entries, names and wire codes) lives in the protocol package, shared with clients. */
export { ERRORS, errorCode, type ErrorCode, type ErrorName, type ErrorShape };

/** An error from the catalogue; `extra` fields join the response body (never secrets). */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly status: number;
  readonly shape: ErrorShape;

  constructor(
    readonly code: ErrorName,
    message: string,
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    const entry = ERRORS[code];
    this.status = entry.status;
    this.shape = entry.shape;
  }
}

/** The catalogue's error `code`, its message built from `args` where it takes any. */
export function fail<N extends ErrorName>(code: N, ...args: MessageArgs<N>): ServiceError {
  const message: Message = ERRORS[code].message;
  return new ServiceError(
    code,
    typeof message === 'string' ? message : (message as (...a: unknown[]) => string)(...args),
  );
}

/** As `fail`, with fields added to the response body. */
export function failWith<N extends ErrorName>(
  code: N,
  extra: Record<string, unknown>,
  ...args: MessageArgs<N>
): ServiceError {
  const error = fail(code, ...args);
  return new ServiceError(code, error.message, extra);
}
