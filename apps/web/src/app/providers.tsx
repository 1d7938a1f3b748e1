import { I18nProvider, useLingui } from '@lingui/react'
import { isLanguage, isRightToLeft } from '@store/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense } from 'react'
import { SessionProvider } from '../data/auth'
import { queryClient } from '../data/query-client'
import { i18n } from '../lib/i18n'
import { useToastAsked } from '../lib/toast'

// The toaster (react-hot-toast) is fetched and drawn with the first toast (lib/toast.ts).
const Toaster = lazy(async () => ({ default: (await import('react-hot-toast')).Toaster }))

/**
 * docs/product.md §8 and §9: toasts top-right, at most 20, 4000 ms (2000 ms for success). The toaster lines
 * them up at the row's end (`flex-end`): right in English, and left in Urdu, the corner mirrored with the
 * page. Urdu lines are taller (Nastaliq) than the toaster's own 1.3.
 */
function Toasts() {
  const { i18n } = useLingui()
  const rtl = isLanguage(i18n.locale) && isRightToLeft(i18n.locale)
  return (
    <Toaster
      position="top-right"
      toastOptions={{ duration: 4000, success: { duration: 2000 }, ...(rtl && { style: { lineHeight: 2 } }) }}
    />
  )
}

export function Providers({ children }: { children: ReactNode }) {
  const toastAsked = useToastAsked()
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
        {toastAsked && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </QueryClientProvider>
    </I18nProvider>
  )
}
