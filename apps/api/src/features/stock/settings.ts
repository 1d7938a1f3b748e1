import type { StockSettings } from '@store/contract'
import type { Db } from '../../db/client'
import { stockSettings } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { DEFAULT_LOW_STOCK_THRESHOLD } from './alerts'

export async function getStockSettings(db: Db): Promise<StockSettings> {
  const [row] = await db.select().from(stockSettings)
  return { low_stock_threshold: row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD }
}

export function setStockSettings(db: Db, actor: Actor, settings: StockSettings): Promise<StockSettings> {
  return db.transaction(async (tx) => {
    const before = await getStockSettings(tx)
    const values = { lowStockThreshold: settings.low_stock_threshold }
    await tx
      .insert(stockSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: stockSettings.id, set: values })
    await recordChange(tx, actor, {
      action: 'settings.update',
      entity: 'stock_settings',
      entityId: null,
      before,
      after: settings,
    })
    return settings
  })
}
