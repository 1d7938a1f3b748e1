import type { ClaimSettings, ClaimSettingsBody } from '@store/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { claimSettings } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'

type SettingsRow = typeof claimSettings.$inferSelect

// docs/api.md: the windows and the fee a store starts with, until staff set theirs.
const DEFAULTS: SettingsRow = {
  id: 1,
  damageHours: 48,
  exchangeDays: 7,
  changedMind: false,
  madeToOrderReturnable: false,
  cancellationFeePercent: 15,
}

const toSettings = (row: SettingsRow): ClaimSettings => ({
  damage_hours: row.damageHours,
  exchange_days: row.exchangeDays,
  changed_mind: row.changedMind,
  made_to_order_returnable: row.madeToOrderReturnable,
  cancellation_fee_percent: row.cancellationFeePercent,
})

export async function getClaimSettings(db: Db): Promise<ClaimSettings> {
  const [row] = await db.select().from(claimSettings)
  return toSettings(row ?? DEFAULTS)
}

export function setClaimSettings(
  db: Db,
  actor: Actor,
  body: z.output<typeof ClaimSettingsBody>,
): Promise<ClaimSettings> {
  const values = {
    damageHours: body.damage_hours,
    exchangeDays: body.exchange_days,
    changedMind: body.changed_mind,
    madeToOrderReturnable: body.made_to_order_returnable,
    cancellationFeePercent: body.cancellation_fee_percent,
  }
  return db.transaction(async (tx) => {
    const before = await getClaimSettings(tx)
    const [row] = await tx
      .insert(claimSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: claimSettings.id, set: values })
      .returning()
    if (!row) throw new Error('The claim settings upsert returned no row')
    const after = toSettings(row)
    await recordChange(tx, actor, {
      action: 'settings.update',
      entity: 'claim_settings',
      entityId: null,
      before,
      after,
    })
    return after
  })
}
