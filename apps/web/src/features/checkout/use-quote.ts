import type { Cart, DeliveryZone, PaymentMethod, QuoteBody } from '@store/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { quoteQuery } from '../../data/orders'

/** The delivery day, floor, lift and assembly asked for: they price the services and pick the day. */
export type QuoteChoices = Pick<QuoteBody, 'delivery_date' | 'floor' | 'lift' | 'assembly'>

/**
 * The checkout's prices as the store works them out: a quote for the city, the payment method, the
 * delivery choices and the applied coupon, asked again whenever one of them or the cart changes. A typed coupon is priced on its
 * own first and applies only once the store accepts it, so a refused code leaves the totals as they are.
 */
export function useQuote({
  zone,
  paymentMethod,
  choices,
  cart,
}: {
  zone: DeliveryZone | undefined
  paymentMethod: PaymentMethod
  choices: QuoteChoices
  cart: Cart
}) {
  const queryClient = useQueryClient()
  const [coupon, setCoupon] = useState<string | null>(null)
  const cartVersion = { item_count: cart.item_count, subtotal: cart.subtotal }
  const body: QuoteBody | null = zone
    ? { city: zone.city, payment_method: paymentMethod, ...choices, ...(coupon && { coupon_code: coupon }) }
    : null
  const query = useQuery({
    ...quoteQuery(body ?? { city: '', payment_method: 'cod' }, cartVersion),
    enabled: body !== null && cart.items.length > 0,
  })

  /** Applies the code if the store accepts it, and answers it as the store spells it; throws its refusal. */
  const applyCoupon =
    zone &&
    (async (code: string) => {
      const priced = await queryClient.fetchQuery(
        quoteQuery(
          { city: zone.city, payment_method: paymentMethod, ...choices, coupon_code: code },
          cartVersion,
        ),
      )
      const applied = priced.coupon?.code ?? code
      setCoupon(applied)
      return applied
    })

  return {
    query,
    coupon,
    /** Only once the city is known: the discount is worked out with the delivery. */
    applyCoupon,
    removeCoupon: () => setCoupon(null),
  }
}

export type CheckoutQuote = ReturnType<typeof useQuote>
