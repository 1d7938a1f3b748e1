import { z } from 'zod'
import { ChosenOption, OptionChoices } from './catalog'
import { BodyId, Money, type RouteSpec } from './common'
import { paths } from './paths'

export const CartItem = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  /** The chosen options, in the product's order */
  options: z.array(ChosenOption),
  /** The product's price plus the chosen values' deltas */
  unit_price: Money,
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    price: Money,
    stock: z.number().int(),
    lead_time_days: z.number().int(),
    main_image_url: z.string().nullable(),
  }),
})
export type CartItem = z.infer<typeof CartItem>

export const Cart = z.object({ items: z.array(CartItem), item_count: z.number().int(), subtotal: Money })
export type Cart = z.infer<typeof Cart>

const Quantity = z
  .number({ error: 'Quantity must be a whole number.' })
  .int('Quantity must be a whole number.')
  .max(1000)

export const AddToCartBody = z.strictObject({
  product_id: BodyId,
  quantity: Quantity.min(1, 'Quantity must be at least 1.').default(1),
  /**
   * Every option of the product, chosen (docs/api.md); the same product with other choices is another line
   */
  options: OptionChoices.default({}),
})
export type AddToCartBody = z.input<typeof AddToCartBody>

export const UpdateCartItemBody = z.strictObject({
  item_id: BodyId,
  quantity: Quantity.min(0, 'Quantity cannot be negative.'),
})
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBody>

export const RemoveCartItemBody = z.strictObject({ item_id: BodyId })
export type RemoveCartItemBody = z.infer<typeof RemoveCartItemBody>

export const cartRoutes = {
  getCart: {
    ...paths.cart.getCart,
    access: 'user',
    summary: 'Your cart',
    status: 200,
    response: Cart,
  },
  addToCart: {
    ...paths.cart.addToCart,
    access: 'user',
    summary: 'Add a product (to its line if there is one)',
    body: AddToCartBody,
    status: 200,
    response: Cart,
  },
  updateCartItem: {
    ...paths.cart.updateCartItem,
    access: 'user',
    summary: 'Set the quantity of a line (0 removes it)',
    body: UpdateCartItemBody,
    status: 200,
    response: Cart,
  },
  removeCartItem: {
    ...paths.cart.removeCartItem,
    access: 'user',
    summary: 'Remove a line',
    body: RemoveCartItemBody,
    status: 200,
    response: Cart,
  },
} as const satisfies Record<string, RouteSpec>
