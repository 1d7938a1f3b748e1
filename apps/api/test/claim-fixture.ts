import type { Db } from '../src/db/client'
import {
  cancellationRequests,
  claimEvents,
  claimLines,
  claims,
  orderEvents,
  orderItems,
  orders,
} from '../src/db/schema'
import { one, orderValues } from './fixtures'
import { insertProduct } from './product-fixture'

/** A customer's order of one new product, delivered a moment ago (its Delivered entry now), paid in full. */
export async function insertDeliveredOrder(
  db: Db,
  customerId: number,
  status: 'Delivered' | 'Processing' = 'Delivered',
) {
  const product = await insertProduct(db, { price: '10000.00', stock: 5 })
  const order = one(
    await db
      .insert(orders)
      .values({ ...orderValues(customerId, '10000.00'), status })
      .returning({ id: orders.id }),
  )
  const item = one(
    await db
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: product.id,
        productName: product.name,
        price: '10000.00',
        quantity: 1,
        stockTaken: 1,
      })
      .returning({ id: orderItems.id }),
  )
  await db.insert(orderEvents).values({ orderId: order.id, status, paymentStatus: 'unpaid' })
  return { orderId: order.id, itemId: item.id }
}

/** A claim of the customer's, as filed: requested, on one unit of a delivered order. */
export async function insertClaim(db: Db, customerId: number): Promise<number> {
  const { orderId, itemId } = await insertDeliveredOrder(db, customerId)
  const claim = one(
    await db
      .insert(claims)
      .values({ orderId, userId: customerId, reason: 'damaged', description: 'Torn.', wanted: 'repair' })
      .returning({ id: claims.id }),
  )
  await db.insert(claimLines).values({ claimId: claim.id, orderItemId: itemId, quantity: 1 })
  await db.insert(claimEvents).values({ claimId: claim.id, status: 'requested', actorId: customerId })
  return claim.id
}

/** A confirmed (Processing) order of the customer's with their request to cancel it waiting. */
export async function insertCancellationRequest(db: Db, customerId: number): Promise<number> {
  const { orderId } = await insertDeliveredOrder(db, customerId, 'Processing')
  await db.insert(cancellationRequests).values({ orderId, feePercent: 15, fee: '0', refund: '0' })
  return orderId
}
