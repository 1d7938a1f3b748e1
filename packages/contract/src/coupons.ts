import { z } from 'zod'
import {
  IdParams,
  Money,
  MoneyInput,
  PageQuery,
  Paginated,
  type RouteSpec,
  Timestamp,
  text,
  whenValid,
} from './common'
import { paths } from './paths'

export const COUPON_KINDS = ['percent', 'fixed'] as const
export const CouponKind = z.enum(COUPON_KINDS)
export type CouponKind = z.infer<typeof CouponKind>

export const Coupon = z.object({
  id: z.number().int(),
  /** As staff typed it; customers' codes match it case-insensitively */
  code: z.string(),
  kind: CouponKind,
  /** Percent off the subtotal ("10.00") or an amount off it in PKR */
  value: Money,
  min_subtotal: Money,
  /** The coupon applies from this moment (null: from its creation) until `ends_at` (null: no end) */
  starts_at: Timestamp.nullable(),
  ends_at: Timestamp.nullable(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  is_active: z.boolean(),
})
export type Coupon = z.infer<typeof Coupon>

/** A coupon code as typed by staff or a customer: letters, digits, dash and underscore. */
export const CouponCode = text({ error: 'Coupon code is required.' })
  .trim()
  .min(1, 'Coupon code is required.')
  .max(40, 'A coupon code is at most 40 characters.')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'A coupon code holds letters, digits, dashes and underscores only.')

const Moment = z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-12-01T00:00:00Z.' })

export const CouponBody = z
  .strictObject({
    code: CouponCode,
    kind: CouponKind,
    value: MoneyInput,
    min_subtotal: MoneyInput.default('0'),
    starts_at: Moment.nullable().default(null),
    ends_at: Moment.nullable().default(null),
    max_uses: z
      .number({ error: 'Maximum uses is a whole number.' })
      .int('Maximum uses is a whole number.')
      .min(1, 'Maximum uses is at least 1; leave it empty for no limit.')
      .max(10_000_000)
      .nullable()
      .default(null),
    is_active: z.boolean().default(true),
  })
  .refine((coupon) => Number(coupon.value) > 0, {
    path: ['value'],
    message: 'The discount must be above 0.',
    ...whenValid('value'),
  })
  .refine((coupon) => coupon.kind !== 'percent' || Number(coupon.value) <= 100, {
    path: ['value'],
    message: 'A percent discount is at most 100.',
    ...whenValid('kind', 'value'),
  })
  .refine(
    (coupon) =>
      !coupon.starts_at || !coupon.ends_at || Date.parse(coupon.ends_at) > Date.parse(coupon.starts_at),
    {
      path: ['ends_at'],
      message: 'The end must come after the start.',
      ...whenValid('starts_at', 'ends_at'),
    },
  )
export type CouponBody = z.input<typeof CouponBody>

export const couponRoutes = {
  listCoupons: {
    ...paths.coupons.listCoupons,
    access: { staff: 'settings' },
    summary: 'Every coupon, newest first',
    query: PageQuery,
    status: 200,
    response: Paginated(Coupon),
  },
  createCoupon: {
    ...paths.coupons.createCoupon,
    access: { staff: 'settings' },
    summary: 'Create a coupon; 409 when its code (in any case) exists',
    body: CouponBody,
    status: 201,
    response: Coupon,
  },
  updateCoupon: {
    ...paths.coupons.updateCoupon,
    access: { staff: 'settings' },
    summary: 'Change a coupon (its use count stays)',
    params: IdParams,
    body: CouponBody,
    status: 200,
    response: Coupon,
  },
  deleteCoupon: {
    ...paths.coupons.deleteCoupon,
    access: { staff: 'settings' },
    summary: 'Delete a coupon (orders keep the code and discount they got)',
    params: IdParams,
    status: 204,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
