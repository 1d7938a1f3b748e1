import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'

/**
 * docs/design.md: JWT_SECRET comes from the environment. The embedded mode generates one on first start
 * and keeps it in DATA_DIR (mode 0600); with PostgreSQL and no secret the server refuses to start,
 * since several processes must share one secret and a generated one would differ per machine.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret
  if (config.databaseUrl) {
    throw new Error('JWT_SECRET is required when DATABASE_URL is set (at least 32 characters).')
  }
  mkdirSync(config.dataDir, { recursive: true })
  const file = path.join(config.dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
