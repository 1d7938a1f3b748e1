import { existsSync } from 'node:fs'
import path from 'node:path'
import { unitPricePaisa } from '@store/contract'
import { and, countDistinct, eq, lte, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/harness'
import {
  bankAccount,
  categories,
  coupons,
  deliveryZones,
  documents,
  orders,
  productImages,
  productOptions,
  products,
  storeDetails,
} from '../db/schema'
import { seedDemo } from './demo'

let context: TestContext

beforeAll(async () => {
  context = await createTestApp()
  await seedDemo(context.database, context.app.storage)
})

afterAll(async () => {
  await context?.close()
})

describe('seedDemo', () => {
  it('fills at least 40 products over at least 8 categories', async () => {
    const { db } = context.database
    const [catalogue] = await db
      .select({ products: countDistinct(products.id), categories: countDistinct(products.categoryId) })
      .from(products)
    expect(catalogue?.products).toBeGreaterThanOrEqual(40)
    expect(catalogue?.categories).toBeGreaterThanOrEqual(8)
    expect((await db.select().from(products).where(eq(products.stock, 0))).length).toBeGreaterThan(0)
    expect((await db.select().from(products).where(lte(products.stock, 10))).length).toBeGreaterThan(5)
  })

  it('names every category and most products in Urdu, a few left English-only', async () => {
    const { db } = context.database
    const rows = await db
      .select({ nameUr: products.nameUr, descriptionUr: products.descriptionUr })
      .from(products)
    const inUrdu = rows.filter(
      (row) => /[\u0600-\u06FF]/.test(row.nameUr) && /[\u0600-\u06FF]/.test(row.descriptionUr),
    )
    expect(inUrdu.length).toBeGreaterThanOrEqual(rows.length * 0.75)
    expect(inUrdu.length).toBeLessThan(rows.length)
    const names = await db.select({ name: categories.name, nameUr: categories.nameUr }).from(categories)
    expect(names.length).toBeGreaterThanOrEqual(9)
    for (const category of names) expect(category.nameUr, category.name).toMatch(/^[\u0600-\u06FF ]+$/)
  })

  it('gives a third of the products options, every one its details, and a few a lead time', async () => {
    const { db } = context.database
    const rows = await db
      .select({
        id: products.id,
        stock: products.stock,
        leadTimeDays: products.leadTimeDays,
        widthCm: products.widthCm,
        weightKg: products.weightKg,
        material: products.material,
        colour: products.colour,
      })
      .from(products)
    const withOptions = await db.selectDistinct({ productId: productOptions.productId }).from(productOptions)
    expect(withOptions.length * 3).toBeGreaterThanOrEqual(rows.length)
    for (const row of rows) {
      expect(row).toMatchObject({
        widthCm: expect.any(Number),
        weightKg: expect.any(Number),
        material: expect.any(String),
        colour: expect.any(String),
      })
    }
    const madeToOrder = rows.filter((row) => row.leadTimeDays > 0)
    expect(madeToOrder.length).toBeGreaterThanOrEqual(3)
    for (const row of madeToOrder) expect(row.leadTimeDays).toBeGreaterThanOrEqual(14)
    expect(madeToOrder.some((row) => row.stock === 0)).toBe(true)
  })

  it('prices the Chesterfield Sofa in beige linen as a 3-seater at PKR 249,000', async () => {
    const list = await context.app.inject({ method: 'GET', url: '/api/products/?search=chesterfield' })
    const sofa = list.json().results[0]
    expect(sofa.name).toBe('Chesterfield Sofa')
    const choices: Record<string, number> = {}
    for (const option of sofa.options as { id: number; values: { id: number; label: string }[] }[]) {
      const value = option.values.find((each) => ['Beige linen', '3-seater'].includes(each.label))
      if (value) choices[String(option.id)] = value.id
    }
    expect(unitPricePaisa(sofa.price, sofa.options, choices)).toBe(24_900_000)
  })

  it('gives every product one to three images whose files exist', async () => {
    const { db } = context.database
    const rows = await db.select().from(productImages)
    const perProduct = new Map<number, number>()
    for (const row of rows) perProduct.set(row.productId, (perProduct.get(row.productId) ?? 0) + 1)
    expect(perProduct.size).toBeGreaterThanOrEqual(40)
    expect(Math.max(...perProduct.values())).toBeLessThanOrEqual(3)
    for (const image of rows) {
      expect(image.widths.length).toBeGreaterThan(1)
      for (const width of image.widths) {
        expect(existsSync(path.join(context.mediaDir, `${image.storageKey}-${width}.webp`))).toBe(true)
      }
    }
  })

  it('serves the catalogue through the API, with flash deals and a showcase', async () => {
    const flash = await context.app.inject({ method: 'GET', url: '/api/products/flash-deals/' })
    expect(flash.json().count).toBeGreaterThan(0)
    const showcase = await context.app.inject({ method: 'GET', url: '/api/products/showcase/' })
    expect(showcase.json()).toHaveLength(5)
  })

  it('delivers to ten cities, Quetta without cash on delivery, with a bank account and two coupons', async () => {
    const { db } = context.database
    const zones = await db.select().from(deliveryZones)
    expect(zones.map((zone) => zone.city).sort()).toEqual([
      'Faisalabad',
      'Hyderabad',
      'Islamabad',
      'Karachi',
      'Lahore',
      'Multan',
      'Peshawar',
      'Quetta',
      'Rawalpindi',
      'Sialkot',
    ])
    expect(zones.filter((zone) => !zone.codAvailable).map((zone) => zone.city)).toEqual(['Quetta'])
    expect(await db.select({ iban: bankAccount.iban }).from(bankAccount)).toEqual([
      { iban: 'PK36MEZN0001010104567890' },
    ])
    expect(
      (await db.select({ code: coupons.code }).from(coupons)).map((coupon) => coupon.code).sort(),
    ).toEqual(['FLAT5000', 'WELCOME10'])
  })

  it('gives the store details its papers print, and an invoice to every order confirmed', async () => {
    const { db } = context.database
    const [store] = await db.select().from(storeDetails)
    expect(store).toMatchObject({ legalName: 'Comfort Furniture (Pvt) Ltd', salesTaxPercent: '18.00' })
    const confirmed = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(ne(orders.status, 'Pending'), ne(orders.status, 'Cancelled')))
    const invoiced = await db
      .select({ orderId: documents.orderId })
      .from(documents)
      .where(eq(documents.kind, 'invoice'))
    expect(confirmed.length).toBeGreaterThan(0)
    expect(new Set(invoiced.map((row) => row.orderId))).toEqual(new Set(confirmed.map((row) => row.id)))
  })
})
