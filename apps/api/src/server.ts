import { buildApp } from './app'
import { loadConfig, startWarnings } from './config'
import { openDatabase } from './db/client'
import { createStorage } from './lib/create-storage'
import { resolveJwtSecret } from './lib/secret'
import { seedIfEmpty } from './seed'

/** Entry: config → database → migrate → seed if empty → listen; SIGTERM drains and exits 0. */
async function main() {
  const config = loadConfig()
  for (const warning of startWarnings(config)) console.warn(warning)
  config.jwtSecret = resolveJwtSecret(config)
  const database = await openDatabase(config)
  const applied = await database.migrate()
  if (applied > 0) console.log(`Database migrated: ${applied} migration(s) applied.`)
  const storage = await createStorage(config)
  // Under a lock, so servers starting together on an empty database create one admin and one catalogue.
  await database.exclusively('seed', () =>
    seedIfEmpty(database, storage, { demo: config.seedDemo, log: (line) => console.log(line) }),
  )
  const app = await buildApp({ config, database, storage })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    // Keep-alive sockets that finish their last request after the signal would otherwise hold the
    // server open until their timeout (72 s); close each as soon as it goes idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
    try {
      await app.close()
      clearInterval(sweep)
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
