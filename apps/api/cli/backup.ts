import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createBackup } from '../src/backup/backup'
import { loadConfig } from '../src/config'
import { DatabaseLockedError } from '../src/db/client'
import { createStorage } from '../src/lib/create-storage'
import { runCommand } from './run-command'

const usage = 'Usage: npm run backup -- --out FILE'

/** Writes the database and the media into one file; exits non-zero with the reason. */
async function main(): Promise<number> {
  let out: string | undefined
  try {
    ;({
      values: { out },
    } = parseArgs({ options: { out: { type: 'string' } }, strict: true }))
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    return 2
  }
  if (!out) {
    console.error(usage)
    return 2
  }
  const config = loadConfig()
  const target = path.resolve(config.callerDir, out)
  if (existsSync(target)) {
    console.error(`${target} exists already; name a new file.`)
    return 2
  }
  const manifest = await createBackup(config, await createStorage(config), target)
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0)
  console.log(
    `Backup written to ${target}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ` +
      `${manifest.media_files} media files.`,
  )
  return 0
}

runCommand(main, [DatabaseLockedError])
