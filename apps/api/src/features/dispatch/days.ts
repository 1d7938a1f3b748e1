import type { Service } from '@store/contract'
import { sql } from 'drizzle-orm'
import { type Db, integerArray, queryRows } from '../../db/client'
import { httpError } from '../../lib/errors'
import { fromPaisa, toPaisa } from '../../lib/money'
import type { Goods } from '../payments/rules'

/** How many days the checkout offers, from the earliest: three weeks of the vans' days. */
const OFFERED_DAYS = 18

/** What the shopper asks of the delivery: a day (else the earliest), the floor, a lift, assembly. */
export interface DeliveryAsked {
  deliveryDate?: string | undefined
  floor: number
  lift: boolean
  assembly: boolean
}

/** The delivery the goods get: the days offered, the one taken, and the services' fees in paisa. */
export interface DeliveryTerms {
  dates: string[]
  date: string
  assemblyFee: bigint
  floorFee: bigint
}

/** A calendar day (YYYY-MM-DD) `days` after another. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0

/** `count` days the vans go out, from `earliest` on: Sundays and the store's holidays skipped. */
export function vanDays(earliest: string, holidays: readonly string[], count = OFFERED_DAYS): string[] {
  const closed = new Set(holidays)
  const days: string[] = []
  for (let day = earliest; days.length < count; day = addDays(day, 1)) {
    if (!isSunday(day) && !closed.has(day)) days.push(day)
  }
  return days
}

/** Today in Pakistan, by the database's clock (the one every order's dates are counted from). */
export async function todayInPakistan(db: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(
    db,
    sql`select (now() at time zone 'Asia/Karachi')::date::text as today`,
  )
  if (!row) throw new Error('The database told no date')
  return row.today
}

/**
 * docs/api.md "Delivery days and dispatch": the earliest day is the later of the zone's delivery time
 * and the goods' longest lead time; assembly costs each unit its category's fee; each floor climbed
 * without a lift costs the floor fee. A day asked for that is not offered: 400.
 */
export async function deliveryTerms(
  db: Db,
  { goods, zoneDays, asked }: { goods: Goods; zoneDays: number; asked: DeliveryAsked },
): Promise<DeliveryTerms> {
  const ids = [...goods.units.keys()]
  const units = ids.map((id) => goods.units.get(id) ?? 0)
  const [facts] = await queryRows<{
    today: string
    lead_days: number
    assembly: string
    floor_fee: string | null
    holidays: string[] | null
  }>(
    db,
    sql`select (now() at time zone 'Asia/Karachi')::date::text as today,
        coalesce(max(p.lead_time_days), 0)::integer as lead_days,
        coalesce(sum(u.units * coalesce(f.fee, 0)), 0)::text as assembly,
        (select s.floor_fee::text from delivery_settings s where s.id = 1) as floor_fee,
        (select s.holidays::text[] from delivery_settings s where s.id = 1) as holidays
      from unnest(${integerArray(ids)}, ${integerArray(units)}) as u(product_id, units)
      join products p on p.id = u.product_id
      left join assembly_fees f on f.category_id = p.category_id`,
  )
  if (!facts) throw new Error('The delivery terms query returned no row')
  const dates = vanDays(addDays(facts.today, Math.max(zoneDays, facts.lead_days)), facts.holidays ?? [])
  const date = asked.deliveryDate ?? (dates[0] as string)
  if (!dates.includes(date)) {
    throw httpError(400, `We cannot deliver on ${date}; choose one of the days offered.`)
  }
  const floors = asked.lift ? 0 : asked.floor
  return {
    dates,
    date,
    assemblyFee: asked.assembly ? toPaisa(facts.assembly) : 0n,
    floorFee: BigInt(floors) * toPaisa(facts.floor_fee ?? '0'),
  }
}

/** The services an order takes, as the wire shows them: those with a fee, or asked for at no fee. */
export function servicesOf(
  { assembly, floor, lift }: Pick<DeliveryAsked, 'assembly' | 'floor' | 'lift'>,
  fees: { assemblyFee: bigint; floorFee: bigint },
): Service[] {
  return [
    ...(assembly ? [{ code: 'assembly' as const, fee: fromPaisa(fees.assemblyFee) }] : []),
    ...(floor > 0 && !lift ? [{ code: 'floor' as const, fee: fromPaisa(fees.floorFee) }] : []),
  ]
}
