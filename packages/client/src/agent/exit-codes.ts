/** Exit codes of the convene CLI (documented in `convene --help` and docs/agents.md). */
export const EXIT = {
  ok: 0,
  /** A check failed (e.g. a receipt or take did not verify) or an unexpected error. */
  failed: 1,
  /** Bad command line: unknown flag, missing argument, invalid value. */
  usage: 2,
  /** The service refused the request (HTTP 4xx): the message says why. */
  refused: 3,
  /** The service could not be reached or failed (network error, HTTP 5xx). */
  unavailable: 4,
  /** Local setup is missing: no keystore, no passphrase, no token, no base URL. */
  setup: 5,
  /** `verify`: no check failed, but some could not be run (no pinned key, no previous receipt). */
  incomplete: 6,
} as const;

export const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  a verification failed, or an unexpected error
  2  bad command line (unknown flag, missing or invalid value)
  3  the service refused the request (HTTP 4xx); the message says why
  4  the service could not be reached or failed (network error, HTTP 5xx)
  5  local setup missing (keystore, CONVENE_PASSPHRASE, token, CONVENE_URL)
  6  verify: no check failed, but some were not checked (no pinned key, no previous receipt)`;

/** An error that ends the command with a given exit code and a plain-words message. */
export class AgentError extends Error {
  override readonly name = 'AgentError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
