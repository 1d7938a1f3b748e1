import { formatPkr, type PaymentMethod } from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { coupons } from '../../db/schema'
import { HttpError, httpError } from '../../lib/errors'
import { toPaisa } from '../../lib/money'
import { findZone } from '../delivery/service'
import { type DeliveryAsked, deliveryTerms } from '../dispatch/days'
import { type Goods, paymentTerms } from '../payments/rules'

/** What the checkout prices: the goods, sent to a city on a day, paid one way, maybe a coupon. */
export interface PriceRequest {
  goods: Goods
  city: string
  paymentMethod: PaymentMethod
  couponCode?: string | undefined
  delivery: DeliveryAsked
  /** A staff order's own terms (docs/api.md "Staff orders"), in paisa */
  staff?: StaffTerms | undefined
}

/** What staff set on an order they take: a discount after any coupon, a delivery fee in place of the zone's. */
export interface StaffTerms {
  discount?: bigint | undefined
  deliveryFee?: bigint | undefined
}

/**
 * A priced order, every amount in paisa: total = subtotal − discount + deliveryFee + codFee +
 * assemblyFee + floorFee.
 */
export interface Price {
  subtotal: bigint
  discount: bigint
  deliveryFee: bigint
  codFee: bigint
  assemblyFee: bigint
  floorFee: bigint
  total: bigint
  /** The days the vans can come, and the one taken */
  deliveryDates: string[]
  deliveryDate: string
  /** Paid ahead by the store's rules; the rest is the balance, paid on delivery or before */
  advance: bigint
  /** The zone's city as staff wrote it */
  city: string
  etaMinDays: number
  etaMaxDays: number
  coupon: { id: number; code: string } | null
}

type CouponRow = typeof coupons.$inferSelect

/** A percent of an amount in paisa, half a paisa rounded up; `percent` is a numeric such as "12.50". */
const percentOf = (paisa: bigint, percent: string) => (paisa * toPaisa(percent) + 5_000n) / 10_000n

/** The coupon's discount on this subtotal, or the sentence saying why it does not apply. */
function discountOf(coupon: CouponRow, subtotal: bigint, now: Date): bigint {
  const name = `The coupon ${coupon.code}`
  // One answer for a code that does not exist, is off or has not started: guessing tells nothing.
  if (!coupon.isActive || (coupon.startsAt && coupon.startsAt > now)) throw noSuchCoupon(coupon.code)
  if (coupon.endsAt && coupon.endsAt <= now) throw httpError(400, `${name} has expired.`)
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) {
    throw httpError(400, usedUp(coupon.code))
  }
  const minimum = toPaisa(coupon.minSubtotal)
  if (subtotal < minimum) {
    throw httpError(400, `${name} needs a subtotal of at least ${formatPkr(Number(minimum))}.`)
  }
  if (coupon.kind === 'percent') return percentOf(subtotal, coupon.value)
  const amount = toPaisa(coupon.value)
  return amount < subtotal ? amount : subtotal
}

export const usedUp = (code: string) => `The coupon ${code} has been used up.`

const NO_SUCH_COUPON = 'There is no coupon '
const noSuchCoupon = (code: string) => httpError(400, `${NO_SUCH_COUPON}${code}.`)

/** Whether a refusal is of a coupon code that does not work at all: what someone guessing codes gets. */
export const isNoSuchCoupon = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 400 && error.detail.startsWith(NO_SUCH_COUPON)

/**
 * The one pricing of an order, for the quote and for the placement alike (docs/api.md "Checkout for
 * Pakistan"): the zone by city (case and spaces aside), the coupon by code (case aside), delivery free
 * once the subtotal after the discount reaches the zone's threshold, the COD fee for cash on delivery,
 * and the day, assembly and floors by the delivery settings. A staff order's discount comes after the
 * coupon's, and its delivery fee replaces the zone's.
 * A city without delivery, COD where it is not offered or a coupon that does not apply: 400.
 */
export async function priceOrder(db: Db, request: PriceRequest): Promise<Price> {
  const { subtotal } = request.goods
  const zone = await findZone(db, request.city)
  // docs/api.md, word for word.
  if (!zone) throw httpError(400, `We do not deliver to ${request.city} yet.`)
  const cod = request.paymentMethod === 'cod'
  if (cod && !zone.codAvailable) {
    throw httpError(400, `Cash on delivery is not offered in ${zone.city}; please pay by bank transfer.`)
  }

  let discount = 0n
  let coupon: Price['coupon'] = null
  if (request.couponCode !== undefined) {
    const [found] = await db
      .select()
      .from(coupons)
      .where(eq(sql`lower(${coupons.code})`, sql`lower(${request.couponCode})`))
    if (!found) throw noSuchCoupon(request.couponCode)
    discount = discountOf(found, subtotal, new Date())
    coupon = { id: found.id, code: found.code }
  }
  const staffDiscount = request.staff?.discount ?? 0n
  // Never past what is left after the coupon: goods are not sold below nothing.
  discount += staffDiscount < subtotal - discount ? staffDiscount : subtotal - discount

  const goods = subtotal - discount
  const freeOver = zone.freeOver === null ? null : toPaisa(zone.freeOver)
  const deliveryFee =
    request.staff?.deliveryFee ?? (freeOver !== null && goods >= freeOver ? 0n : toPaisa(zone.fee))
  const codFee = cod ? toPaisa(zone.codFee) : 0n
  const delivery = await deliveryTerms(db, {
    goods: request.goods,
    zoneDays: zone.etaMinDays,
    asked: request.delivery,
  })
  const total = goods + deliveryFee + codFee + delivery.assemblyFee + delivery.floorFee
  const terms = await paymentTerms(db, { goods: request.goods, total, city: zone.city })
  // docs/api.md: cash on delivery pays only a balance, and only where the shop allows it.
  if (cod && !terms.codPaysBalance) {
    throw httpError(
      400,
      `Cash on delivery cannot pay the balance in ${zone.city}; please pay by bank transfer.`,
    )
  }
  return {
    subtotal,
    discount,
    deliveryFee,
    codFee,
    assemblyFee: delivery.assemblyFee,
    floorFee: delivery.floorFee,
    total,
    deliveryDates: delivery.dates,
    deliveryDate: delivery.date,
    advance: terms.advance,
    city: zone.city,
    etaMinDays: zone.etaMinDays,
    etaMaxDays: zone.etaMaxDays,
    coupon,
  }
}
