import { type PaymentSettingsBody, paths } from '@store/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { orderKeys } from '../../../data/orders'
import { call } from '../../../lib/api'

/** The store's advance rules and where cash on delivery may pay a balance (docs/api.md). */
export const paymentSettingsKeys = {
  all: ['payment-settings'] as const,
}

export const paymentSettingsQuery = () =>
  queryOptions({
    queryKey: paymentSettingsKeys.all,
    queryFn: ({ signal }) => call(paths.payments.getPaymentSettings, { signal }),
  })

/** New rules price every quote again: the advance a checkout shows follows them. */
export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PaymentSettingsBody) => call(paths.payments.updatePaymentSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(paymentSettingsKeys.all, settings)
      return queryClient.invalidateQueries({ queryKey: orderKeys.quotes() })
    },
  })
}
