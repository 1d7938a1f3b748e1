import { paths, type StoreDetails, type StoreDetailsBody } from '@store/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, upload } from '../../../lib/api'

/** The store's details printed on its invoices, credit notes and delivery challans (docs/api.md). */
export const storeDetailsKeys = {
  all: ['store-details'] as const,
}

export const storeDetailsQuery = () =>
  queryOptions({
    queryKey: storeDetailsKeys.all,
    queryFn: ({ signal }) => call(paths.documents.getStoreDetails, { signal }),
  })

/** Each change answers the whole details, which the page shows at once; nothing else reads them. */
function useStoreDetailsChanged() {
  const queryClient = useQueryClient()
  return (details: StoreDetails) => queryClient.setQueryData(storeDetailsKeys.all, details)
}

export function useUpdateStoreDetails() {
  return useMutation({
    mutationFn: (body: StoreDetailsBody) => call(paths.documents.updateStoreDetails, { body }),
    onSuccess: useStoreDetailsChanged(),
  })
}

export function useUploadStoreLogo() {
  return useMutation({
    mutationFn: (logo: File) =>
      upload(paths.documents.uploadStoreLogo, { fields: {}, files: { logo: [logo] } }),
    onSuccess: useStoreDetailsChanged(),
  })
}

export function useDeleteStoreLogo() {
  return useMutation({
    mutationFn: () => call(paths.documents.deleteStoreLogo),
    onSuccess: useStoreDetailsChanged(),
  })
}
