import { can, type Permission, SECOND_FACTOR_REQUIRED, type User } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { sessions, users } from '../db/schema'
import { httpError } from './errors'

const UNAUTHENTICATED = 'Authentication credentials were not provided or are invalid.'
const FORBIDDEN = 'You do not have permission to perform this action.'

/** The columns of a User answer (contract `User`), for every query that answers one */
export const userColumns = {
  id: users.id,
  // A customer kept by name and phone only has no email: the wire shape says "".
  email: sql<string>`coalesce(${users.email}, '')`,
  first_name: users.firstName,
  last_name: users.lastName,
  is_staff: users.isStaff,
  role: users.role,
  two_factor_enabled: sql<boolean>`${users.totpEnabledAt} is not null`,
  phone: users.phone,
  notify_email: users.notifyEmail,
  language: users.language,
}

export const ACCESS_TOKEN_SECONDS = 15 * 60
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid access token came with the request */
    user: User | null
    /** The signed-in device the access token belongs to (null for tokens issued before sessions were kept) */
    sessionId: number | null
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>
    /** The hook of a staff route: a user whose role holds the permission (and, if required, 2FA) */
    requirePermission: (
      permission: Permission,
      options?: { beforeSecondFactor?: boolean },
    ) => (request: FastifyRequest) => Promise<void>
    tokens: TokenService
  }
}

export interface TokenClaims {
  sub: string
  /** `mfa`: the password was right and a second factor is due (login of a user with two-factor on) */
  type: 'access' | 'refresh' | 'mfa'
  jti?: string
  /** The session (signed-in device) of an access or refresh token */
  sid?: number
  /** Issued at, in milliseconds: `iat` counts whole seconds, too coarse to tell a token issued just
   * before a password reset from one issued just after (set by `sign`) */
  iat_ms?: number
  iat?: number
}

export interface TokenService {
  sign(claims: TokenClaims, lifetimeSeconds: number): Promise<string>
  verify(token: string, type: TokenClaims['type']): Promise<TokenClaims | null>
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret)
  return {
    sign: (claims, lifetimeSeconds) =>
      new SignJWT({ ...claims, iat_ms: Date.now() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key),
    async verify(token, type) {
      try {
        // The algorithm is pinned: a token signed any other way (or "none") is refused; and every
        // token this shop signs expires, so one without `exp` was not signed by it as issued.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] })
        if (payload.type !== type || typeof payload.sub !== 'string') return null
        return payload as unknown as TokenClaims
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null
        throw error
      }
    },
  }
}

/** Whether a token was issued after the account's sessions were ended (by a password change). */
export function issuedAfter(claims: TokenClaims | null, validAfter: Date | null): boolean {
  if (!validAfter) return true
  // A token without `iat_ms` counts from the start of its second: one from the reset's second is out.
  const issuedMs = claims?.iat_ms ?? (claims?.iat ?? 0) * 1000
  return issuedMs > validAfter.getTime()
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

/** Resolves `request.user` from the Bearer token; a disabled or deleted account counts as no user. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; requireStaff2fa: boolean }) => {
    const tokens = createTokenService(options.secret)
    app.decorate('tokens', tokens)
    app.decorateRequest('user', null)
    app.decorateRequest('sessionId', null)

    async function loadUser(request: FastifyRequest): Promise<void> {
      request.user = null
      request.sessionId = null
      const token = bearerToken(request)
      if (!token) return
      const claims = await tokens.verify(token, 'access')
      const id = Number(claims?.sub)
      if (!Number.isSafeInteger(id)) return
      const sessionId = Number.isSafeInteger(claims?.sid) ? Number(claims?.sid) : null
      const [row] = await app.db
        .select({
          ...userColumns,
          is_active: users.isActive,
          validAfter: users.sessionsValidAfter,
          sessionLive: sql<boolean>`${sessions.id} is not null and ${sessions.endedAt} is null`,
        })
        .from(users)
        .leftJoin(sessions, and(eq(sessions.id, sessionId ?? 0), eq(sessions.userId, users.id)))
        .where(eq(users.id, id))
      if (!row?.is_active || !issuedAfter(claims, row.validAfter)) return
      // A device signed out stops at once, not when its access token expires.
      if (sessionId !== null && !row.sessionLive) return
      const { is_active: _active, validAfter: _after, sessionLive: _live, ...user } = row
      request.user = user
      request.sessionId = sessionId
    }

    const requireUser = async (request: FastifyRequest) => {
      await loadUser(request)
      if (!request.user) throw httpError(401, UNAUTHENTICATED)
    }
    app.decorate('requireUser', requireUser)
    app.decorate('requirePermission', (permission: Permission, { beforeSecondFactor = false } = {}) => {
      return async (request: FastifyRequest) => {
        await requireUser(request)
        const user = callerOf(request)
        if (!can(user.role, permission)) throw httpError(403, FORBIDDEN)
        if (options.requireStaff2fa && !user.two_factor_enabled && !beforeSecondFactor)
          throw httpError(403, SECOND_FACTOR_REQUIRED)
      }
    })
  },
  { name: 'auth', dependencies: ['db'] },
)

/** The caller of a route whose access rule (`user` or `staff`) already required one. */
export function callerOf(request: FastifyRequest): User {
  if (!request.user) throw httpError(401, UNAUTHENTICATED)
  return request.user
}
