/**
 * What the benches of `npm run bench` share: a fresh PostgreSQL database, the production server
 * started as `npm start` runs it, the autocannon driver in its own process, and the wait for a
 * server's backlog between runs.
 */
import { execFile, spawn } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort, serverCommand } from '../test/server-process'
import type { DriveResult, Scenario } from './drive'

const apiRoot = path.resolve(import.meta.dirname, '..')
const tsx = path.join(apiRoot, '../../node_modules/.bin/tsx')

/** Drops and creates database `name` on the PostgreSQL server at `serverUrl`; gives its address. */
export async function freshPostgresDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}

/** The compiled server, one process, as `npm start` runs it; resolves once /api/health/ answers. */
export async function startServer(env: NodeJS.ProcessEnv) {
  const port = await freePort()
  const [node, ...args] = serverCommand
  const child = spawn(node, args, {
    cwd: apiRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return { url, child }
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  child.kill('SIGKILL')
  throw new Error('server did not start')
}

/** Runs one scenario in the driver's own process (bench/drive.ts), so it never shares the bench's event loop. */
export async function drive(scenario: Scenario): Promise<DriveResult> {
  const { stdout } = await promisify(execFile)(
    tsx,
    [path.join(import.meta.dirname, 'drive.ts'), JSON.stringify(scenario)],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  )
  return JSON.parse(stdout) as DriveResult
}

/**
 * Waits until the server has worked off the previous scenario's backlog: autocannon drops its
 * connections when time is up, but queries already queued for the pool still run. Without this, a
 * slow scenario would be charged to the next one.
 */
export async function settle(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const started = Date.now()
    // Read through the catalogue cache, or the probe would be answered from memory at once.
    await fetch(`${url}/api/products/?page_size=1`, { headers: { 'cache-control': 'no-cache' } })
    if (Date.now() - started < 50) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
