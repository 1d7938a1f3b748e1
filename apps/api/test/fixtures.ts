import { eq } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { categories, conversations, messages, orderItems, orders, products, reviews } from '../src/db/schema'

/** The single row an insert returned. */
export function one<Row>(rows: Row[]): Row {
  const [row] = rows
  if (row === undefined) throw new Error('expected one row')
  return row
}

export interface Fixtures {
  productId: number
  reviewId: number
  orderId: number
  conversationId: number
}

/** A product (and its category, `${name} Sofas`, when missing), with one 4-star review counted. */
export async function insertProduct(db: Db, name: string, stock = 50): Promise<number> {
  const category = one(
    await db
      .insert(categories)
      .values({ name: `${name} Sofas` })
      .onConflictDoUpdate({ target: categories.name, set: { name: categories.name } })
      .returning({ id: categories.id }),
  )
  const product = one(
    await db
      .insert(products)
      .values({
        name: `${name} Velvet Sofa`,
        description: 'A deep three-seater in green velvet.',
        price: '125000.00',
        stock,
        categoryId: category.id,
      })
      .returning({ id: products.id }),
  )
  return product.id
}

/** A small world owned by one customer: a product they reviewed and ordered, and their conversation. */
export async function seedFixtures(db: Db, customerId: number, name = 'Fixture'): Promise<Fixtures> {
  const productId = await insertProduct(db, name)
  await db.update(products).set({ reviewCount: 1, ratingTotal: 4 }).where(eq(products.id, productId))
  const review = one(
    await db
      .insert(reviews)
      .values({ productId, userId: customerId, rating: 4, comment: 'Comfortable and well made.' })
      .returning({ id: reviews.id }),
  )
  const order = one(
    await db
      .insert(orders)
      .values({
        userId: customerId,
        totalPrice: '125000.00',
        firstName: 'Ayesha',
        lastName: 'Khan',
        email: 'ayesha@example.com',
        address: '12 Main Boulevard, Gulberg',
        city: 'Lahore',
        postalCode: '54000',
      })
      .returning({ id: orders.id }),
  )
  await db.insert(orderItems).values({
    orderId: order.id,
    productId,
    productName: `${name} Velvet Sofa`,
    price: '125000.00',
    quantity: 1,
  })
  const conversation = one(
    await db.insert(conversations).values({ customerId }).returning({ id: conversations.id }),
  )
  await db
    .insert(messages)
    .values({ conversationId: conversation.id, senderId: customerId, content: 'Is it in stock?' })
  return { productId, reviewId: review.id, orderId: order.id, conversationId: conversation.id }
}
