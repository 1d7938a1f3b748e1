import type { Db } from '../src/db/client'
import { categories, productImages, productOptions, productOptionValues, products } from '../src/db/schema'

let productCounter = 0

export interface FixtureOption {
  id: number
  name: string
  values: { id: number; label: string }[]
}

/**
 * Inserts a product (and its category) straight into the database, with an image, a lead time and
 * options (values as label and price change, in display order) when asked.
 */
export async function insertProduct(
  db: Db,
  spec: {
    name?: string
    /** The Urdu texts; none by default */
    nameUr?: string
    descriptionUr?: string
    price?: string
    stock?: number
    withImage?: boolean
    leadTimeDays?: number
    options?: { name: string; values: [label: string, delta: string][] }[]
  } = {},
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
      name: spec.name ?? `Test product ${productCounter}`,
      description: 'A product made for a test.',
      nameUr: spec.nameUr ?? '',
      descriptionUr: spec.descriptionUr ?? '',
      price: spec.price ?? '1000.00',
      stock: spec.stock ?? 10,
      categoryId: category.id,
      leadTimeDays: spec.leadTimeDays ?? 0,
    })
    .returning()
  if (!product) throw new Error('could not create the test product')
  if (spec.withImage) {
    await db.insert(productImages).values({
      productId: product.id,
      storageKey: `products/test-${product.id}`,
      width: 640,
      height: 480,
      widths: [320, 640],
    })
  }
  const options: FixtureOption[] = []
  for (const [position, option] of (spec.options ?? []).entries()) {
    const [created] = await db
      .insert(productOptions)
      .values({ productId: product.id, name: option.name, position })
      .returning({ id: productOptions.id })
    if (!created) throw new Error('could not create the test option')
    const values = await db
      .insert(productOptionValues)
      .values(
        option.values.map(([label, priceDelta], valuePosition) => ({
          optionId: created.id,
          label,
          priceDelta,
          position: valuePosition,
        })),
      )
      .returning({ id: productOptionValues.id, label: productOptionValues.label })
    options.push({ id: created.id, name: option.name, values })
  }
  return { ...product, options }
}

/**
 * The tests' sofa: Fabric (Emerald velvet +0, Beige linen +`linenDelta`) and Size (3-seater +0,
 * 2-seater −30,000) on a price of 245,000; `choice(fabricAt, sizeAt)` is the cart's options object.
 */
export async function insertSofa(
  db: Db,
  spec: { name?: string; stock?: number; leadTimeDays?: number; linenDelta?: string } = {},
) {
  const sofa = await insertProduct(db, {
    name: spec.name ?? 'Chesterfield Sofa',
    price: '245000.00',
    stock: spec.stock ?? 10,
    leadTimeDays: spec.leadTimeDays ?? 0,
    options: [
      {
        name: 'Fabric',
        values: [
          ['Emerald velvet', '0.00'],
          ['Beige linen', spec.linenDelta ?? '4000.00'],
        ],
      },
      {
        name: 'Size',
        values: [
          ['3-seater', '0.00'],
          ['2-seater', '-30000.00'],
        ],
      },
    ],
  })
  const [fabric, size] = sofa.options
  if (!fabric || !size) throw new Error('the sofa was made without its options')
  const choice = (fabricAt: number, sizeAt: number) => ({
    [fabric.id]: fabric.values[fabricAt]?.id ?? 0,
    [size.id]: size.values[sizeAt]?.id ?? 0,
  })
  return { ...sofa, fabric, size, choice }
}
