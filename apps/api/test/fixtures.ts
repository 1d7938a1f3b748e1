import { eq } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { conversations, messages, orderItems, orders, products, reviews } from '../src/db/schema'
import { insertProduct } from './product-fixture'

/** The single row an insert returned. */
export function one<Row>(rows: Row[]): Row {
  const [row] = rows
  if (row === undefined) throw new Error('expected one row')
  return row
}

export interface Fixtures {
  productId: number
  /** The product's category */
  categoryId: number
  reviewId: number
  orderId: number
  conversationId: number
}

/** A small world owned by one customer: a product they reviewed and ordered, and their conversation. */
export async function seedFixtures(db: Db, customerId: number, name = 'Fixture'): Promise<Fixtures> {
  const { id: productId, categoryId } = await insertProduct(db, {
    name: `${name} Velvet Sofa`,
    price: '125000.00',
    stock: 50,
  })
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
    stockTaken: 1,
  })
  const conversation = one(
    await db.insert(conversations).values({ customerId }).returning({ id: conversations.id }),
  )
  await db
    .insert(messages)
    .values({ conversationId: conversation.id, senderId: customerId, content: 'Is it in stock?' })
  return { productId, categoryId, reviewId: review.id, orderId: order.id, conversationId: conversation.id }
}
