import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Toaster } from 'react-hot-toast'
import { ApiError } from '../lib/api'
import { SessionProvider } from '../lib/session'

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; a dropped connection might.
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  })
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      {/* SPEC §8 and §9: toasts top-right, at most 20, 4000 ms (2000 ms for success) */}
      <Toaster position="top-right" toastOptions={{ duration: 4000, success: { duration: 2000 } }} />
    </QueryClientProvider>
  )
}
