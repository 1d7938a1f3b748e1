import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { SessionProvider } from '../data/auth'
import { queryClient } from '../data/query-client'
import { i18n } from '../lib/i18n'

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
        {/* SPEC §8 and §9: toasts top-right, at most 20, 4000 ms (2000 ms for success) */}
        <Toaster position="top-right" toastOptions={{ duration: 4000, success: { duration: 2000 } }} />
      </QueryClientProvider>
    </I18nProvider>
  )
}
