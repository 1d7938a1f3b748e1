import type { BackInStockRequest } from '@store/contract'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { backInStockRequests, products } from '../../db/schema'
import { httpError, notFound } from '../../lib/errors'

/**
 * A shopper asks to hear when a sold-out product is back: one waiting request per shopper and product
 * (asking again answers the same one). A product in stock, or made to order, can be ordered now: 409.
 */
export async function requestBackInStock(
  db: Db,
  userId: number,
  productId: number,
): Promise<BackInStockRequest> {
  const [product] = await db
    .select({ stock: products.stock, leadTimeDays: products.leadTimeDays })
    .from(products)
    .where(eq(products.id, productId))
  if (!product) throw notFound('Product not found.')
  if (product.stock > 0 || product.leadTimeDays > 0) throw httpError(409, 'This product can be ordered now.')
  await db.insert(backInStockRequests).values({ userId, productId }).onConflictDoNothing()
  const [request] = await db
    .select({ product_id: backInStockRequests.productId, createdAt: backInStockRequests.createdAt })
    .from(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.userId, userId),
        eq(backInStockRequests.productId, productId),
        isNull(backInStockRequests.notifiedAt),
      ),
    )
  if (!request) throw new Error('The back-in-stock request vanished')
  return { product_id: request.product_id, created_at: request.createdAt.toISOString() }
}
