import { createHash, randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import type { LanguageCode, RegisterBody, Role, UpdateProfileBody, User } from '@store/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { passwordResetTokens, users } from '../../db/schema'
import { userColumns } from '../../lib/auth'
import { enqueueMail } from '../notifications/outbox'
import { resetMail, setPasswordMail } from './reset-mail'
import { endSessions } from './sessions'

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
export async function createUser(db: Db, input: RegisterBody & { role?: Role }): Promise<User | null> {
  const passwordHash = await hashPassword(input.password)
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role ?? 'customer',
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

/** Whether this is the user's password: one argon2 verification. */
export async function isPasswordOf(db: Db, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId))
  return Boolean(row && (await verify(row.hash, password).catch(() => false)))
}

/**
 * Applies the profile's own changes and answers the user, or 'wrong-password' when a new password came
 * with a wrong current one (nothing changes then). A new password ends every session, this one too:
 * the web app logs straight back in with it.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  change: z.output<typeof UpdateProfileBody>,
): Promise<User | 'wrong-password'> {
  const { password, current_password, first_name, last_name, phone, notify_email, language } = change
  let passwordHash: string | undefined
  if (password !== undefined) {
    if (!(await isPasswordOf(db, userId, current_password ?? ''))) return 'wrong-password'
    passwordHash = await hashPassword(password)
  }
  const values = {
    firstName: first_name,
    lastName: last_name,
    phone,
    notifyEmail: notify_email,
    language,
    passwordHash,
  }
  // An empty change ({}) answers the profile as it is (drizzle refuses an UPDATE without values).
  const changes = Object.values(values).some((value) => value !== undefined)
  return db.transaction(async (tx) => {
    if (passwordHash) await endSessions(tx, userId)
    const [updated] = changes
      ? await tx.update(users).set(values).where(eq(users.id, userId)).returning(userColumns)
      : await tx.select(userColumns).from(users).where(eq(users.id, userId))
    if (!updated) throw new Error(`User ${userId} vanished while changing the profile`)
    return updated
  })
}

const RESET_TOKEN_MS = 60 * 60 * 1000

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Writes a reset token for an active account with this email and puts the mail with its link in the
 * outbox, in one transaction. An unknown or disabled email does nothing, and the caller answers alike.
 */
export async function requestPasswordReset(db: Db, email: string, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.isActive, true)))
    if (!user?.email) return
    // Only the hash is stored: whoever reads the database cannot use a link that is still live.
    const token = randomBytes(32).toString('base64url')
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
    })
    await enqueueMail(tx, {
      event: 'password_reset',
      to: user.email,
      ...resetMail(user.firstName, publicUrl, token, user.language),
    })
  })
}

// Staff made the account: its owner may read the mail days later.
const SET_PASSWORD_TOKEN_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Puts the mail of an account staff made for a customer (the order desk) in the outbox, in the caller's
 * transaction: a reset token, a week long, with which they choose their first password.
 */
export async function mailSetPasswordLink(
  tx: Db,
  user: { id: number; email: string; firstName: string; language: LanguageCode },
  publicUrl: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  await tx.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + SET_PASSWORD_TOKEN_MS),
  })
  await enqueueMail(tx, {
    event: 'account_created',
    to: user.email,
    ...setPasswordMail(user.firstName, publicUrl, token, user.language),
  })
}

/**
 * Sets the password with a live token and ends every session; false when the token is unknown, used
 * or expired. Claiming the token is one conditional UPDATE, so of two racing uses only one wins.
 */
export async function confirmPasswordReset(db: Db, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          sql`${passwordResetTokens.expiresAt} > now()`,
        ),
      )
      .returning({ userId: passwordResetTokens.userId })
    if (!claimed) return false
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId))
    await endSessions(tx, claimed.userId)
    return true
  })
}
