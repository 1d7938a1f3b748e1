import {
  type ImportResult,
  type OrderExportQuery,
  type PaymentExportQuery,
  paths,
  type StockExportQuery,
} from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { downloadFile, upload } from '../lib/api'
import { useCatalogChanged } from './catalog'
import { stockKeys } from './stock'

/** docs/api.md "Papers and data": the back office's CSV files, saved to the browser's downloads. */
export const downloadCsv = {
  products: () => downloadFile(paths.dataTransfer.exportProducts, 'products.csv'),
  orders: (query: OrderExportQuery) => downloadFile(paths.dataTransfer.exportOrders, 'orders.csv', { query }),
  payments: (query: PaymentExportQuery = {}) =>
    downloadFile(paths.dataTransfer.exportPayments, 'payments.csv', { query }),
  stock: (query: StockExportQuery = {}) =>
    downloadFile(paths.dataTransfer.exportStock, 'stock-movements.csv', { query }),
}

export interface ImportInput {
  file: File
  /** Only check the file: nothing changes */
  dryRun: boolean
}

/** Loads a product file (or only checks it); a real import refreshes the catalogue and the stock. */
export function useImportProducts() {
  const catalogChanged = useCatalogChanged()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, dryRun }: ImportInput): Promise<ImportResult> =>
      upload(paths.dataTransfer.importProducts, {
        ...(dryRun && { query: { dry_run: 'true' } }),
        fields: {},
        files: { file: [file] },
      }),
    onSuccess: async (result, { dryRun }) => {
      if (dryRun || result.errors.length > 0) return
      await Promise.all([catalogChanged(), queryClient.invalidateQueries({ queryKey: stockKeys.all })])
    },
  })
}
