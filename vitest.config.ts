import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// The API suite runs on the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const apiProject = (name: string, databaseUrl: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts'],
    environment: 'node',
    // Tests that start server processes run the compiled server: rebuild it first if it is stale.
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DATABASE_URL: databaseUrl },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
})

const postgresUrl = process.env.TEST_DATABASE_URL

export default defineConfig({
  test: {
    projects: [
      apiProject('api', ''),
      ...(postgresUrl ? [apiProject('api-postgres', postgresUrl)] : []),
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      './apps/web/vite.config.ts',
    ],
  },
})
