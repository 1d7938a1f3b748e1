import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { openPglite } from '../db/client'

const relativeDir = path.join('.test-media', String(process.pid))
afterAll(() => rmSync('.test-media', { recursive: true, force: true }))

describe('the default media storage', () => {
  // The default DATA_DIR is relative (./data): the app must still start and serve /media/.
  it('works from a relative DATA_DIR', async () => {
    const database = await openPglite(null)
    const config = {
      ...loadConfig({ DATA_DIR: relativeDir, LOG_LEVEL: 'silent' }),
      jwtSecret: 'x'.repeat(32),
    }
    const app = await buildApp({ config, database })
    try {
      expect(path.isAbsolute(app.storage.root)).toBe(true)
      expect((await app.inject({ method: 'GET', url: '/media/products/none.webp' })).statusCode).toBe(404)
    } finally {
      await app.close()
      await database.close()
    }
  })
})
