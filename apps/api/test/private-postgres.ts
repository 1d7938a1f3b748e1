import { execFile } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-process'

const run = promisify(execFile)

/** A PostgreSQL cluster of a test's own, in a temporary folder: it may be stopped, unlike the shared one. */
export interface PrivateCluster {
  /** The cluster's `postgres` database, as the superuser */
  url: string
  stop(): Promise<void>
  start(): Promise<void>
  /** A fast restart: sessions are ended (57P01), then the server is back */
  restart(): Promise<void>
  /** Stops it (if running) and removes its folder */
  remove(): Promise<void>
}

/** Debian's server programs, of the newest PostgreSQL installed; null when there are none. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : null
}

/**
 * initdb and pg_ctl refuse to run as root: as root, the cluster's files belong to `postgres` and its
 * programs run as that user.
 */
const asRoot = process.getuid?.() === 0

async function runAsOwner(program: string, args: string[]): Promise<void> {
  if (asRoot) await run('runuser', ['-u', 'postgres', '--', program, ...args])
  else await run(program, args)
}

/** Creates and starts a throwaway cluster on a free loopback port, made for speed (no fsync). */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('No PostgreSQL server programs under /usr/lib/postgresql')
  const folder = mkdtempSync(path.join(tmpdir(), 'pg-private-'))
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: group } = await run('id', ['-g', 'postgres'])
    chownSync(folder, Number(stdout), Number(group))
  }
  chmodSync(folder, 0o700)
  const data = path.join(folder, 'data')
  const port = await freePort()
  const settings = [
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ')
  const pgCtl = path.join(bin, 'pg_ctl')
  const logFile = path.join(folder, 'server.log')
  await runAsOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ])
  const start = () => runAsOwner(pgCtl, ['-D', data, '-l', logFile, '-w', '-o', settings, 'start'])
  const stop = () => runAsOwner(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'])
  let running = false
  await start()
  running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop()
      running = false
    },
    async start() {
      await start()
      running = true
    },
    async restart() {
      await runAsOwner(pgCtl, ['-D', data, '-l', logFile, '-m', 'fast', '-w', '-o', settings, 'restart'])
      running = true
    },
    async remove() {
      if (running) await runAsOwner(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      running = false
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
