import { can, IDEMPOTENCY_KEY_HEADER, type LanguageCode, orderRoutes } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { httpError, notFound } from '../../lib/errors'
import { parseFormFields, readMultipart } from '../../lib/multipart'
import { pageWindow, paginate } from '../../lib/pagination'
import { perMinuteFailures } from '../../lib/rate-limit'
import { implement } from '../../lib/route'
import { type ReceiptFile, receiptOf, submitReceipt, takesReceipt } from '../payments/ledger'
import { receiptFile } from '../payments/receipt-file'
import { sendReceipt } from '../payments/routes'
import { placeOrder, quoteOrder } from './placing'
import { isNoSuchCoupon } from './pricing'
import { getOrder, listOrders } from './reading'
import { cancelOrder, updateOrder } from './status'

const orderNotFound = () => notFound('Order not found.')

export async function ordersFeature(app: FastifyInstance) {
  const { db, storage, notifier } = app

  /** The order as its owner (or staff, when `ownerId` is null) sees it after a change. */
  async function orderAfterChange(id: number, ownerId: number | null, language: LanguageCode) {
    const order = await getOrder(db, storage, id, { ownerId, language })
    if (!order) throw orderNotFound()
    return order
  }

  // Coupon codes that do not work, per account and address: past the limit, no code is looked up.
  const couponGuesses = perMinuteFailures(
    app,
    { name: 'coupon look-ups that failed', max: app.config.rateLimits.couponGuesses },
    (request) => `${request.user?.id}|${request.ip}`,
  )
  async function withCoupon<T>(request: FastifyRequest, code: string | undefined, work: () => Promise<T>) {
    if (code === undefined) return work()
    await couponGuesses.allowed(request)
    try {
      return await work()
    } catch (error) {
      if (isNoSuchCoupon(error)) await couponGuesses.failed(request)
      throw error
    }
  }

  implement(app, orderRoutes.placeOrder, async (request) =>
    withCoupon(request, request.body.coupon_code, () =>
      placeOrder(db, storage, notifier, {
        customer: callerOf(request),
        checkout: request.body,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        language: request.language,
      }),
    ),
  )

  implement(app, orderRoutes.quoteOrder, async (request) =>
    withCoupon(request, request.body.coupon_code, () => quoteOrder(db, callerOf(request).id, request.body)),
  )

  implement(app, orderRoutes.listOrders, async (request) => {
    const user = callerOf(request)
    const { scope, status, payment_status, channel, search } = request.query
    const everyOrder = scope === 'all'
    if (everyOrder && !can(user.role, 'orders')) throw httpError(403, 'Only staff can list every order.')
    const page = await listOrders(
      db,
      storage,
      { ownerId: everyOrder ? null : user.id, language: request.language },
      {
        filter: { status, paymentStatus: payment_status, channel, search },
        window: pageWindow(request.query),
      },
    )
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, orderRoutes.getOrder, async (request) => {
    const user = callerOf(request)
    // docs/api.md: anyone but the owner and staff gets 404, so order ids cannot be probed.
    const reader = { ownerId: can(user.role, 'orders') ? null : user.id, language: request.language }
    const order = await getOrder(db, storage, request.params.id, reader)
    if (!order) throw orderNotFound()
    return order
  })

  implement(app, orderRoutes.updateOrder, async (request) => {
    const { id } = request.params
    const { status, payment_status, note, override, delivery_date } = request.body
    const actor = actorOf(request)
    const change = {
      status,
      payment: payment_status,
      note,
      override,
      deliveryDate: delivery_date,
      actorId: actor.id,
      role: callerOf(request).role,
    }
    if (!(await updateOrder(db, notifier, id, { change, auditAs: actor }))) throw orderNotFound()
    return orderAfterChange(id, null, request.language)
  })

  implement(app, orderRoutes.cancelOrder, async (request) => {
    const { id } = request.params
    const customerId = callerOf(request).id
    if (!(await cancelOrder(db, notifier, id, { customerId, note: request.body.note }))) throw orderNotFound()
    return orderAfterChange(id, customerId, request.language)
  })

  // The first receipt route, kept for earlier clients: a pending bank transfer of all that is due.
  implement(app, orderRoutes.uploadPaymentProof, async (request) => {
    const { id } = request.params
    const customerId = callerOf(request).id
    // Refused before the upload is read: a stranger learns nothing from how the file is judged.
    if (!(await takesReceipt(db, id, customerId))) throw orderNotFound()
    let receipt: ReceiptFile | null = null
    const fields = await readMultipart(request, app.config.media, {
      what: 'the receipt',
      fileField: 'image',
      onFile: async (bytes) => {
        if (receipt)
          throw httpError(400, 'The form is not valid.', { image: ['Send one photo of the receipt.'] })
        receipt = await receiptFile(bytes, app.config.media)
      },
    })
    parseFormFields(orderRoutes.uploadPaymentProof.body, fields, 'The form is not valid.')
    if (!receipt)
      throw httpError(400, 'The form is not valid.', { image: ['Choose a photo of the receipt.'] })
    const entry = await submitReceipt(db, notifier, id, { customerId, receipt: 'balance', file: receipt })
    if (!entry) throw orderNotFound()
    return orderAfterChange(id, customerId, request.language)
  })

  implement(app, orderRoutes.getPaymentProof, async (request, reply) => {
    const user = callerOf(request)
    const receipt = await receiptOf(
      db,
      { orderId: request.params.id },
      {
        ownerId: can(user.role, 'orders') ? null : user.id,
      },
    )
    if (!receipt) throw notFound('No receipt has been uploaded for this order.')
    return sendReceipt(reply, receipt)
  })
}
