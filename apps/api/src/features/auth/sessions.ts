import { randomUUID } from 'node:crypto'
import type { SignedInDevice, TokenPair } from '@store/contract'
import { and, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { refreshTokens, sessions, users } from '../../db/schema'
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type TokenService } from '../../lib/auth'
import { deviceOf } from './device'

/** Where a sign-in or a refresh came from: kept on the session, shown in its signed-in devices. */
export interface Origin {
  userAgent: string
  ip: string
}

// A browser may send a user agent of any length; the device's name needs its start only.
const USER_AGENT_KEPT = 512
/**
 * How long a used refresh token still trades for a pair: long enough for a second tab whose copy of
 * the browser's storage has not yet seen the first tab's new pair, short enough that a stolen token
 * replayed later ends the session (the "reuse interval" of refresh token rotation).
 */
export const REUSE_INTERVAL_SECONDS = 10

/** Stores a new refresh token of the session and answers its id; signed once the transaction commits. */
async function storeRefreshToken(tx: Db, userId: number, sessionId: number): Promise<string> {
  const jti = randomUUID()
  await tx.insert(refreshTokens).values({
    id: jti,
    sessionId,
    userId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  })
  return jti
}

async function signTokens(
  tokens: TokenService,
  { userId, sessionId, jti }: { userId: number; sessionId: number; jti: string },
): Promise<TokenPair> {
  const [access, refresh] = await Promise.all([
    tokens.sign({ sub: String(userId), type: 'access', sid: sessionId }, ACCESS_TOKEN_SECONDS),
    tokens.sign({ sub: String(userId), type: 'refresh', jti, sid: sessionId }, REFRESH_TOKEN_SECONDS),
  ])
  return { access, refresh }
}

/** A sign-in: a new session for this device, and its first tokens. */
export async function startSession(
  db: Db,
  tokens: TokenService,
  userId: number,
  origin: Origin,
): Promise<TokenPair> {
  const issued = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ userId, userAgent: origin.userAgent.slice(0, USER_AGENT_KEPT), ip: origin.ip })
      .returning({ id: sessions.id })
    if (!session) throw new Error('the session was not stored')
    return { userId, sessionId: session.id, jti: await storeRefreshToken(tx, userId, session.id) }
  })
  return signTokens(tokens, issued)
}

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same session issued,
 * in one transaction (a failure halfway leaves the presented token unused, so the client's retry is
 * not taken for a theft). A token used within the last REUSE_INTERVAL_SECONDS gets a pair too: two
 * tabs of one browser share the token, and both trade it when their access token runs out at the same
 * moment. Presenting a used token later means it leaked, so its whole session ends; a token of a
 * session already ended is refused.
 */
export async function rotateRefreshToken(
  db: Db,
  tokens: TokenService,
  token: string,
  origin: Origin,
): Promise<TokenPair | null> {
  const claims = await tokens.verify(token, 'refresh')
  if (!claims?.jti) return null
  const jti = claims.jti
  const rotated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`coalesce(${refreshTokens.usedAt}, now())` })
      .where(
        and(
          eq(refreshTokens.id, jti),
          sql`(${refreshTokens.usedAt} is null or ${refreshTokens.usedAt} > now() - make_interval(secs => ${REUSE_INTERVAL_SECONDS}))`,
          isNull(refreshTokens.revokedAt),
          sql`${refreshTokens.expiresAt} > now()`,
          sql`exists (select 1 from ${sessions} where ${sessions.id} = ${refreshTokens.sessionId} and ${sessions.endedAt} is null)`,
        ),
      )
      .returning({ userId: refreshTokens.userId, sessionId: refreshTokens.sessionId })
    if (!claimed) return 'refused' as const
    const [owner] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, claimed.userId))
    if (!owner?.isActive) return 'inactive' as const
    await tx
      .update(sessions)
      .set({ lastUsedAt: new Date(), ip: origin.ip })
      .where(eq(sessions.id, claimed.sessionId))
    return { ...claimed, jti: await storeRefreshToken(tx, claimed.userId, claimed.sessionId) }
  })
  if (rotated === 'refused') await endSessionOfToken(db, jti)
  if (typeof rotated === 'string') return null
  return signTokens(tokens, rotated)
}

/**
 * Ends the live sessions matching `which` and revokes their refresh tokens, in one statement (nothing
 * can refresh in between); their access tokens are refused from then on. Answers how many ended.
 */
async function endSessionsWhere(db: Db, which: SQL | undefined): Promise<number> {
  const [ended] = await queryRows<{ count: number }>(
    db,
    sql`with ended as (
          update ${sessions} set ended_at = now()
          where ${which} and ended_at is null
            and last_used_at > now() - make_interval(secs => ${REFRESH_TOKEN_SECONDS})
          returning id
        ), revoked as (
          update ${refreshTokens} set revoked_at = now()
          where session_id in (select id from ended) and revoked_at is null
        )
        select count(*)::int as count from ended`,
  )
  return ended?.count ?? 0
}

async function endSessionOfToken(db: Db, tokenId: string): Promise<void> {
  await endSessionsWhere(
    db,
    eq(
      sessions.id,
      sql`(select ${refreshTokens.sessionId} from ${refreshTokens} where ${refreshTokens.id} = ${tokenId})`,
    ),
  )
}

/** Logout: the token's session ends. An unknown or bad token is simply ignored. */
export async function revokeRefreshToken(db: Db, tokens: TokenService, token: string): Promise<void> {
  const claims = await tokens.verify(token, 'refresh')
  if (claims?.jti) await endSessionOfToken(db, claims.jti)
}

/** Ends every session of the user: refresh tokens are revoked, access tokens issued until now refused. */
export async function endSessions(db: Db, userId: number): Promise<void> {
  await endSessionsWhere(db, eq(sessions.userId, userId))
  // The app's clock, not the database's: `lib/auth.ts` compares it with the tokens' own issue time.
  // Tokens from before sessions were kept carry no session, and this still ends them.
  await db.update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, userId))
}

/** Signs one of the user's own devices out; false when it is not theirs or already signed out. */
export async function endOwnSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  return (await endSessionsWhere(db, and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))) > 0
}

/** Signs out every device of the user but the one asking (all of them when it has no session). */
export async function endOtherSessions(
  db: Db,
  userId: number,
  currentSessionId: number | null,
): Promise<void> {
  await endSessionsWhere(
    db,
    currentSessionId === null
      ? eq(sessions.userId, userId)
      : and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)),
  )
}

/** The user's signed-in devices: sessions not ended whose refresh tokens have not yet expired. */
export async function listSessions(
  db: Db,
  userId: number,
  currentSessionId: number | null,
): Promise<SignedInDevice[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        sql`${sessions.lastUsedAt} > now() - make_interval(secs => ${REFRESH_TOKEN_SECONDS})`,
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
  return rows.map((row) => ({
    id: row.id,
    ...deviceOf(row.userAgent),
    ip: row.ip,
    signed_in_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }))
}
