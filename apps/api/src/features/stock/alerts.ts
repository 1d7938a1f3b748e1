import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { backInStockRequests, products, stockSettings } from '../../db/schema'
import type { Notifier } from '../notifications/service'

/** The store's default low-stock threshold until staff set one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 2

/** The threshold that applies to a product: its own, else the store's. */
export const thresholdOf = sql<number>`coalesce(${products.lowStockThreshold},
  (select ${stockSettings.lowStockThreshold} from ${stockSettings}), ${DEFAULT_LOW_STOCK_THRESHOLD})`

/**
 * What follows a change of these products' stock, in its transaction. A product kept in stock that fell
 * to its threshold tells staff once: the flag is set by a conditional update, so of two changes at
 * once only one finds it unset, and it is cleared only once the stock is back above. A product back
 * above 0 uses up the shoppers' requests to hear of it, each telling its shopper once.
 */
export async function stockChanged(
  tx: Db,
  notifier: Notifier,
  productIds: number[],
  /** `down` (an order): stock only fell, so what follows a rise is not looked for */
  direction: 'down' | 'either' = 'either',
): Promise<void> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return
  const fell = await tx
    .update(products)
    .set({ lowStockAlerted: true })
    .where(
      and(
        inArray(products.id, ids),
        eq(products.lowStockAlerted, false),
        eq(products.leadTimeDays, 0),
        lte(products.stock, thresholdOf),
      ),
    )
    .returning({ productId: products.id, name: products.name, stock: products.stock, threshold: thresholdOf })
  for (const facts of fell) await notifier.lowStock(tx, facts)
  if (direction === 'down') return

  await tx
    .update(products)
    .set({ lowStockAlerted: false })
    .where(
      and(inArray(products.id, ids), eq(products.lowStockAlerted, true), gt(products.stock, thresholdOf)),
    )
  const answered = await tx
    .update(backInStockRequests)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        inArray(backInStockRequests.productId, ids),
        isNull(backInStockRequests.notifiedAt),
        sql`exists (select 1 from ${products} where ${products.id} = ${backInStockRequests.productId} and ${products.stock} > 0)`,
      ),
    )
    .returning({ userId: backInStockRequests.userId, productId: backInStockRequests.productId })
  for (const request of answered) await notifier.backInStock(tx, request)
}
