import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// Tests that start server processes, command-line tools or clusters of their own: they keep both cores
// busy by themselves and some measure time, so they run after the rest, one file at a time.
const PROCESS_TESTS = ['test/reliability/**/*.test.ts', 'cli/**/*.test.ts', 'src/backup/**/*.test.ts']

/**
 * The API suite runs on the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set:
 * first the files that test in this process, two at a time (one per core, with the web and contract
 * suites), then the process tests one at a time.
 */
const apiProjects = (name: string, databaseUrl: string): TestProjectInlineConfiguration[] => {
  const common = {
    root: './apps/api',
    environment: 'node',
    // Tests that start server processes run the compiled server: rebuild it first if it is stale.
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DATABASE_URL: databaseUrl },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  }
  return [
    {
      test: {
        ...common,
        name,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts', 'bench/**/*.test.ts'],
        exclude: PROCESS_TESTS,
        sequence: { groupOrder: 0 },
        maxWorkers: 2,
      },
    },
    {
      test: {
        ...common,
        name: `${name}-processes`,
        include: PROCESS_TESTS,
        // The command-line tools' tests run them on the embedded database whichever the suite uses: once.
        exclude: databaseUrl ? ['cli/**'] : [],
        sequence: { groupOrder: 1 },
        maxWorkers: 1,
      },
    },
  ]
}

const postgresUrl = process.env.TEST_DATABASE_URL

export default defineConfig({
  test: {
    projects: [
      ...apiProjects('api', ''),
      ...(postgresUrl ? apiProjects('api-postgres', postgresUrl) : []),
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
})
