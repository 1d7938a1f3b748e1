import type { Db } from '../src/db/client'
import { categories, productImages, products } from '../src/db/schema'

let productCounter = 0

/** Inserts a product (and its category) straight into the database, with an image when asked. */
export async function insertProduct(
  db: Db,
  options: { name?: string; price?: string; stock?: number; withImage?: boolean } = {},
) {
  productCounter += 1
  const [category] = await db
    .insert(categories)
    .values({ name: 'Test furniture' })
    .onConflictDoUpdate({ target: categories.name, set: { name: 'Test furniture' } })
    .returning({ id: categories.id })
  if (!category) throw new Error('could not create the test category')
  const [product] = await db
    .insert(products)
    .values({
      name: options.name ?? `Test product ${productCounter}`,
      description: 'A product made for a test.',
      price: options.price ?? '1000.00',
      stock: options.stock ?? 10,
      categoryId: category.id,
    })
    .returning()
  if (!product) throw new Error('could not create the test product')
  if (options.withImage) {
    await db.insert(productImages).values({
      productId: product.id,
      storageKey: `products/test-${product.id}`,
      width: 640,
      height: 480,
      widths: [320, 640],
    })
  }
  return product
}
