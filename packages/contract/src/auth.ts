import { z } from 'zod'
import { type RouteSpec, text } from './common'
import { paths } from './paths'

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_staff: z.boolean(),
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
} as const satisfies Record<string, RouteSpec>
