import { describe } from 'vitest'

/** The database the tests run on: PostgreSQL when TEST_DATABASE_URL names a server, else the embedded PGlite. */
export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'

/** Every database a suite can run on here: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const availableDatabaseKinds =
  databaseKind === 'postgres' ? (['pglite', 'postgres'] as const) : (['pglite'] as const)

/** A suite that needs PostgreSQL: it runs with TEST_DATABASE_URL and is reported skipped without it. */
export const describeOnPostgres: ReturnType<typeof describe.runIf> = describe.runIf(
  databaseKind === 'postgres',
)
