import { paths } from '@store/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../lib/api'

export const analyticsKeys = {
  all: ['analytics'] as const,
  salesSummary: () => [...analyticsKeys.all, 'sales-summary'] as const,
}

export const salesSummaryQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.salesSummary(),
    queryFn: ({ signal }) => call(paths.analytics.salesSummary, { signal }),
  })
