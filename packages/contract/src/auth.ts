import { z } from 'zod'
import { ROLES } from './access'
import { PakistaniMobile } from './addresses'
import { IdParams, type RouteSpec, Timestamp, text } from './common'
import { LANGUAGES } from './languages'
import { paths } from './paths'

export const Language = z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>

export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** true for every role but `customer` */
  is_staff: z.boolean(),
  role: Role,
  /** Whether signing in asks for a code from an authenticator app (staff only) */
  two_factor_enabled: z.boolean(),
  /** A mobile number for delivery and gateway messages (`03XXXXXXXXX` or `+923XXXXXXXXX`), or null */
  phone: z.string().nullable(),
  /** Whether the store emails this person about their orders and messages */
  notify_email: z.boolean(),
  /** The language of the shop, its mails and messages for this person */
  language: Language,
})
export type User = z.infer<typeof User>

const Email = z.email('Enter a valid email address.').trim().max(254)
const Password = text()
  .min(8, 'The password must be at least 8 characters.')
  .max(128, 'The password must be at most 128 characters.')
const PersonName = (label: string) =>
  text().trim().min(1, `${label} is required.`).max(150, `${label} must be at most 150 characters.`)

export const RegisterBody = z.strictObject({
  first_name: PersonName('First name'),
  last_name: PersonName('Last name'),
  email: Email,
  password: Password,
})
export type RegisterBody = z.infer<typeof RegisterBody>

export const LoginBody = z.strictObject({
  email: Email,
  password: text().min(1, 'Password is required.').max(128),
})
export type LoginBody = z.infer<typeof LoginBody>

export const TokenPair = z.object({ access: z.string(), refresh: z.string() })
export type TokenPair = z.infer<typeof TokenPair>

/** A staff member with two-factor sign-in gets this from login instead of tokens: the code comes next. */
export const MfaChallenge = z.object({
  mfa_required: z.literal(true),
  /** Short-lived (five minutes); proves the password was right, and nothing else */
  mfa_token: z.string(),
})
export type MfaChallenge = z.infer<typeof MfaChallenge>

export const LoginAnswer = z.union([TokenPair, MfaChallenge])
export type LoginAnswer = z.infer<typeof LoginAnswer>

/** Six digits from the authenticator app, or one of the recovery codes (each works once). */
const SecondFactorCode = text()
  .trim()
  .min(1, 'Enter the code from your authenticator app.')
  .max(64, 'Enter the code from your authenticator app.')

export const TwoFactorSetup = z.object({
  /** Base32, for typing into the app by hand */
  secret: z.string(),
  /** otpauth://totp/… for the QR code */
  otpauth_url: z.string(),
})
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>

/** Turning two-factor sign-in on asks for the password again, as a password change does. */
export const TwoFactorSetupBody = z.strictObject({
  current_password: text({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(128),
})
export type TwoFactorSetupBody = z.infer<typeof TwoFactorSetupBody>

export const TwoFactorConfirmBody = z.strictObject({
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'Enter the six digits your authenticator app shows.'),
})
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBody>

export const RecoveryCodes = z.object({
  /** Shown once: each signs in once when the phone is lost */
  recovery_codes: z.array(z.string()),
})
export type RecoveryCodes = z.infer<typeof RecoveryCodes>

export const TwoFactorVerifyBody = z.strictObject({
  mfa_token: text().min(1, 'Sign in with your password again.').max(4096),
  code: SecondFactorCode,
})
export type TwoFactorVerifyBody = z.infer<typeof TwoFactorVerifyBody>

/** Turning two-factor sign-in off, or replacing the recovery codes, takes a code from the app (or a recovery code). */
export const TwoFactorCodeBody = z.strictObject({ code: SecondFactorCode })
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBody>

export const RefreshBody = z.strictObject({ refresh: text().min(1).max(4096) })
export type RefreshBody = z.infer<typeof RefreshBody>

/** Asks for a reset link; the answer is the same whether or not an account has this email. */
export const PasswordResetBody = z.strictObject({ email: Email })
export type PasswordResetBody = z.infer<typeof PasswordResetBody>

export const PasswordResetConfirmBody = z.strictObject({
  token: text().min(1, 'The reset link is incomplete.').max(200),
  password: Password,
})
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>

/** The profile's own changes; a new password needs the current one. */
export const UpdateProfileBody = z
  .strictObject({
    first_name: PersonName('First name').optional(),
    last_name: PersonName('Last name').optional(),
    /** null removes the number */
    phone: PakistaniMobile.nullable().optional(),
    notify_email: z.boolean().optional(),
    language: Language.optional(),
    current_password: text().max(128).optional(),
    password: Password.optional(),
  })
  .refine((change) => change.password === undefined || Boolean(change.current_password), {
    path: ['current_password'],
    message: 'Enter your current password to choose a new one.',
  })
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>

/** One signed-in device: a session begun by a sign-in, kept alive by refreshing its tokens. */
export const SignedInDevice = z.object({
  id: z.number().int(),
  /** The browser and the system, read from the user agent at sign-in; null when it did not tell */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The address of the sign-in or the latest refresh */
  ip: z.string().nullable(),
  signed_in_at: Timestamp,
  last_used_at: Timestamp,
  /** The session of the token that asked */
  current: z.boolean(),
})
export type SignedInDevice = z.infer<typeof SignedInDevice>

export const authRoutes = {
  register: {
    ...paths.auth.register,
    access: 'anyone',
    summary: 'Create a customer account',
    body: RegisterBody,
    status: 201,
    response: User,
  },
  login: {
    ...paths.auth.login,
    access: 'anyone',
    summary:
      'Exchange email and password for tokens, or, for staff with two-factor sign-in, for an mfa_token',
    body: LoginBody,
    status: 200,
    response: LoginAnswer,
  },
  refresh: {
    ...paths.auth.refresh,
    access: 'anyone',
    summary: 'Rotate a refresh token',
    body: RefreshBody,
    status: 200,
    response: TokenPair,
  },
  logout: {
    ...paths.auth.logout,
    access: 'anyone',
    summary: 'Revoke a refresh token',
    body: RefreshBody,
    status: 204,
    response: null,
  },
  profile: {
    ...paths.auth.profile,
    access: 'user',
    summary: 'The current user',
    status: 200,
    response: User,
  },
  updateProfile: {
    ...paths.auth.updateProfile,
    access: 'user',
    summary: 'Change your names, phone, email notifications or (with the current one) password',
    body: UpdateProfileBody,
    status: 200,
    response: User,
  },
  passwordReset: {
    ...paths.auth.passwordReset,
    access: 'anyone',
    summary: 'Email a reset link (202 whether or not the email has an account)',
    body: PasswordResetBody,
    status: 202,
    response: null,
  },
  passwordResetConfirm: {
    ...paths.auth.passwordResetConfirm,
    access: 'anyone',
    summary: 'Set a new password with a reset token (once, within an hour); signs out everywhere',
    body: PasswordResetConfirmBody,
    status: 204,
    response: null,
  },
  twoFactorSetup: {
    ...paths.auth.twoFactorSetup,
    access: { staff: 'backOffice' },
    beforeSecondFactor: true,
    summary:
      'Start two-factor sign-in with the password: a new secret for the authenticator app (409 when already on)',
    body: TwoFactorSetupBody,
    status: 200,
    response: TwoFactorSetup,
  },
  twoFactorConfirm: {
    ...paths.auth.twoFactorConfirm,
    access: { staff: 'backOffice' },
    beforeSecondFactor: true,
    summary: 'Turn two-factor sign-in on with a first code from the app; answers the recovery codes, once',
    body: TwoFactorConfirmBody,
    status: 200,
    response: RecoveryCodes,
  },
  twoFactorVerify: {
    ...paths.auth.twoFactorVerify,
    access: 'anyone',
    summary: 'Finish a two-factor sign-in: the mfa_token and a code (or a recovery code) give the tokens',
    body: TwoFactorVerifyBody,
    status: 200,
    response: TokenPair,
  },
  twoFactorDisable: {
    ...paths.auth.twoFactorDisable,
    access: { staff: 'backOffice' },
    summary: 'Turn two-factor sign-in off with a code from the app or a recovery code; answers the user',
    body: TwoFactorCodeBody,
    status: 200,
    response: User,
  },
  twoFactorRecoveryCodes: {
    ...paths.auth.twoFactorRecoveryCodes,
    access: { staff: 'backOffice' },
    summary: 'A new set of recovery codes for a code from the app (the old ones stop working), shown once',
    body: TwoFactorCodeBody,
    status: 200,
    response: RecoveryCodes,
  },
  listSessions: {
    ...paths.auth.listSessions,
    access: 'user',
    summary: 'Your signed-in devices, the latest used first',
    status: 200,
    response: z.array(SignedInDevice),
  },
  endSession: {
    ...paths.auth.endSession,
    access: 'user',
    summary: 'Sign one of your devices out: its tokens stop working and its live streams close',
    params: IdParams,
    status: 204,
    response: null,
  },
  endOtherSessions: {
    ...paths.auth.endOtherSessions,
    access: 'user',
    summary: 'Sign out every device but this one',
    status: 204,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
