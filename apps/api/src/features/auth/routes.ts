import { authRoutes } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../../lib/auth'
import { httpError } from '../../lib/errors'
import { perMinute } from '../../lib/rate-limit'
import { implement } from '../../lib/route'
import { authenticate, createUser, revokeRefreshToken, rotateRefreshToken, startSession } from './service'

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
}

export async function authFeature(app: FastifyInstance) {
  const limits = app.config.rateLimits

  implement(
    app,
    authRoutes.register,
    async (request) => {
      const user = await createUser(app.db, request.body)
      if (!user) {
        throw httpError(400, `A user with the email ${request.body.email} already exists.`, {
          email: ['A user with this email already exists.'],
        })
      }
      return user
    },
    perMinute(limits.register, (request) => request.ip),
  )

  implement(
    app,
    authRoutes.login,
    async (request) => {
      const user = await authenticate(app.db, request.body.email, request.body.password)
      if (!user) throw httpError(401, 'No active account found with the given credentials.')
      return startSession(app.db, app.tokens, user.id)
    },
    perMinute(limits.login, (request) => `${request.ip}|${emailOf(request)}`),
  )

  implement(app, authRoutes.refresh, async (request) => {
    const pair = await rotateRefreshToken(app.db, app.tokens, request.body.refresh)
    if (!pair) throw httpError(401, 'The refresh token is invalid or has expired.')
    return pair
  })

  implement(app, authRoutes.logout, async (request) => {
    await revokeRefreshToken(app.db, app.tokens, request.body.refresh)
  })

  implement(app, authRoutes.profile, async (request) => callerOf(request))
}
