import type { Cart, LanguageCode, OptionChoices } from '@store/contract'
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { type Db, integerArray, queryRows } from '../../db/client'
import { cartItems, carts, productImages, products, shownName } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { imageUrls } from '../../lib/images'
import { formatMoney, fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'
import { choiceOf, productForChoice, resolveChoices } from '../catalog/choices'
import { addGoods, type Goods, noGoods } from '../payments/rules'

/**
 * How many of a made-to-order piece one cart may hold, since no stock caps it: the contract's limit
 * for one request, so that quantities and totals stay far from what their columns hold.
 */
const MADE_TO_ORDER_LIMIT = 1000

/** A line's unit price as the catalogue has it now: the product's price plus its chosen values' deltas. */
const unitPriceOf = (choice: ReturnType<typeof choiceOf>) =>
  // Exact: numeric arithmetic, printed with its two places.
  sql<string>`(${products.price} + ${choice.delta})::text`

/** The whole cart of a user, its products named in the reader's language; a user without one yet has an empty cart. */
export async function getCart(
  db: Db,
  storage: MediaStorage,
  userId: number,
  language: LanguageCode,
): Promise<Cart> {
  const choice = choiceOf(cartItems.productId, cartItems.optionValueIds)
  const lines = await db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      options: choice.options,
      unit_price: unitPriceOf(choice),
      product: {
        id: products.id,
        name: sql<string>`${shownName(products, language)}`,
        price: products.price,
        stock: products.stock,
        lead_time_days: products.leadTimeDays,
      },
      // The product's first picture, in the same statement as the lines.
      mainImage: sql<{ storageKey: string; widths: number[] } | null>`(
        select json_build_object('storageKey', i.storage_key, 'widths', i.widths)
        from ${productImages} i where i.product_id = ${products.id} order by i.id limit 1)`,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.id))
  let subtotal = 0n
  let itemCount = 0
  for (const line of lines) {
    subtotal += toPaisa(line.unit_price) * BigInt(line.quantity)
    itemCount += line.quantity
  }
  return {
    items: lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      options: line.options,
      unit_price: formatMoney(line.unit_price),
      product: {
        ...line.product,
        price: formatMoney(line.product.price),
        main_image_url: line.mainImage && imageUrls(storage, line.mainImage).image_url,
      },
    })),
    item_count: itemCount,
    subtotal: fromPaisa(subtotal),
  }
}

/**
 * What the user's cart comes to at today's prices, in paisa, summed line by line as an order sums
 * its items; null for an empty cart.
 */
export async function cartGoods(db: Db, userId: number): Promise<Goods | null> {
  const choice = choiceOf(cartItems.productId, cartItems.optionValueIds)
  const lines = await db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity, unitPrice: unitPriceOf(choice) })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, userId))
  if (lines.length === 0) return null
  const goods = noGoods()
  for (const line of lines) {
    addGoods(goods, line.productId, toPaisa(line.unitPrice) * BigInt(line.quantity), line.quantity)
  }
  return goods
}

/** The user's cart, locked until the caller's transaction ends; null when they have none yet. */
async function lockCart(db: Db, userId: number): Promise<number | null> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update')
  return cart?.id ?? null
}

/** Creates the user's cart (unless another request just did) and locks it. */
async function createCart(db: Db, userId: number): Promise<number> {
  await db.insert(carts).values({ userId }).onConflictDoNothing()
  const cartId = await lockCart(db, userId)
  if (!cartId) throw new Error(`The cart of user ${userId} vanished while it was being used`)
  return cartId
}

const pastStock = (product: { name: string; stock: number; leadTimeDays: number }) =>
  httpError(
    400,
    product.leadTimeDays > 0
      ? `At most ${MADE_TO_ORDER_LIMIT} of "${product.name}" can be ordered at once.`
      : product.stock === 0
        ? `Sorry, "${product.name}" is out of stock.`
        : `Only ${product.stock} of "${product.name}" in stock.`,
  )

/**
 * Whether a cart may hold `quantity` more of the line's product, with all its lines of that product
 * (other choices included) counted: never past the stock, unless the piece is made to order.
 */
const fitsStock = (cartId: number, productId: number, quantity: SQL) =>
  sql`${quantity} + (select coalesce(sum(held.quantity), 0) from ${cartItems} held
        where held.cart_id = ${cartId} and held.product_id = ${productId})
      <= (select case when p.lead_time_days > 0 then ${MADE_TO_ORDER_LIMIT} else p.stock end
          from ${products} p where p.id = ${productId})`

/**
 * Adds to the line of this product and choice set (creating the cart and the line as needed), never
 * past the stock. The cart row is held, so two adds at once cannot together pass the stock; then the
 * product row, so an edit of its options cannot slip between the check of the choice and its save.
 * Checkout locks in the same order (cart, then products), so an add and a checkout of one cart wait
 * for each other rather than deadlock. False when there is no such product (and nothing is created);
 * 400 for an incomplete or foreign choice.
 */
export async function addToCart(
  db: Db,
  userId: number,
  {
    productId,
    quantity,
    choices,
    language,
  }: { productId: number; quantity: number; choices: OptionChoices; language: LanguageCode },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await lockCart(tx, userId)
    const product = await productForChoice(tx, productId, { lock: true, language })
    if (!product) return false
    const { valueIds } = resolveChoices(product.name, product.options, choices)
    const cartId = existing ?? (await createCart(tx, userId))
    const [line] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ${cartItems} (cart_id, product_id, quantity, option_value_ids)
        select ${cartId}, ${productId}, ${quantity}, ${integerArray(valueIds)}
        where ${fitsStock(cartId, productId, sql`${quantity}`)}
        on conflict (cart_id, product_id, option_value_ids)
        do update set quantity = ${cartItems.quantity} + excluded.quantity
        returning id`,
    )
    if (!line) throw pastStock(product)
    return true
  })
}

const inCartOf = (userId: number) =>
  inArray(cartItems.cartId, sql`(select c.id from ${carts} c where c.user_id = ${userId})`)

/** False when the line is not in the user's cart. */
export async function removeCartItem(db: Db, userId: number, itemId: number): Promise<boolean> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), inCartOf(userId)))
    .returning({ id: cartItems.id })
  return removed.length > 0
}

/** Sets a line's quantity (0 removes it), never past the stock. False when the line is not the user's. */
export async function setCartItemQuantity(
  db: Db,
  userId: number,
  { itemId, quantity, language }: { itemId: number; quantity: number; language: LanguageCode },
): Promise<boolean> {
  if (quantity === 0) return removeCartItem(db, userId, itemId)
  const [line] = await db
    .select({
      cartId: cartItems.cartId,
      productId: cartItems.productId,
      name: sql<string>`${shownName(products, language)}`,
      stock: products.stock,
      leadTimeDays: products.leadTimeDays,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), inCartOf(userId)))
  if (!line) return false
  // The line's own quantity is replaced, so it counts as 0 against the stock.
  const [updated] = await db
    .update(cartItems)
    .set({ quantity })
    .where(
      and(
        eq(cartItems.id, itemId),
        fitsStock(line.cartId, line.productId, sql`${quantity} - ${cartItems.quantity}`),
      ),
    )
    .returning({ id: cartItems.id })
  if (!updated) throw pastStock(line)
  return true
}

/**
 * Takes the lines out of a user's cart for checkout, in one statement: the cart row is locked until
 * the transaction ends, so two checkouts of one cart at once cannot both order its lines (the second
 * finds them gone), and the lines are deleted, which a refused order's rollback puts back. Answers
 * them in the order they were added; none when the user has no cart or an empty one.
 */
export async function takeCartLines(db: Db, userId: number) {
  const taken = await queryRows<{
    id: number
    product_id: number
    quantity: number
    option_value_ids: number[]
  }>(
    db,
    sql`with cart as (select ${carts.id} from ${carts} where ${carts.userId} = ${userId} for update)
      delete from ${cartItems} where ${cartItems.cartId} in (select id from cart)
      returning id, product_id, quantity, option_value_ids`,
  )
  return taken
    .sort((a, b) => a.id - b.id)
    .map((line) => ({
      productId: line.product_id,
      quantity: line.quantity,
      optionValueIds: line.option_value_ids,
    }))
}
