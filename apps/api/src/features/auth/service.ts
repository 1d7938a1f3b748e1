import { randomUUID } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import type { RegisterBody, TokenPair, User } from '@store/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { refreshTokens, users } from '../../db/schema'
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type TokenService, userColumns } from '../../lib/auth'

export const hashPassword = (password: string) => hash(password, { algorithm: 2 /* argon2id */ })

// Verifying against this when the email is unknown makes both failures take the same time.
// Made on the first login, not at import: starting the server or the CLI need not pay for it.
let decoy: Promise<string> | undefined
const decoyHash = () => (decoy ??= hashPassword('not-a-real-password-only-for-timing'))

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  return row ?? null
}

/** Creates a user, or returns null when the email is taken (in any letter case). */
export async function createUser(db: Db, input: RegisterBody & { is_staff?: boolean }): Promise<User | null> {
  const passwordHash = await hashPassword(input.password)
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      isStaff: input.is_staff ?? false,
    })
    .onConflictDoNothing()
    .returning(userColumns)
  return row ?? null
}

/** The user for a correct email and password, else null; both failures cost one argon2 verification. */
export async function authenticate(db: Db, email: string, password: string): Promise<User | null> {
  const found = await findUserByEmail(db, email)
  const passwordMatches = await verify(found?.passwordHash ?? (await decoyHash()), password).catch(
    () => false,
  )
  if (!found || !passwordMatches || !found.isActive) return null
  const { passwordHash: _hash, isActive: _active, ...user } = found
  return user
}

async function issueTokens(
  db: Db,
  tokens: TokenService,
  userId: number,
  familyId: string,
): Promise<TokenPair> {
  const jti = randomUUID()
  await db.insert(refreshTokens).values({
    id: jti,
    familyId,
    userId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  })
  const [access, refresh] = await Promise.all([
    tokens.sign({ sub: String(userId), type: 'access' }, ACCESS_TOKEN_SECONDS),
    tokens.sign({ sub: String(userId), type: 'refresh', jti, fam: familyId }, REFRESH_TOKEN_SECONDS),
  ])
  return { access, refresh }
}

export const startSession = (db: Db, tokens: TokenService, userId: number) =>
  issueTokens(db, tokens, userId, randomUUID())

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same family issued.
 * Presenting a used token again means it leaked, so the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  tokens: TokenService,
  token: string,
): Promise<TokenPair | null> {
  const claims = await tokens.verify(token, 'refresh')
  if (!claims?.jti || !claims.fam) return null
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, claims.jti),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
  if (!claimed) {
    await revokeFamily(db, claims.fam)
    return null
  }
  const [owner] = await db
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, claimed.userId))
  if (!owner?.isActive) return null
  return issueTokens(db, tokens, claimed.userId, claimed.familyId)
}

async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/** Logout: the token's family stops working. An unknown or bad token is simply ignored. */
export async function revokeRefreshToken(db: Db, tokens: TokenService, token: string): Promise<void> {
  const claims = await tokens.verify(token, 'refresh')
  if (claims?.fam) await revokeFamily(db, claims.fam)
}
