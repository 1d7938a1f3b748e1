import { authRoutes } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { shopAddress } from '../../config'
import { callerOf } from '../../lib/auth'
import { httpError } from '../../lib/errors'
import { perMinute, perMinuteCheck } from '../../lib/rate-limit'
import { implement } from '../../lib/route'
import {
  authenticate,
  confirmPasswordReset,
  createUser,
  requestPasswordReset,
  revokeRefreshToken,
  rotateRefreshToken,
  startSession,
  updateProfile,
} from './service'

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
}

const byAddressAndEmail = (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`

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
    perMinute(limits.login, byAddressAndEmail),
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

  implement(app, authRoutes.updateProfile, async (request) => {
    const updated = await updateProfile(app.db, callerOf(request).id, request.body)
    if (updated === 'wrong-password') {
      throw httpError(400, 'The current password is not correct.', {
        current_password: ['The current password is not correct.'],
      })
    }
    return updated
  })

  // Like login: per address and email, and per address, so one client cannot mail-bomb any inbox.
  const resetsFromAddress = perMinuteCheck(app, limits.passwordResetPerIp, (request) => request.ip)
  implement(
    app,
    authRoutes.passwordReset,
    async (request) => {
      await resetsFromAddress(request)
      // The same answer, and about the same work, whether or not the email has an account.
      await requestPasswordReset(app.db, request.body.email, shopAddress(app.config))
    },
    perMinute(limits.passwordReset, byAddressAndEmail),
  )

  implement(app, authRoutes.passwordResetConfirm, async (request) => {
    const { token, password } = request.body
    if (!(await confirmPasswordReset(app.db, token, password))) {
      throw httpError(400, 'This reset link has expired or was already used.')
    }
  })
}
