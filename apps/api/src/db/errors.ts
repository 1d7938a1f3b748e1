import { UNREACHABLE_CODES } from '../lib/unreachable'

/** SQLSTATEs the services turn into answers (PostgreSQL appendix A). */
export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'
/** character_not_in_repertoire: a NUL in text, which PostgreSQL refuses */
export const UNSTORABLE_CHARACTER = '22021'

/**
 * The SQLSTATE of a failed statement, or undefined. Drizzle wraps the driver's error (`cause`); both
 * pg and PGlite put the state in `code`.
 */
export function sqlState(error: unknown): string | undefined {
  let current = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** SQLSTATEs of a server going away or not yet back: admin/crash shutdown, starting up, class 08. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03'])
/** pg's own words for a connection lost or never made (they carry no code) */
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/
/** disk_full: the database could not write a file */
export const DISK_FULL = '53100'

/**
 * Whether a failure means the database server is gone for now (restarting, stopped, out of reach)
 * rather than that the statement was wrong: the same request may work in a moment. Looks through
 * drizzle's wrapping (`cause`) and the AggregateError a connect to several addresses gives.
 */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== 'object') return false
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNREACHABLE_CODES.has(code))
      return true
  }
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true
  if (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner, depth + 1))) return true
  return databaseUnavailable(cause, depth + 1)
}
