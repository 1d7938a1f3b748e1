import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { deliveryRuns, deliveryStops } from '../../db/schema'

/** An order cancelled or moved to another day leaves the run it was planned on (a done stop stays). */
export async function leaveRun(tx: Db, orderId: number): Promise<void> {
  const [left] = await tx
    .delete(deliveryStops)
    .where(and(eq(deliveryStops.orderId, orderId), eq(deliveryStops.status, 'planned')))
    .returning({ runId: deliveryStops.runId })
  // A run its last stop left is gone with it, rather than a van sent out with nothing.
  if (left) {
    await tx
      .delete(deliveryRuns)
      .where(
        and(
          eq(deliveryRuns.id, left.runId),
          sql`not exists (select 1 from ${deliveryStops} where ${deliveryStops.runId} = ${left.runId})`,
        ),
      )
  }
}
