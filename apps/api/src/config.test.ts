import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { resolveJwtSecret } from './lib/secret'

describe('loadConfig', () => {
  it('starts the embedded mode with nothing set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, seedDemo: true })
  })

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*JWT_SECRET[\s\S]*SEED_DEMO/,
    )
  })
})

describe('resolveJwtSecret', () => {
  it('refuses to start on PostgreSQL without JWT_SECRET', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/store' })
    expect(() => resolveJwtSecret(config)).toThrow(/JWT_SECRET is required/)
  })

  it('generates one secret for the embedded mode, keeps it private and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-secret-'))
    try {
      const config = loadConfig({ DATA_DIR: dataDir })
      const first = resolveJwtSecret(config)
      expect(first.length).toBeGreaterThanOrEqual(32)
      expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600)
      expect(resolveJwtSecret(config)).toBe(first)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
