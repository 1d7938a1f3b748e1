import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { MemoryRouter, Routes } from 'react-router'

/** Renders admin routes at `path` with a fresh query cache (no retries) and the toaster. */
export function renderAt(path: string, routes: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}
