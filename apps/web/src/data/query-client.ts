import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/api'

/**
 * The one query cache of the app, made outside React so that route loaders can prefetch through it
 * (a product's data is on its way while the page's code still loads).
 */
export const queryClient = new QueryClient({
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
