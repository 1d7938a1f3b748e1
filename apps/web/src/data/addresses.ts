import { type AddressBody, paths } from '@store/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../lib/api'

export const addressKeys = {
  all: ['addresses'] as const,
  mine: (userId: number) => [...addressKeys.all, userId] as const,
}

/** The user's saved addresses, the default first (a user keeps at most 20: one page). */
export const addressesQuery = (userId: number) =>
  queryOptions({
    queryKey: addressKeys.mine(userId),
    queryFn: async ({ signal }) => {
      const page = await call(paths.addresses.listAddresses, { query: { page_size: 100 }, signal })
      return page.results
    },
  })

/** Saving, editing or deleting one address can move the default: the whole book is asked again. */
function useAddressesChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: addressKeys.all })
}

export function useCreateAddress() {
  return useMutation({
    mutationFn: (body: AddressBody) => call(paths.addresses.createAddress, { body }),
    onSuccess: useAddressesChanged(),
  })
}

export function useUpdateAddress() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AddressBody }) =>
      call(paths.addresses.updateAddress, { params: { id }, body }),
    onSuccess: useAddressesChanged(),
  })
}

export function useDeleteAddress() {
  return useMutation({
    mutationFn: (id: number) => call(paths.addresses.deleteAddress, { params: { id } }),
    onSuccess: useAddressesChanged(),
  })
}
