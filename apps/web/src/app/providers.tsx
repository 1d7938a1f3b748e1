import { I18nProvider, useLingui } from '@lingui/react'
import { isLanguage, isRightToLeft } from '@store/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { SessionProvider } from '../data/auth'
import { queryClient } from '../data/query-client'
import { i18n } from '../lib/i18n'

/**
 * SPEC §8 and §9: toasts top-right, at most 20, 4000 ms (2000 ms for success). Right to left (Urdu)
 * the corner is mirrored with the page: top-left.
 */
function Toasts() {
  const { i18n } = useLingui()
  const rtl = isLanguage(i18n.locale) && isRightToLeft(i18n.locale)
  return (
    <Toaster
      position={rtl ? 'top-left' : 'top-right'}
      toastOptions={{ duration: 4000, success: { duration: 2000 } }}
    />
  )
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
        <Toasts />
      </QueryClientProvider>
    </I18nProvider>
  )
}
