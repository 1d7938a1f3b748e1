import { type OrderDocument, paths } from '@store/contract'
import { queryOptions } from '@tanstack/react-query'
import { call, fetchFile } from '../lib/api'
import { orderKeys } from './orders'
import { inCurrentLanguage } from './query-client'

/**
 * An order's papers (invoice, credit notes, delivery challans), oldest first; the shop's order page
 * and the back office's read the same list. A change to the order or its payments asks for it again.
 */
export const orderDocumentsQuery = (orderId: number) =>
  queryOptions({
    queryKey: inCurrentLanguage(orderKeys.documents(orderId)),
    queryFn: ({ signal }) => call(paths.documents.listOrderDocuments, { params: { id: orderId }, signal }),
  })

/** One paper's PDF in the reader's language; it needs the Bearer header, so it is fetched, not linked. */
export const documentPdf = (document: Pick<OrderDocument, 'id' | 'order_id'>) =>
  fetchFile(paths.documents.getDocumentPdf, { params: { id: document.order_id, documentId: document.id } })
