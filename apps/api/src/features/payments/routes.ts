import { can, paymentRoutes } from '@store/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { httpError, notFound } from '../../lib/errors'
import { parseFormFields, readMultipart } from '../../lib/multipart'
import { implement } from '../../lib/route'
import {
  checkPayment,
  listPayments,
  type ReceiptFile,
  receiptOf,
  recordPayment,
  submitReceipt,
  takesReceipt,
} from './ledger'
import { receiptFile } from './receipt-file'
import { getPaymentSettings, setPaymentSettings } from './rules'

const orderNotFound = () => notFound('Order not found.')

/**
 * Sends a customer's receipt: private (no shared cache keeps it, nor the browser once the page is
 * left), and a PDF sandboxed so that nothing in it runs with the site's rights.
 */
export function sendReceipt(reply: FastifyReply, receipt: ReceiptFile) {
  reply.header('content-type', receipt.contentType).header('cache-control', 'private, no-store')
  if (receipt.contentType === 'application/pdf') reply.header('content-security-policy', 'sandbox')
  return reply.send(receipt.bytes)
}

export async function paymentsFeature(app: FastifyInstance) {
  const { db, notifier } = app

  /** Staff with `orders` see every order's ledger; anyone else only their own orders'. */
  const scopeOf = (role: Parameters<typeof can>[0], id: number) => ({
    ownerId: can(role, 'orders') ? null : id,
  })

  implement(app, paymentRoutes.listPayments, async (request) => {
    const user = callerOf(request)
    const entries = await listPayments(db, request.params.id, scopeOf(user.role, user.id))
    if (!entries) throw orderNotFound()
    return entries
  })

  implement(app, paymentRoutes.recordPayment, async (request) => {
    const { id } = request.params
    const user = callerOf(request)
    if (request.isMultipart()) {
      // docs/api.md: the owner's receipt, staff's own orders included. Refused before the upload is read.
      if (!(await takesReceipt(db, id, user.id))) throw orderNotFound()
      let file: ReceiptFile | null = null
      const fields = await readMultipart(request, app.config.media, {
        what: 'the receipt',
        fileField: 'proof',
        onFile: async (bytes) => {
          if (file)
            throw httpError(400, 'The form is not valid.', { proof: ['Send one file of the receipt.'] })
          file = await receiptFile(bytes, app.config.media)
        },
      })
      const receipt = parseFormFields(paymentRoutes.recordPayment.form, fields, 'The form is not valid.')
      if (!file)
        throw httpError(400, 'The form is not valid.', { proof: ['Choose a photo or a PDF of the receipt.'] })
      const entry = await submitReceipt(db, notifier, id, { customerId: user.id, receipt, file })
      if (!entry) throw orderNotFound()
      return entry
    }
    if (!can(user.role, 'orders')) {
      throw httpError(415, 'Send the receipt as multipart/form-data.')
    }
    if (request.body == null) throw httpError(400, 'The request body is empty; send JSON.')
    const by = { id: user.id, role: user.role, audit: actorOf(request) }
    const entry = await recordPayment(db, notifier, id, { by, entry: request.body })
    if (!entry) throw orderNotFound()
    return entry
  })

  implement(app, paymentRoutes.checkPayment, async (request) => {
    const { id, pid } = request.params
    const { id: staffId, role } = callerOf(request)
    const by = { id: staffId, role, audit: actorOf(request) }
    const entry = await checkPayment(db, notifier, { orderId: id, entryId: pid }, { by, check: request.body })
    if (!entry) throw notFound('Payment not found.')
    return entry
  })

  implement(app, paymentRoutes.getPaymentEntryProof, async (request, reply) => {
    const user = callerOf(request)
    const { id, pid } = request.params
    const receipt = await receiptOf(db, { orderId: id, entryId: pid }, scopeOf(user.role, user.id))
    if (!receipt) throw notFound('No receipt has been uploaded for this payment.')
    return sendReceipt(reply, receipt)
  })

  implement(app, paymentRoutes.getPaymentSettings, async () => getPaymentSettings(db))

  implement(app, paymentRoutes.updatePaymentSettings, async (request) =>
    setPaymentSettings(db, actorOf(request), request.body),
  )
}
