import type { SalesSummary } from '@store/contract'
import { api } from '../../../lib/api'

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
}

export function getSalesSummary(): Promise<SalesSummary> {
  return api.get<SalesSummary>('/api/analytics/sales-summary/')
}
