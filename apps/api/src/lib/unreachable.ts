/**
 * The socket errors of a peer that is down or out of reach (refused, reset, timed out, no route, no
 * such name): the same request may work once it is back, so it answers 503, not a bug's 500.
 */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
