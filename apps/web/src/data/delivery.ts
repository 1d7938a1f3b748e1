import {
  type BankAccountBody,
  type DeliverySettingsBody,
  type DeliveryZoneBody,
  paths,
} from '@store/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../lib/api'
import { orderKeys } from './orders'

/** Where the shop delivers and the account bank transfers go to: the checkout's and staff's settings. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  zones: () => [...deliveryKeys.all, 'zones'] as const,
  bankAccount: () => [...deliveryKeys.all, 'bank-account'] as const,
  settings: () => [...deliveryKeys.all, 'settings'] as const,
}

/** Every delivery zone, sorted by city (tens of cities: one plain list). */
export const deliveryZonesQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.zones(),
    queryFn: ({ signal }) => call(paths.delivery.listDeliveryZones, { signal }),
    staleTime: 5 * 60_000,
  })

export const bankAccountQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.bankAccount(),
    queryFn: ({ signal }) => call(paths.delivery.getBankAccount, { signal }),
  })

/** A zone changed: the zone list and every quote priced with the old fees. */
function useZonesChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deliveryKeys.zones() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.quotes() }),
    ])
}

export function useCreateDeliveryZone() {
  return useMutation({
    mutationFn: (body: DeliveryZoneBody) => call(paths.delivery.createDeliveryZone, { body }),
    onSuccess: useZonesChanged(),
  })
}

export function useUpdateDeliveryZone() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DeliveryZoneBody }) =>
      call(paths.delivery.updateDeliveryZone, { params: { id }, body }),
    onSuccess: useZonesChanged(),
  })
}

export function useDeleteDeliveryZone() {
  return useMutation({
    mutationFn: (id: number) => call(paths.delivery.deleteDeliveryZone, { params: { id } }),
    onSuccess: useZonesChanged(),
  })
}

export function useUpdateBankAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BankAccountBody) => call(paths.delivery.updateBankAccount, { body }),
    onSuccess: (account) => queryClient.setQueryData(deliveryKeys.bankAccount(), account),
  })
}

/** The vans' holidays, the fee per floor without a lift and the assembly fee per category. */
export const deliverySettingsQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.settings(),
    queryFn: ({ signal }) => call(paths.dispatch.getDeliverySettings, { signal }),
  })

/** New fees and holidays price and date every quote again. */
export function useUpdateDeliverySettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DeliverySettingsBody) => call(paths.dispatch.updateDeliverySettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(deliveryKeys.settings(), settings)
      return queryClient.invalidateQueries({ queryKey: orderKeys.quotes() })
    },
  })
}
