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
