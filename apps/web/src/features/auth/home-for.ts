import type { User } from '@store/contract'

/** SPEC §2: after login staff go to the admin dashboard, everyone else to the home page. */
export const homeFor = (user: User) => (user.is_staff ? '/adminuser/dashboard' : '/')
