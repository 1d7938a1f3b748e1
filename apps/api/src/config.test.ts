import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, shopAddress, startWarnings } from './config'
import { resolveJwtSecret } from './lib/secret'

describe('loadConfig', () => {
  it('starts the embedded mode with nothing set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, seedDemo: true })
  })

  it('warns at start when production has no PUBLIC_URL, since mails would link to localhost', () => {
    const [warning] = startWarnings(loadConfig({ NODE_ENV: 'production', PORT: '8080' }))
    expect(warning).toMatch(/^PUBLIC_URL is not set: mails and texts will link to http:\/\/localhost:8080/)
    expect(startWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }))).toEqual(
      [],
    )
    expect(startWarnings(loadConfig({}))).toEqual([])
  })

  it('keeps media on disk unless MEDIA_STORAGE=s3, which needs a bucket and both keys or neither', () => {
    expect(loadConfig({}).mediaStorage).toEqual({ kind: 'disk' })
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_BUCKET: Required with MEDIA_STORAGE=s3[\s\S]*S3_SECRET_ACCESS_KEY: Set both S3 keys or neither/,
    )
    expect(
      loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example.com/' })
        .mediaStorage,
    ).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'media',
      region: 'us-east-1',
      credentials: undefined,
      publicUrl: 'https://cdn.example.com',
      forcePathStyle: true,
    })
  })

  it('reads the trusted proxies and refuses a short metrics token', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ])
    expect(loadConfig({}).trustProxy).toEqual([])
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/)
  })

  it('sends mail by SMTP only with SMTP_URL and MAIL_FROM, signs webhooks with a secret, links to PUBLIC_URL', () => {
    const embedded = loadConfig({ PORT: '8080' })
    expect(shopAddress(embedded)).toBe('http://localhost:8080')
    expect(embedded.notifications).toMatchObject({ smtp: undefined, webhook: undefined })
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://mail.example.pk:587', NOTIFY_WEBHOOK_URL: 'https://sms.example.pk/' }),
    ).toThrow(
      /MAIL_FROM: Set both SMTP_URL and MAIL_FROM or neither[\s\S]*NOTIFY_WEBHOOK_SECRET: Required with NOTIFY_WEBHOOK_URL/,
    )
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.pk', MAIL_FROM: 'shop@example.pk' })).toThrow(
      /SMTP_URL/,
    )
    const configured = loadConfig({
      PUBLIC_URL: 'https://comfort.pk/',
      SMTP_URL: 'smtp://user:pass@mail.example.pk:587',
      MAIL_FROM: 'Comfort Living <orders@comfort.pk>',
    })
    expect(shopAddress(configured)).toBe('https://comfort.pk')
    expect(configured.notifications.smtp).toEqual({
      url: 'smtp://user:pass@mail.example.pk:587',
      from: 'Comfort Living <orders@comfort.pk>',
    })
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
