import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, queryRows } from '../src/db/client'
import { users } from '../src/db/schema'
import { createSecretBox } from '../src/lib/secret-box'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-keys-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const JWT_SECRET = 'the-old-jwt-secret-the-old-jwt-secret-0123'
const NEW_KEY = 'a-new-totp-encryption-key-a-new-totp-key-0123'
const context = (userId: number) => `users.totp_secret:${userId}`

async function keysRotate(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/keys-rotate.js'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET, ...env },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

/** Runs `work` on the store's embedded database while no command holds it. */
async function onTheStore<T>(
  work: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openPglite(dataDir)
  try {
    await database.migrate()
    return await work(database.db)
  } finally {
    await database.close()
  }
}

const sealedSecrets = () =>
  onTheStore((db) =>
    queryRows<{ id: number; totp_secret: string }>(db, sql`select id, totp_secret from users order by id`),
  )

/** The stored secrets opened with this key alone (no earlier key, no JWT secret). */
async function secretsOpenedWith(key: string): Promise<string[]> {
  const keyAlone = createSecretBox(key)
  return (await sealedSecrets()).map(({ id, totp_secret }) => keyAlone.open(totp_secret, context(id)))
}

// A store whose secrets were sealed under the JWT secret (no TOTP_ENCRYPTION_KEY), as the docs let it.
beforeAll(async () => {
  const underJwtSecret = createSecretBox(JWT_SECRET)
  await onTheStore(async (db) => {
    for (const email of ['one@example.com', 'two@example.com']) {
      const [user] = await db
        .insert(users)
        .values({ email, passwordHash: 'x', firstName: 'A', lastName: 'B', role: 'manager' })
        .returning({ id: users.id })
      if (!user) throw new Error('no user')
      await db
        .update(users)
        .set({ totpSecret: underJwtSecret.seal(`SECRET${user.id}`, context(user.id)) })
        .where(eq(users.id, user.id))
    }
  })
})

// The CLI works on the embedded database here, whichever database the rest of the suite uses.
describe('npm run keys:rotate', () => {
  it('without TOTP_ENCRYPTION_KEY changes nothing and says how to go about it', async () => {
    const before = await sealedSecrets()
    const result = await keysRotate({ TOTP_ENCRYPTION_KEY: '' })
    expect(result.code).toBe(2)
    expect(result.output).toContain('TOTP_ENCRYPTION_KEY is not set')
    expect(result.output).toMatch(/TOTP_ENCRYPTION_KEY=[\w-]{43}/)
    expect(await sealedSecrets()).toEqual(before)
  })

  it('re-seals nothing while one secret opens with no configured key, and names its account', async () => {
    const before = await sealedSecrets()
    const foreign = createSecretBox('some-key-this-store-never-had-0123456789').seal('X', context(2))
    await onTheStore((db) => db.update(users).set({ totpSecret: foreign }).where(eq(users.id, 2)))

    const result = await keysRotate({ TOTP_ENCRYPTION_KEY: NEW_KEY })
    expect(result.code).toBe(3)
    expect(result.output).toContain('users 2 open with none of the configured keys; nothing was re-sealed')
    expect((await sealedSecrets())[0]).toEqual(before[0])

    const restored = before[1]?.totp_secret ?? ''
    await onTheStore((db) => db.update(users).set({ totpSecret: restored }).where(eq(users.id, 2)))
  })

  it('re-seals every secret under the new key, which then opens them without the JWT secret', async () => {
    const result = await keysRotate({ TOTP_ENCRYPTION_KEY: NEW_KEY })
    expect(result.output).toContain('Re-sealed 2 authenticator secrets under TOTP_ENCRYPTION_KEY.')
    expect(result.code).toBe(0)

    expect(await secretsOpenedWith(NEW_KEY)).toEqual(['SECRET1', 'SECRET2'])
  })

  it('moves them on to another key, the previous one named, whatever the JWT secret has become', async () => {
    const newerKey = 'the-key-after-that-one-the-key-after-that-0123'
    const result = await keysRotate({
      TOTP_ENCRYPTION_KEY: newerKey,
      TOTP_ENCRYPTION_KEY_PREVIOUS: NEW_KEY,
      JWT_SECRET: 'a-changed-jwt-secret-a-changed-jwt-secret-0123',
    })
    expect(result.output).toContain('Re-sealed 2 authenticator secrets under TOTP_ENCRYPTION_KEY.')
    expect(result.code).toBe(0)

    expect(await secretsOpenedWith(newerKey)).toEqual(['SECRET1', 'SECRET2'])
  })
})
