import type { DecideCancellationBody } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { cancellationRequests, orders } from '../../db/schema'
import { recordChange } from '../../lib/audit'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import type { Notifier } from '../notifications/service'
import { updateOrder } from '../orders/status'
import { inLedgerTransaction, recordEntry } from '../payments/ledger'
import { percentOf } from './cancellation-request'
import type { ClaimStaff } from './resolving'

/**
 * Staff answer a customer's request to cancel a confirmed order. Approved while it is still confirmed
 * (409 once it moved on): the order is cancelled as any cancel is (stock and coupon back, off its run,
 * a credit note), and what is paid now less the request's fee percent is a confirmed refund entry. Refused: the order goes ahead. Either way the
 * customer hears of it and the answer is audited. False when there is no such order.
 */
export function decideCancellation(
  db: Db,
  notifier: Notifier,
  orderId: number,
  { by, answer }: { by: ClaimStaff; answer: z.output<typeof DecideCancellationBody> },
): Promise<boolean> {
  return inLedgerTransaction(db, async (tx) => {
    const [order] = await tx
      .select({
        paymentMethod: orders.paymentMethod,
        status: orders.status,
        paidTotal: orders.paidTotal,
        refundedTotal: orders.refundedTotal,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return false
    const [request] = await tx
      .select()
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.orderId, orderId), eq(cancellationRequests.status, 'pending')))
    if (!request) throw httpError(409, 'This order has no request to cancel waiting for an answer.')
    const approved = answer.decision === 'approve'
    // Shipped, delivered or cancelled since the customer asked: there is nothing left to approve.
    if (approved && order.status !== 'Processing') {
      throw httpError(
        409,
        'This order has moved on since the customer asked; the request can only be refused now.',
      )
    }
    // The fee is taken from what is paid now: a payment confirmed since the request counts too.
    const paid = toPaisa(order.paidTotal) - toPaisa(order.refundedTotal)
    const fee = percentOf(paid, request.feePercent)
    const settled = { fee: fromPaisa(fee), refund: fromPaisa(paid - fee) }
    if (approved) {
      await updateOrder(tx, notifier, orderId, {
        change: { status: 'Cancelled', note: answer.note, actorId: by.id, override: false, role: by.role },
        auditAs: by.audit,
      })
      if (paid - fee > 0n) {
        await recordEntry(tx, notifier, orderId, {
          by: { id: by.id, role: by.role, audit: by.audit },
          entry: {
            kind: 'refund',
            // Cash on delivery is refunded by bank transfer unless staff say otherwise.
            method:
              answer.refund_method ?? (order.paymentMethod === 'cod' ? 'bank_transfer' : order.paymentMethod),
            amount: settled.refund,
            reference: '',
            note: `Cancellation fee ${request.feePercent}% kept`,
            status: 'confirmed',
          },
        })
      }
    }
    await tx
      .update(cancellationRequests)
      .set({
        status: approved ? 'approved' : 'refused',
        ...(approved && settled),
        decidedBy: by.id,
        decidedAt: sql`now()`,
        decisionNote: answer.note,
      })
      .where(eq(cancellationRequests.id, request.id))
    await recordChange(tx, by.audit, {
      action: approved ? 'order.cancellation_approve' : 'order.cancellation_refuse',
      entity: 'order',
      entityId: orderId,
      before: { cancellation_request: 'pending' },
      after: {
        cancellation_request: approved ? 'approved' : 'refused',
        fee: approved ? settled.fee : request.fee,
        refund: approved ? settled.refund : '0.00',
        ...(answer.note && { note: answer.note }),
      },
    })
    await notifier.cancellationDecided(tx, orderId, {
      approved,
      refund: approved ? settled.refund : '0.00',
      note: answer.note,
    })
    return true
  })
}
