import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { type MfaChallenge, STORE_NAME, type TokenPair, type TwoFactorSetup } from '@store/contract'
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { recoveryCodes, users } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { issuedAfter, type TokenService } from '../../lib/auth'
import { createSecretBox, type SecretBox, SecretBoxError } from '../../lib/secret-box'
import type { Notifier } from '../notifications/service'
import { type Origin, startSession } from './sessions'

// RFC 6238 as every authenticator app reads an otpauth:// link: HMAC-SHA-1, 30-second steps, six digits.
const ALGORITHM = 'SHA1'
const PERIOD_SECONDS = 30
const DIGITS = 6
/** Steps either side of now whose code is still taken: a phone's clock may be a little off (RFC 6238 §5.2) */
const WINDOW = 1
/** 160 bits, the length RFC 4226 §4 recommends */
const SECRET_BYTES = 20
const MFA_TOKEN_SECONDS = 5 * 60
const RECOVERY_CODE_COUNT = 10

/** The 30-second step a moment (in milliseconds) falls in: RFC 6238's T */
export const totpStep = (timestamp: number) => TOTP.counter({ period: PERIOD_SECONDS, timestamp })

/**
 * The code of a secret at a moment: the one function that makes codes, for checking them and for the
 * tests (the RFC's vectors use eight digits).
 */
export function totpCode(secret: Secret, { timestamp = Date.now(), digits = DIGITS } = {}): string {
  return TOTP.generate({ secret, algorithm: ALGORITHM, digits, period: PERIOD_SECONDS, timestamp })
}

/** The step whose code `code` is, within WINDOW steps of the moment; null when it is none of them. */
export function matchTotpStep(
  secret: Secret,
  code: string,
  { timestamp = Date.now(), digits = DIGITS } = {},
): number | null {
  const given = Buffer.from(code)
  if (given.length !== digits) return null
  const now = totpStep(timestamp)
  let matched: number | null = null
  // Every step is computed and compared in constant time, so timing tells nothing of which one matched.
  for (let step = now - WINDOW; step <= now + WINDOW; step += 1) {
    const expected = Buffer.from(totpCode(secret, { timestamp: step * PERIOD_SECONDS * 1000, digits }))
    if (timingSafeEqual(given, expected)) matched = step
  }
  return matched
}

/**
 * Encrypts authenticator secrets at rest under TOTP_ENCRYPTION_KEY, else a key derived from the JWT
 * secret. Values sealed under the previous key or the JWT secret still open, so setting or changing
 * TOTP_ENCRYPTION_KEY locks nobody out; `npm run keys:rotate` re-seals them under the current key.
 */
export function totpSecretBox(
  config: Pick<Config, 'totpEncryptionKey' | 'previousTotpEncryptionKey' | 'jwtSecret'>,
): SecretBox {
  const material = config.totpEncryptionKey ?? config.jwtSecret
  if (!material) throw new Error('The authenticator secrets need TOTP_ENCRYPTION_KEY or the JWT secret.')
  const earlier = [config.previousTotpEncryptionKey, config.jwtSecret].filter(
    (key): key is string => key !== undefined && key !== material,
  )
  return createSecretBox(material, earlier)
}

// A sealed secret opens only for its own user: copied onto another account's row, it is refused.
const sealContext = (userId: number) => `users.totp_secret:${userId}`

/**
 * Re-seals every stored authenticator secret under the box's current key, in one transaction: all or
 * none. Refuses (changing nothing) when a secret opens with none of the box's keys, naming the users.
 */
export async function resealTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  return db.transaction(async (tx) => {
    const sealed = await tx
      .select({ id: users.id, secret: users.totpSecret })
      .from(users)
      .where(isNotNull(users.totpSecret))
      .for('update')
    const unreadable: number[] = []
    for (const { id, secret } of sealed) {
      let resealed: string
      try {
        resealed = box.seal(box.open(secret ?? '', sealContext(id)), sealContext(id))
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error
        unreadable.push(id)
        continue
      }
      await tx.update(users).set({ totpSecret: resealed }).where(eq(users.id, id))
    }
    if (unreadable.length > 0) {
      throw new SecretBoxError(
        `The authenticator secrets of users ${unreadable.join(', ')} open with none of the configured keys; nothing was re-sealed.`,
      )
    }
    return sealed.length
  })
}

/**
 * Starts (or starts again) two-factor setup: a new secret, stored sealed and pending until a code
 * confirms it. 'already-on' when two-factor sign-in is on.
 */
export async function startTwoFactorSetup(
  db: Db,
  box: SecretBox,
  user: { id: number; email: string },
): Promise<TwoFactorSetup | 'already-on'> {
  const secret = new Secret({ size: SECRET_BYTES })
  const [pending] = await db
    .update(users)
    .set({ totpSecret: box.seal(secret.base32, sealContext(user.id)), totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id })
  if (!pending) return 'already-on'
  const link = new TOTP({
    issuer: STORE_NAME,
    label: user.email,
    secret,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  })
  return { secret: secret.base32, otpauth_url: link.toString() }
}

// Recovery codes: 12 characters of Crockford's base32 (no i, l, o, u), 60 bits, shown as xxxx-xxxx-xxxx.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

function newRecoveryCode(): string {
  const characters = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-')
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A recovery code as typed (any case, dashes or spaces, o for 0, i or l for 1), as its 12 characters; null: not one */
function normalizeRecoveryCode(typed: string): string | null {
  const normalized = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1')
  return /^[0-9a-hjkmnp-tv-z]{12}$/.test(normalized) ? normalized : null
}

/** Ten new recovery codes for the user, the old ones gone; only their hashes are kept, so whoever reads the database cannot sign in with them. */
async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx
    .insert(recoveryCodes)
    .values(codes.map((each) => ({ userId, codeHash: sha256(each.replaceAll('-', '')) })))
  return codes
}

/**
 * Takes one of the user's codes: an app code of a step newer than the last one taken, or an unused
 * recovery code. Each is claimed by a conditional UPDATE, so of a replay or two racing uses one wins.
 */
async function claimCode(
  db: Db,
  box: SecretBox,
  { userId, sealedSecret, code, now }: { userId: number; sealedSecret: string; code: string; now: number },
): Promise<boolean> {
  const typed = code.replace(/\s/g, '')
  if (/^\d{6}$/.test(typed)) {
    const step = matchTotpStep(Secret.fromBase32(box.open(sealedSecret, sealContext(userId))), typed, {
      timestamp: now,
    })
    if (step === null) return false
    const [claimed] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(users.id, userId),
          isNotNull(users.totpEnabledAt),
          or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        ),
      )
      .returning({ id: users.id })
    return Boolean(claimed)
  }
  const recoveryCode = normalizeRecoveryCode(typed)
  if (!recoveryCode) return false
  const [claimed] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(recoveryCode)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return Boolean(claimed)
}

/**
 * Turns two-factor sign-in on with a first code of the pending secret and answers ten new recovery
 * codes (only their hashes are kept). 'not-pending' when there is no setup to confirm or it is already
 * on, 'wrong-code' when the code is not the secret's within a step of now.
 */
export async function confirmTwoFactor(
  db: Db,
  box: SecretBox,
  actor: Actor,
  { code, now = Date.now() }: { code: string; now?: number },
): Promise<string[] | 'not-pending' | 'wrong-code'> {
  return db.transaction(async (tx) => {
    // Locked: a setup started again meanwhile waits, then finds two-factor on and changes nothing.
    const [row] = await tx
      .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update')
    if (!row?.secret || row.enabledAt) return 'not-pending'
    const step = matchTotpStep(Secret.fromBase32(box.open(row.secret, sealContext(actor.id))), code, {
      timestamp: now,
    })
    if (step === null) return 'wrong-code'
    await tx
      .update(users)
      .set({ totpEnabledAt: new Date(now), totpLastStep: step })
      .where(eq(users.id, actor.id))
    const codes = await replaceRecoveryCodes(tx, actor.id)
    await recordChange(tx, actor, {
      action: 'user.two_factor',
      entity: 'user',
      entityId: actor.id,
      before: { two_factor_enabled: false },
      after: { two_factor_enabled: true },
    })
    return codes
  })
}

/** Login's answer for a user with two-factor on: a five-minute token that proves the password only. */
export async function mfaChallenge(tokens: TokenService, userId: number): Promise<MfaChallenge> {
  const mfaToken = await tokens.sign({ sub: String(userId), type: 'mfa' }, MFA_TOKEN_SECONDS)
  return { mfa_required: true, mfa_token: mfaToken }
}

/** The user an mfa token names, unverified: only a key for rate limits, never for access. */
export function mfaTokenSubject(token: unknown): string {
  if (typeof token !== 'string') return ''
  try {
    const { sub } = decodeJwt(token)
    return typeof sub === 'string' ? sub : ''
  } catch {
    return ''
  }
}

/**
 * Finishes a two-factor sign-in: with a live mfa token, a code of the current steps newer than the last
 * one taken, or an unused recovery code, gives the session's tokens. Each code and recovery code works
 * once: it is claimed by a conditional UPDATE, so of a replay or two racing uses only one wins.
 * 'bad-token' when the token is forged, expired, from before a password reset, or its account is
 * disabled or has two-factor off; 'wrong-code' otherwise.
 */
export async function verifySecondFactor(
  db: Db,
  tokens: TokenService,
  box: SecretBox,
  {
    mfaToken,
    code,
    origin,
    now = Date.now(),
  }: { mfaToken: string; code: string; origin: Origin; now?: number },
): Promise<TokenPair | 'bad-token' | 'wrong-code'> {
  const claims = await tokens.verify(mfaToken, 'mfa')
  const userId = Number(claims?.sub)
  if (!claims || !Number.isSafeInteger(userId)) return 'bad-token'
  const [user] = await db
    .select({
      isActive: users.isActive,
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      validAfter: users.sessionsValidAfter,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user?.isActive || !user.enabledAt || !user.secret || !issuedAfter(claims, user.validAfter)) {
    return 'bad-token'
  }

  if (!(await claimCode(db, box, { userId, sealedSecret: user.secret, code, now }))) return 'wrong-code'
  return startSession(db, tokens, userId, origin)
}

/** What a staff member's own change of their two-factor sign-in needs: on, and one of their codes. */
async function withOwnCode<T>(
  db: Db,
  box: SecretBox,
  actor: Actor,
  { code, now }: { code: string; now: number },
  change: (tx: Db) => Promise<T>,
): Promise<T | 'not-on' | 'wrong-code'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update')
    if (!row?.secret || !row.enabledAt) return 'not-on'
    if (!(await claimCode(tx, box, { userId: actor.id, sealedSecret: row.secret, code, now })))
      return 'wrong-code'
    return change(tx)
  })
}

/** Clears a user's two-factor sign-in: the secret, the steps taken and the recovery codes. */
async function clearTwoFactor(tx: Db, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId))
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
}

/** A staff member turns their two-factor sign-in off with one of its codes (audited). */
export function turnOffTwoFactor(
  db: Db,
  box: SecretBox,
  actor: Actor,
  { code, now = Date.now() }: { code: string; now?: number },
) {
  return withOwnCode(db, box, actor, { code, now }, async (tx) => {
    await clearTwoFactor(tx, actor.id)
    await recordChange(tx, actor, {
      action: 'user.two_factor',
      entity: 'user',
      entityId: actor.id,
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false },
    })
    return 'off' as const
  })
}

/** A staff member replaces their recovery codes with one of their codes: ten new ones, shown once (audited). */
export function renewRecoveryCodes(
  db: Db,
  box: SecretBox,
  actor: Actor,
  { code, now = Date.now() }: { code: string; now?: number },
) {
  return withOwnCode(db, box, actor, { code, now }, async (tx) => {
    const codes = await replaceRecoveryCodes(tx, actor.id)
    await recordChange(tx, actor, {
      action: 'user.recovery_codes',
      entity: 'user',
      entityId: actor.id,
      before: null,
      after: { recovery_codes: 'replaced' },
    })
    return codes
  })
}

/**
 * The owner turns a colleague's two-factor sign-in off, for a lost phone and lost codes (audited; the
 * colleague is told by mail). Null when there is no such person, 'not-on' when it is off already.
 */
export async function resetTwoFactor(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  userId: number,
): Promise<'reset' | 'not-on' | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!row) return null
    if (!row.enabledAt) return 'not-on'
    await clearTwoFactor(tx, userId)
    await recordChange(tx, actor, {
      action: 'user.two_factor_reset',
      entity: 'user',
      entityId: userId,
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false },
    })
    await notifier.twoFactorReset(tx, userId)
    return 'reset'
  })
}
