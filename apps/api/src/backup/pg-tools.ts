import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The major version of an installed client tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  let stdout: string
  try {
    ;({ stdout } = await run(tool, ['--version']))
  } catch {
    throw new Error(
      `${tool} was not found. Install the PostgreSQL client tools of your server's version ` +
        '(Debian: apt-get install postgresql-client).',
    )
  }
  const major = Number(/\)\s*(\d+)/.exec(stdout)?.[1])
  if (!major) throw new Error(`Could not read the version of ${tool}: ${stdout.trim()}`)
  return major
}

/**
 * Runs pg_dump or pg_restore on DATABASE_URL without the password on the command line (where `ps`
 * would show it): it goes into a private passfile named in the connection string.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]) {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  const folder = mkdtempSync(path.join(tmpdir(), 'store-pgpass-'))
  try {
    if (password) {
      const passfile = path.join(folder, 'pgpass')
      // pgpass format: host:port:database:user:password, with `:` and `\` escaped.
      writeFileSync(passfile, `*:*:*:*:${password.replace(/[\\:]/g, (c) => `\\${c}`)}\n`, { mode: 0o600 })
      url.password = ''
      url.searchParams.set('passfile', passfile)
    }
    await run(tool, [...args, `--dbname=${url.toString()}`], { maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const failure = error as { stderr?: string; message: string }
    throw new Error(`${tool} failed: ${(failure.stderr || failure.message).trim()}`)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
