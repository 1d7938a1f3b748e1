import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
// The server's DATA_DIR, made once by the runner and inherited by its workers, so a journey can read
// the mails the server writes under DATA_DIR/mail.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'store-e2e-'))

// The journeys run on the production build served by the API, on a fresh embedded database.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node e2e/support/start-server.mjs`,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    url: `http://127.0.0.1:${port}/api/health/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
})
