import type { Cart } from '@store/contract'
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartItems, carts, productImages, products } from '../../db/schema'
import { httpError } from '../../lib/errors'
import { imageUrls } from '../../lib/images'
import { formatMoney, fromPaisa, toPaisa } from '../../lib/money'
import type { MediaStorage } from '../../lib/storage'

/** The whole cart of a user; a user without one yet has an empty cart. */
export async function getCart(db: Db, storage: MediaStorage, userId: number): Promise<Cart> {
  const lines = await db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      product: { id: products.id, name: products.name, price: products.price, stock: products.stock },
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.id))
  const mainImages = lines.length
    ? await db
        .selectDistinctOn([productImages.productId], {
          productId: productImages.productId,
          storageKey: productImages.storageKey,
          widths: productImages.widths,
        })
        .from(productImages)
        .where(
          inArray(
            productImages.productId,
            lines.map((line) => line.product.id),
          ),
        )
        .orderBy(productImages.productId, productImages.id)
    : []
  const imageOf = new Map(mainImages.map((image) => [image.productId, imageUrls(storage, image).image_url]))
  let subtotal = 0n
  let itemCount = 0
  for (const line of lines) {
    subtotal += toPaisa(line.product.price) * BigInt(line.quantity)
    itemCount += line.quantity
  }
  return {
    items: lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      product: {
        ...line.product,
        price: formatMoney(line.product.price),
        main_image_url: imageOf.get(line.product.id) ?? null,
      },
    })),
    item_count: itemCount,
    subtotal: fromPaisa(subtotal),
  }
}

async function cartIdOf(db: Db, userId: number): Promise<number> {
  const [created] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing()
    .returning({ id: carts.id })
  if (created) return created.id
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))
  if (!existing) throw new Error(`The cart of user ${userId} vanished while it was being used`)
  return existing.id
}

const pastStock = (product: { name: string; stock: number }) =>
  httpError(
    400,
    product.stock === 0
      ? `Sorry, "${product.name}" is out of stock.`
      : `Only ${product.stock} of "${product.name}" in stock.`,
  )

/**
 * Adds to the product's line (creating the cart and the line as needed), never past the stock.
 * False when there is no such product.
 */
export async function addToCart(db: Db, userId: number, productId: number, quantity: number) {
  const [product] = await db
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
  if (!product) return false
  if (quantity > product.stock) throw pastStock(product)
  const cartId = await cartIdOf(db, userId)
  const [line] = await db
    .insert(cartItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      // The sum is checked in the statement, so two adds at once cannot together pass the stock.
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= (select p.stock from ${products} p where p.id = excluded.product_id)`,
    })
    .returning({ id: cartItems.id })
  if (!line) throw pastStock(product)
  return true
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
  itemId: number,
  quantity: number,
): Promise<boolean> {
  if (quantity === 0) return removeCartItem(db, userId, itemId)
  const [line] = await db
    .select({ name: products.name, stock: products.stock })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), inCartOf(userId)))
  if (!line) return false
  const [updated] = await db
    .update(cartItems)
    .set({ quantity })
    .from(products)
    .where(and(eq(cartItems.id, itemId), eq(products.id, cartItems.productId), gte(products.stock, quantity)))
    .returning({ id: cartItems.id })
  if (!updated) throw pastStock(line)
  return true
}

/**
 * The lines of a user's cart for checkout, with the cart row locked until the transaction ends, so two
 * checkouts of one cart at once cannot both order its lines.
 */
export async function lockCartLines(db: Db, userId: number) {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update')
  if (!cart) return { cartId: null, lines: [] }
  const lines = await db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
  return { cartId: cart.id, lines }
}

/** Empties a cart inside the order transaction. */
export async function emptyCart(db: Db, cartId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId))
}
