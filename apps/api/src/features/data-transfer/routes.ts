import { dataTransferRoutes, IMPORT_MAX_BYTES } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf } from '../../lib/audit'
import { sendCsv } from '../../lib/csv'
import { HttpError, httpError } from '../../lib/errors'
import { implement } from '../../lib/route'
import { fileDay } from './csv'
import { ORDER_HEADER, orderPages, PAYMENT_HEADER, paymentPages, STOCK_HEADER, stockPages } from './exports'
import { FILE_TOO_LARGE, importProducts } from './import'
import { productFilePages, productHeader, stockColumns } from './product-rows'

/** The one file of the import form, read whole (it is at most 5 MB); a larger one is refused. */
async function readImportFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw httpError(415, 'Send the file as multipart/form-data.')
  try {
    // One byte over the limit is enough to know the file is too large.
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1 } })) {
      if (part.type === 'field') continue
      if (part.fieldname !== 'file') {
        throw httpError(400, 'The form is not valid.', { [part.fieldname]: ['The file goes in "file".'] })
      }
      return await part.toBuffer()
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw httpError(413, FILE_TOO_LARGE)
    }
    throw httpError(400, 'The form data could not be read.')
  }
  throw httpError(400, 'The form is not valid.', { file: ['Choose a CSV file.'] })
}

export async function dataTransferFeature(app: FastifyInstance) {
  const { db, notifier } = app

  implement(app, dataTransferRoutes.exportProducts, async (_request, reply) => {
    const places = await stockColumns(db)
    return sendCsv(reply, `products-${fileDay()}.csv`, productHeader(places), productFilePages(db, places))
  })
  implement(app, dataTransferRoutes.exportOrders, async (request, reply) => {
    return sendCsv(reply, `orders-${fileDay()}.csv`, ORDER_HEADER, orderPages(db, request.query))
  })
  implement(app, dataTransferRoutes.exportPayments, async (request, reply) => {
    return sendCsv(reply, `payments-${fileDay()}.csv`, PAYMENT_HEADER, paymentPages(db, request.query))
  })
  implement(app, dataTransferRoutes.exportStock, async (request, reply) => {
    return sendCsv(reply, `stock-movements-${fileDay()}.csv`, STOCK_HEADER, stockPages(db, request.query))
  })
  implement(app, dataTransferRoutes.importProducts, async (request) => {
    const bytes = await readImportFile(request)
    return importProducts(db, {
      bytes,
      dryRun: request.query.dry_run === 'true',
      language: request.language,
      actor: actorOf(request),
      notifier,
    })
  })
}
