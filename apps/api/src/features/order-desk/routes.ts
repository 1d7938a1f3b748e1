import { orderDeskRoutes } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { shopAddress } from '../../config'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { httpError, notFound } from '../../lib/errors'
import { parseFormFields, readMultipart } from '../../lib/multipart'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { type ReceiptFile, submitReceipt } from '../payments/ledger'
import { receiptFile } from '../payments/receipt-file'
import { placeDraft } from './confirming'
import { findCustomers } from './customers'
import { type DeskStaff, deleteDraft, quoteStaffOrder, saveDraft } from './drafts'
import { customerSignsIn, reviewLinkExpiry, reviewOf, sendDraft } from './review'

const orderNotFound = () => notFound('Order not found.')

/** docs/api.md "Staff orders": the order desk's drafts, and the customer's review link. */
export async function orderDeskFeature(app: FastifyInstance) {
  const { db, storage, notifier } = app
  const publicUrl = shopAddress(app.config)
  const secret = app.config.jwtSecret
  if (!secret) throw new Error('The order desk needs config.jwtSecret to sign review links')

  const staffOf = (request: FastifyRequest): DeskStaff => {
    const { id, role } = callerOf(request)
    return { id, role, audit: actorOf(request) }
  }

  implement(app, orderDeskRoutes.createStaffOrder, async (request) => {
    const order = await saveDraft(db, storage, {
      body: request.body,
      staff: staffOf(request),
      publicUrl,
      language: request.language,
    })
    if (!order) throw new Error('A new draft lost its answer')
    return order
  })

  implement(app, orderDeskRoutes.updateDraft, async (request) => {
    const order = await saveDraft(db, storage, {
      orderId: request.params.id,
      body: request.body,
      staff: staffOf(request),
      publicUrl,
      language: request.language,
    })
    if (!order) throw orderNotFound()
    return order
  })

  implement(app, orderDeskRoutes.deleteDraft, async (request) => {
    if (!(await deleteDraft(db, request.params.id, staffOf(request)))) throw orderNotFound()
  })

  implement(app, orderDeskRoutes.confirmDraft, async (request) => {
    const { id, first_name: firstName } = callerOf(request)
    const placed = await placeDraft(
      db,
      { storage, notifier },
      {
        orderId: request.params.id,
        placer: { kind: 'staff', id, firstName, audit: actorOf(request) },
        language: request.language,
      },
    )
    if (placed === null) throw orderNotFound()
    if (placed === 'placed') throw httpError(409, 'This order is no longer a draft.')
    return placed
  })

  implement(app, orderDeskRoutes.sendDraft, async (request) => {
    const sent = await sendDraft(
      db,
      { storage, notifier, secret, publicUrl },
      { orderId: request.params.id, staff: staffOf(request), language: request.language },
    )
    if (!sent) throw orderNotFound()
    return sent
  })

  implement(app, orderDeskRoutes.quoteStaffOrder, async (request) =>
    quoteStaffOrder(db, request.body, { role: callerOf(request).role, language: request.language }),
  )

  implement(app, orderDeskRoutes.findCustomers, async (request) => {
    const page = await findCustomers(db, request.query.search, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, orderDeskRoutes.getReview, async (request) => {
    const { id } = request.params
    const expires = reviewLinkExpiry(secret, id, request.query.token)
    return reviewOf(db, storage, { orderId: id, expires, language: request.language })
  })

  implement(app, orderDeskRoutes.acceptReview, async (request) => {
    const { id } = request.params
    const expires = reviewLinkExpiry(secret, id, request.body.token)
    // Accepting twice (a second tap, a reload) answers the order as the first accepted it.
    const placed = await placeDraft(
      db,
      { storage, notifier },
      { orderId: id, placer: { kind: 'customer' }, language: request.language },
    )
    if (placed === null) throw httpError(404, 'This link is not valid or has expired.')
    return reviewOf(db, storage, { orderId: id, expires, language: request.language })
  })

  implement(app, orderDeskRoutes.payReview, async (request) => {
    const { id } = request.params
    let file: ReceiptFile | null = null
    const fields = await readMultipart(request, app.config.media, {
      what: 'the receipt',
      fileField: 'proof',
      onFile: async (bytes) => {
        if (file) throw httpError(400, 'The form is not valid.', { proof: ['Send one file of the receipt.'] })
        file = await receiptFile(bytes, app.config.media)
      },
    })
    const { token, ...receipt } = parseFormFields(
      orderDeskRoutes.payReview.body,
      fields,
      'The form is not valid.',
    )
    const expires = reviewLinkExpiry(secret, id, token)
    const customer = await customerSignsIn(db, id)
    if (!customer) throw httpError(404, 'This link is not valid or has expired.')
    if (customer.signsIn) throw httpError(403, 'Sign in to pay.')
    const review = await reviewOf(db, storage, { orderId: id, expires, language: request.language })
    if (review.order.status === 'Draft') throw httpError(409, 'Accept the order before paying.')
    if (!file)
      throw httpError(400, 'The form is not valid.', { proof: ['Choose a photo or a PDF of the receipt.'] })
    const entry = await submitReceipt(db, notifier, id, { customerId: customer.userId, receipt, file })
    if (!entry) throw httpError(404, 'This link is not valid or has expired.')
    return reviewOf(db, storage, { orderId: id, expires, language: request.language })
  })
}
