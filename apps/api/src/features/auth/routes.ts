import { authRoutes } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { shopAddress } from '../../config'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { httpError, notFound } from '../../lib/errors'
import { perMinute, perMinuteCheck, perMinuteFailures } from '../../lib/rate-limit'
import { implement } from '../../lib/route'
import {
  authenticate,
  confirmPasswordReset,
  createUser,
  isPasswordOf,
  requestPasswordReset,
  updateProfile,
} from './service'
import {
  endOtherSessions,
  endOwnSession,
  listSessions,
  type Origin,
  revokeRefreshToken,
  rotateRefreshToken,
  startSession,
} from './sessions'
import {
  confirmTwoFactor,
  mfaChallenge,
  mfaTokenSubject,
  renewRecoveryCodes,
  startTwoFactorSetup,
  totpSecretBox,
  turnOffTwoFactor,
  verifySecondFactor,
} from './two-factor'

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
}

const originOf = (request: FastifyRequest): Origin => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
})

const byAddressAndEmail = (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`

// Codes are guessed per account, like passwords: verify attempts count per address and the mfa
// token's user (read unverified: a forged token buys nothing but its own count, then a 401).
const byAddressAndMfaUser = (request: FastifyRequest) =>
  `${request.ip}|mfa:${mfaTokenSubject((request.body as { mfa_token?: unknown } | undefined)?.mfa_token)}`

const WRONG_SECOND_FACTOR = 'That code is not right. Enter the newest code from your app, or a recovery code.'

export async function authFeature(app: FastifyInstance) {
  const limits = app.config.rateLimits
  const secrets = totpSecretBox(app.config)
  // A stolen session guessing the password from many addresses: checks count per account, as sign-ins do.
  const passwordChecksForAccount = perMinuteCheck(
    app,
    { name: 'password checks per account', max: limits.login },
    (request) => `user:${request.user?.id}`,
  )
  // Codes guessed for one account from many addresses: wrong codes count per account whatever the
  // address. Only a wrong code under a valid mfa token counts, so a forged token naming someone cannot
  // use up their turns; past the limit, no code is checked.
  const codesForAccount = perMinuteFailures(
    app,
    { name: 'two-factor codes per account', max: limits.twoFactorPerAccount },
    (request) => `mfa:${mfaTokenSubject((request.body as { mfa_token?: unknown } | undefined)?.mfa_token)}`,
  )

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
      if (user.two_factor_enabled) return mfaChallenge(app.tokens, user.id)
      return startSession(app.db, app.tokens, user.id, originOf(request))
    },
    perMinute(limits.login, byAddressAndEmail),
  )

  implement(app, authRoutes.twoFactorSetup, async (request) => {
    await passwordChecksForAccount(request)
    const user = callerOf(request)
    if (!(await isPasswordOf(app.db, user.id, request.body.current_password))) {
      const wrong = 'The current password is not correct.'
      throw httpError(400, wrong, { current_password: [wrong] })
    }
    const setup = await startTwoFactorSetup(app.db, secrets, user)
    if (setup === 'already-on') throw httpError(409, 'Two-factor sign-in is already on for this account.')
    return setup
  })

  // Codes typed by a signed-in staff member (turning two-factor off, new recovery codes): wrong ones
  // count per account, as at sign-in.
  const ownCodes = perMinuteFailures(
    app,
    { name: 'two-factor codes of a signed-in account', max: limits.twoFactorPerAccount },
    (request) => `user:${request.user?.id}`,
  )
  /** A change of one's own two-factor sign-in that takes a code: 409 when it is off, 400 for a wrong code. */
  async function withOwnCode<T>(request: FastifyRequest, change: () => Promise<T | 'not-on' | 'wrong-code'>) {
    await ownCodes.allowed(request)
    const changed = await change()
    if (changed === 'not-on') throw httpError(409, 'Two-factor sign-in is off for this account.')
    if (changed === 'wrong-code') {
      await ownCodes.failed(request)
      throw httpError(400, WRONG_SECOND_FACTOR, { code: [WRONG_SECOND_FACTOR] })
    }
    return changed
  }

  implement(app, authRoutes.twoFactorDisable, async (request) => {
    await withOwnCode(request, () =>
      turnOffTwoFactor(app.db, secrets, actorOf(request), { code: request.body.code }),
    )
    return { ...callerOf(request), two_factor_enabled: false }
  })

  implement(app, authRoutes.twoFactorRecoveryCodes, async (request) => {
    const codes = await withOwnCode(request, () =>
      renewRecoveryCodes(app.db, secrets, actorOf(request), { code: request.body.code }),
    )
    return { recovery_codes: codes }
  })

  implement(app, authRoutes.twoFactorConfirm, async (request) => {
    const confirmed = await confirmTwoFactor(app.db, secrets, actorOf(request), { code: request.body.code })
    if (confirmed === 'not-pending') {
      const detail = callerOf(request).two_factor_enabled
        ? 'Two-factor sign-in is already on for this account.'
        : 'Start the two-factor setup first: there is no new secret to confirm.'
      throw httpError(409, detail)
    }
    if (confirmed === 'wrong-code') {
      const detail = 'That code is not right. Enter the six digits your authenticator app shows now.'
      throw httpError(400, detail, { code: [detail] })
    }
    return { recovery_codes: confirmed }
  })

  implement(
    app,
    authRoutes.twoFactorVerify,
    async (request) => {
      await codesForAccount.allowed(request)
      const { mfa_token, code } = request.body
      const verified = await verifySecondFactor(app.db, app.tokens, secrets, {
        mfaToken: mfa_token,
        code,
        origin: originOf(request),
      })
      if (verified === 'bad-token') {
        throw httpError(401, 'This sign-in has expired. Sign in with your password again.')
      }
      if (verified === 'wrong-code') {
        await codesForAccount.failed(request)
        throw httpError(400, WRONG_SECOND_FACTOR, { code: [WRONG_SECOND_FACTOR] })
      }
      return verified
    },
    perMinute(limits.login, byAddressAndMfaUser),
  )

  implement(app, authRoutes.refresh, async (request) => {
    const pair = await rotateRefreshToken(app.db, app.tokens, request.body.refresh, originOf(request))
    if (!pair) throw httpError(401, 'The refresh token is invalid or has expired.')
    return pair
  })

  implement(app, authRoutes.logout, async (request) => {
    await revokeRefreshToken(app.db, app.tokens, request.body.refresh)
  })

  implement(app, authRoutes.profile, async (request) => callerOf(request))

  implement(app, authRoutes.listSessions, async (request) =>
    listSessions(app.db, callerOf(request).id, request.sessionId),
  )

  implement(app, authRoutes.endSession, async (request) => {
    if (!(await endOwnSession(app.db, callerOf(request).id, request.params.id))) throw notFound()
  })

  implement(app, authRoutes.endOtherSessions, async (request) => {
    await endOtherSessions(app.db, callerOf(request).id, request.sessionId)
  })

  implement(app, authRoutes.updateProfile, async (request) => {
    if (request.body.current_password !== undefined) await passwordChecksForAccount(request)
    const updated = await updateProfile(app.db, callerOf(request).id, request.body)
    if (updated === 'wrong-password') {
      throw httpError(400, 'The current password is not correct.', {
        current_password: ['The current password is not correct.'],
      })
    }
    return updated
  })

  // Like login: per address and email, and per address, so one client cannot mail-bomb any inbox.
  const resetsFromAddress = perMinuteCheck(
    app,
    { name: 'password reset per address', max: limits.passwordResetPerIp },
    (request) => request.ip,
  )
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
