// Starts the built store for the browser journeys: a fresh embedded database with the demo
// catalogue, and a known owner account created through the CLI before the server takes the lock.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { STAFF } from './accounts.mjs'

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'store-e2e-'))
const port = process.env.E2E_PORT ?? '3100'
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  // Links in mails lead to where the browser reaches the server.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN: '0',
  RATE_LIMIT_REGISTER: '0',
}
delete env.DATABASE_URL
// The journeys run the compiled server and the production web build; build whichever is stale.
execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' })
execFileSync(
  process.execPath,
  [
    'dist/user-create.js',
    '--email',
    STAFF.email,
    '--password',
    STAFF.password,
    '--first-name',
    STAFF.firstName,
    '--last-name',
    STAFF.lastName,
    '--role',
    'owner',
  ],
  { cwd: 'apps/api', env, stdio: 'inherit' },
)
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
  cwd: 'apps/api',
  env: { ...env, NODE_ENV: 'production' },
  stdio: 'inherit',
})
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill('SIGTERM'))
server.on('exit', (code) => process.exit(code ?? 0))
