import path from 'node:path'
import { parseArgs } from 'node:util'
import { RefusedError, restoreBackup } from '../src/backup/backup'
import { loadConfig } from '../src/config'
import { DatabaseLockedError } from '../src/db/client'
import { createStorage } from '../src/lib/create-storage'
import { runCommand } from './run-command'

const usage = 'Usage: npm run restore -- FILE [--force]'

/** Puts a backup into the configured store; exits non-zero with the reason. */
async function main(): Promise<number> {
  let file: string | undefined
  let force = false
  try {
    const parsed = parseArgs({
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
    })
    if (parsed.positionals.length !== 1) throw new Error('Name one backup file.')
    file = parsed.positionals[0]
    force = Boolean(parsed.values.force)
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    return 2
  }
  const config = loadConfig()
  const source = path.resolve(config.callerDir, file ?? '')
  const manifest = await restoreBackup(config, await createStorage(config), source, { force })
  console.log(
    `Restored the backup of ${manifest.created_at}: ${Object.keys(manifest.tables).length} tables, ` +
      `${manifest.media_files} media files, every count checked.`,
  )
  return 0
}

runCommand(main, [DatabaseLockedError, RefusedError])
