import { msg } from '@lingui/core/macro'
import {
  type LoginBody,
  type MfaChallenge,
  type PasswordResetBody,
  type PasswordResetConfirmBody,
  paths,
  type RegisterBody,
  SECOND_FACTOR_REQUIRED,
  type TokenPair,
  type TwoFactorCodeBody,
  type TwoFactorConfirmBody,
  type TwoFactorSetupBody,
  type TwoFactorVerifyBody,
  type UpdateProfileBody,
  type User,
} from '@store/contract'
import { type Query, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { ApiError, call, onSessionRefused, refreshTokens, tokens } from '../lib/api'
import { activateLanguage, chosenLanguage, i18n } from '../lib/i18n'
import { toast } from '../lib/toast'
import { auditKeys } from './audit'

/** docs/product.md §1 and §4: the splash stays about 500 ms after the session check. */
export const SPLASH_MIN_MS = 500

interface Session {
  user: User | null
  /**
   * Stores both tokens and fetches the profile; throws the API's error. Staff with two-factor sign-in
   * get the challenge instead: `verifySecondFactor` with its token and a code finishes the login.
   */
  login(credentials: LoginBody): Promise<User | MfaChallenge>
  /** The second step of a two-factor login: the code (or a recovery code) gives the tokens */
  verifySecondFactor(body: TwoFactorVerifyBody): Promise<User>
  /** Registers, then logs in with the same credentials (docs/product.md §4) */
  signup(details: RegisterBody): Promise<User | MfaChallenge>
  /** Clears the user and both tokens; the server forgets the refresh token too */
  logout(): void
  /** The server's answer after a profile change becomes the session's user */
  replaceUser(user: User): void
}

const SessionContext = createContext<Session | null>(null)

/**
 * True until the stored session has been checked and the splash has had its time: a context of its
 * own, so that its end redraws what waits for it (the splash, the guards) and not every component
 * that reads the user (the header, each product card's add-to-cart).
 */
const SessionLoadingContext = createContext(true)

function expiresInFuture(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')) as {
      exp?: number
    }
    return typeof payload.exp === 'number' && payload.exp * 1000 > Date.now()
  } catch {
    return false
  }
}

const fetchProfile = () => call(paths.auth.profile)

/**
 * One language for a person on every device: a choice made in this browser goes to the profile (it
 * is the latest one); a browser that never chose takes the profile's.
 */
async function agreeOnLanguage(user: User): Promise<User> {
  const chosen = chosenLanguage()
  if (chosen && chosen !== user.language)
    return call(paths.auth.updateProfile, { body: { language: chosen } })
  if (!chosen) await activateLanguage(user.language)
  return user
}

/**
 * True from the moment the page starts to unload (a reload, a typed address, a link out) until it is
 * shown again from the back-forward cache. The browser cuts off the page's requests as it goes, and
 * such a cut-off is the shopper leaving, not the session failing.
 */
let leavingPage = false
window.addEventListener('pagehide', () => {
  leavingPage = true
})
window.addEventListener('pageshow', () => {
  leavingPage = false
})

/**
 * docs/product.md §4: a failed check logs the user out; a check cut off by leaving the page keeps the tokens.
 */
function endSession(): null {
  if (!leavingPage) tokens.clear()
  return null
}

/**
 * docs/product.md §4 session start: a live access token → profile; an expired one → refresh first; else
 * logged out.
 */
async function restoreSession(): Promise<User | null> {
  const access = tokens.access
  if (!access) return null
  if (!expiresInFuture(access) && !(await refreshTokens())) return endSession()
  try {
    return await agreeOnLanguage(await fetchProfile())
  } catch {
    return endSession()
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null)
  const [loading, setLoading] = useState(true)
  const queryClient = useQueryClient()

  useEffect(() => {
    let cancelled = false
    restoreSession().then((restored) => {
      if (cancelled) return
      setUser(restored)
      // docs/product.md §4: the loading flag clears about 500 ms after the check.
      setTimeout(() => !cancelled && setLoading(false), SPLASH_MIN_MS)
    })
    return () => {
      cancelled = true
    }
  }, [])

  /** docs/product.md §4: store both tokens, fetch the profile, and that user is signed in. */
  const begin = useCallback(async (pair: TokenPair) => {
    tokens.store(pair)
    const profile = await agreeOnLanguage(await fetchProfile())
    setUser(profile)
    return profile
  }, [])

  const login = useCallback(
    async (credentials: LoginBody) => {
      const answer = await call(paths.auth.login, { body: credentials })
      return 'mfa_required' in answer ? answer : begin(answer)
    },
    [begin],
  )

  const verifySecondFactor = useCallback(
    async (body: TwoFactorVerifyBody) => begin(await call(paths.auth.twoFactorVerify, { body })),
    [begin],
  )

  const signup = useCallback(
    async (details: RegisterBody) => {
      await call(paths.auth.register, { body: details })
      return login({ email: details.email, password: details.password })
    },
    [login],
  )

  const logout = useCallback(() => {
    const refresh = tokens.refresh
    if (refresh) call(paths.auth.logout, { body: { refresh } }).catch(() => {})
    tokens.clear()
    setUser(null)
    // Nothing of this user's cart, orders or messages stays in memory for the next one.
    queryClient.clear()
  }, [queryClient])

  // Signed out from another device (or by a new password there): the next call's refresh is refused,
  // and this browser says so and drops back to signed out rather than failing page by page.
  const signedIn = useRef(false)
  useEffect(() => {
    signedIn.current = user !== null
  }, [user])
  useEffect(
    () =>
      onSessionRefused(() => {
        if (!signedIn.current) return
        setUser(null)
        queryClient.clear()
        toast.error(i18n._(msg`You have been signed out. Log in again to continue.`))
      }),
    [queryClient],
  )

  const value = useMemo(
    () => ({ user, login, verifySecondFactor, signup, logout, replaceUser: setUser }),
    [user, login, verifySecondFactor, signup, logout],
  )
  return (
    <SessionContext.Provider value={value}>
      <SessionLoadingContext.Provider value={loading}>{children}</SessionLoadingContext.Provider>
    </SessionContext.Provider>
  )
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside <SessionProvider>')
  return session
}

/** True until the stored session has been checked (docs/product.md §4), and the splash's time after. */
export const useSessionLoading = (): boolean => useContext(SessionLoadingContext)

/**
 * Changes the profile. A new password ends every session on the server, this one too, so the app logs
 * straight back in with it: other devices are signed out, this one carries on. With two-factor sign-in
 * that login asks for a code the app does not have: then this device is signed out too, and the answer
 * is null.
 */
export function useUpdateProfile() {
  const { login, logout, replaceUser } = useSession()
  return useMutation({
    mutationFn: async (body: UpdateProfileBody): Promise<User | null> => {
      const user = await call(paths.auth.updateProfile, { body })
      if (!body.password) return user
      const again = await login({ email: user.email, password: body.password })
      if (!('mfa_required' in again)) return again
      logout()
      return null
    },
    onSuccess: (user) => user && replaceUser(user),
  })
}

/** Whether the server refused a query for want of two-factor sign-in (REQUIRE_STAFF_2FA). */
export const refusedForSecondFactor = ({ state }: Query): boolean =>
  state.error instanceof ApiError && state.error.detail === SECOND_FACTOR_REQUIRED

/** Starts two-factor sign-in with the password: a new secret, and its otpauth:// address for the QR code. */
export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: (body: TwoFactorSetupBody) => call(paths.auth.twoFactorSetup, { body }),
  })
}

/**
 * Turns two-factor sign-in on with a first code; answers the recovery codes, once. The session's user
 * is asked for again (it now has two-factor sign-in), and so is what the change makes stale: every
 * query the server refused for want of it, and the audit log, which records it.
 */
export function useTwoFactorConfirm() {
  const { user, replaceUser } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TwoFactorConfirmBody) => call(paths.auth.twoFactorConfirm, { body }),
    // Never fails: the recovery codes are shown whatever happens next.
    onSuccess: async () => {
      try {
        replaceUser(await fetchProfile())
      } catch {
        if (user) replaceUser({ ...user, two_factor_enabled: true })
      }
      void Promise.all([
        queryClient.invalidateQueries({ predicate: refusedForSecondFactor }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ])
    },
  })
}

/** Turns two-factor sign-in off with a code; the session's user is the server's answer. */
export function useTwoFactorDisable() {
  const { replaceUser } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) => call(paths.auth.twoFactorDisable, { body }),
    onSuccess: (user) => {
      replaceUser(user)
      void queryClient.invalidateQueries({ queryKey: auditKeys.all })
    },
  })
}

/** Ten new recovery codes for a code (the old ones stop working), shown once. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) => call(paths.auth.twoFactorRecoveryCodes, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  })
}

/** Asks for a reset link; the server answers alike whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: PasswordResetBody) => call(paths.auth.passwordReset, { body }) })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) => call(paths.auth.passwordResetConfirm, { body }),
  })
}

export const deviceKeys = {
  all: ['signed-in-devices'] as const,
  mine: (userId: number) => [...deviceKeys.all, userId] as const,
}

/** The user's signed-in devices, the latest used first; one is this browser (`current`). */
export const signedInDevicesQuery = (userId: number) =>
  queryOptions({
    queryKey: deviceKeys.mine(userId),
    queryFn: ({ signal }) => call(paths.auth.listSessions, { signal }),
  })

/** After a device is signed out, or failed to be, the list is asked again: it shows what now holds. */
function useDevicesChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: deviceKeys.all })
}

/** Signs one of the user's other devices out. One already gone (404) is signed out all the same. */
export function useEndSession() {
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await call(paths.auth.endSession, { params: { id } })
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error
      }
    },
    onSettled: useDevicesChanged(),
  })
}

/** Signs out every device of the user but this one. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => call(paths.auth.endOtherSessions),
    onSettled: useDevicesChanged(),
  })
}
