import { z } from 'zod'
import { PakistaniMobile } from './addresses'
import { type RouteSpec, text } from './common'
import { paths } from './paths'

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_staff: z.boolean(),
  /** A mobile number for delivery and gateway messages (`03XXXXXXXXX` or `+923XXXXXXXXX`), or null */
  phone: z.string().nullable(),
  /** Whether the store emails this person about their orders and messages */
  notify_email: z.boolean(),
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
    current_password: text().max(128).optional(),
    password: Password.optional(),
  })
  .refine((change) => change.password === undefined || Boolean(change.current_password), {
    path: ['current_password'],
    message: 'Enter your current password to choose a new one.',
  })
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>

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
    summary: 'Exchange email and password for tokens',
    body: LoginBody,
    status: 200,
    response: TokenPair,
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
} as const satisfies Record<string, RouteSpec>
