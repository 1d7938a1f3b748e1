import { randomBytes } from 'node:crypto'
import { paths } from '@store/contract'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder, insertPayment } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { queryRows } from '../../db/client'
import { auditLog, categories, locations, products, stockMovements } from '../../db/schema'
import { guardCell, unguardCell } from '../../lib/csv'

/** docs/api.md "Papers and data": CSV exports, and products loaded back from the same file. */
let context: TestContext
let keeper: TestUser
let clerk: TestUser
let customer: TestUser
beforeAll(async () => {
  context = await createTestApp()
  keeper = await createTestUser(context, { role: 'catalogue' })
  clerk = await createTestUser(context, { role: 'orders' })
  customer = await createTestUser(context)
  const { db } = context.database
  await db.insert(locations).values({ name: 'Gulberg Showroom', kind: 'showroom', city: 'Lahore' })
  await db.insert(categories).values({ name: 'Sofas', nameUr: 'صوفے' }).onConflictDoNothing()
  await insertProduct(db, {
    name: 'Chesterfield Sofa',
    nameUr: 'چیسٹر فیلڈ صوفہ',
    descriptionUr: 'مخمل کا تین نشستوں والا صوفہ۔',
    price: '245000.00',
    stock: 4,
    options: [
      {
        name: 'Fabric',
        values: [
          ['Emerald velvet', '0.00'],
          ['Beige linen', '-15000.00'],
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
  // Texts a spreadsheet would run as formulas.
  await insertProduct(db, { name: '=HYPERLINK("http://example.com","Click")', price: '5000.00', stock: 0 })
  await insertProduct(db, { name: "'@already quoted", price: '100.50', stock: 2 })
})
afterAll(() => context.close())

const BOM = '\uFEFF'

async function exportProducts(user: TestUser = keeper) {
  const answer = await callRoute(context.app, paths.dataTransfer.exportProducts, { user })
  return { ...answer, text: String(answer.body) }
}

/** A CSV text as rows of cells (the byte order mark taken off, as a spreadsheet does). */
const rowsOf = (text: string): string[][] => parse(text, { bom: true })
const fileOf = (rows: string[][], bom = true) => Buffer.from((bom ? BOM : '') + stringify(rows))

const importFile = (
  bytes: Buffer,
  dryRun = false,
  user: TestUser = keeper,
  headers?: Record<string, string>,
) =>
  callRoute(context.app, paths.dataTransfer.importProducts, {
    ...(dryRun && { query: { dry_run: 'true' } }),
    ...(headers && { headers }),
    files: [{ name: 'products.csv', type: 'text/csv', bytes }],
    fileField: 'file',
    user,
  })

/** Everything an import may change: products, options, stock, the ledger and the audit log. */
async function catalogueState() {
  const { db } = context.database
  return {
    products: await queryRows(
      db,
      sql`select id, sku, name, name_ur, description, description_ur, category_id, price::text, stock,
        is_featured, is_on_sale, width_cm::text, material, colour, lead_time_days, advance_percent, updated_at
        from products order by id`,
    ),
    options: await queryRows(
      db,
      sql`select o.id, o.product_id, o.name, o.position, v.id as value_id, v.label, v.price_delta::text, v.position as value_position
        from product_options o join product_option_values v on v.option_id = o.id order by v.id`,
    ),
    levels: await queryRows(db, sql`select * from stock_levels order by product_id, location_id`),
    movements: await queryRows(db, sql`select count(*)::int as n from stock_movements`),
    audit: await queryRows(db, sql`select count(*)::int as n from audit_log`),
  }
}

const column = (rows: string[][], name: string) => rows[0]?.indexOf(name) ?? -1

describe('product export', () => {
  it('streams every product as CSV with a byte order mark, options, Urdu and stock by location', async () => {
    const answer = await exportProducts()
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(answer.text.startsWith(BOM)).toBe(true)
    const rows = rowsOf(answer.text)
    expect(rows[0]).toEqual(
      expect.arrayContaining(['sku', 'name', 'name_ur', 'options', 'stock: Gulberg Showroom']),
    )
    const sofa = rows.find((row) => row[column(rows, 'name')] === 'Chesterfield Sofa')
    expect(sofa?.[column(rows, 'name_ur')]).toBe('چیسٹر فیلڈ صوفہ')
    expect(sofa?.[column(rows, 'category')]).toBe('Test furniture')
    expect(JSON.parse(sofa?.[column(rows, 'options')] ?? '')).toEqual([
      {
        name: 'Fabric',
        values: [
          { label: 'Emerald velvet', price_delta: '0.00' },
          { label: 'Beige linen', price_delta: '-15000.00' },
        ],
      },
      {
        name: 'Size',
        values: [
          { label: '3-seater', price_delta: '0.00' },
          { label: '2-seater', price_delta: '-30000.00' },
        ],
      },
    ])
    // The product form's stock went to the first location.
    expect(sofa?.[column(rows, 'stock: Gulberg Showroom')]).toBe('0')
    expect(sofa?.[(rows[0]?.length ?? 0) - 2]).toBe('4')
  })

  it('writes a formula-looking text behind an apostrophe, and reads it back as it was', async () => {
    const rows = rowsOf((await exportProducts()).text)
    const names = rows.map((row) => row[column(rows, 'name')])
    expect(names).toContain(`'=HYPERLINK("http://example.com","Click")`)
    expect(names).toContain("''@already quoted")
    expect(names).not.toContain('=HYPERLINK("http://example.com","Click")')
    for (const text of [
      '=1+2',
      '+92 300',
      '-5',
      '@SUM(A1)',
      '\tx',
      '\r=x',
      "'=x",
      "''-x",
      "it's",
      'plain',
      '',
    ]) {
      expect(unguardCell(String(guardCell(text)))).toBe(text)
    }
    expect(guardCell(-5)).toBe(-5)
  })

  it('is for staff with the catalogue permission', async () => {
    expect((await exportProducts(customer)).status).toBe(403)
    expect((await exportProducts(clerk)).status).toBe(403)
  })
})

describe('product import', () => {
  it('changes nothing when the export is imported again (Urdu texts and options included)', async () => {
    const before = await catalogueState()
    const exported = (await exportProducts()).text
    const answer = await importFile(Buffer.from(exported, 'utf8'))
    expect(answer.body).toEqual({ created: 0, updated: 0, errors: [] })
    expect(await catalogueState()).toEqual(before)
  })

  it('creates and updates products by sku, options, Urdu and stock by location through the ledger', async () => {
    const rows = rowsOf((await exportProducts()).text)
    const header = rows[0] ?? []
    const sofa = rows.find((row) => row[column(rows, 'name')] === 'Chesterfield Sofa') ?? []
    const sofaSku = sofa[0] ?? ''
    sofa[column(rows, 'price')] = '239000'
    sofa[column(rows, 'stock: Gulberg Showroom')] = '3'
    const fresh = header.map(() => '')
    const set = (name: string, value: string) => {
      fresh[column(rows, name)] = value
    }
    set('sku', 'CL-OTT-01')
    set('name', 'Velvet Ottoman')
    set('name_ur', 'مخملی اوٹومن')
    set('description', 'A round footstool.')
    set('description_ur', 'گول پاؤں رکھنے کی چوکی۔')
    set('category', 'صوفے')
    set('price', '18500.00')
    set(
      'options',
      JSON.stringify([
        {
          name: 'Colour',
          values: [
            { label: 'Teal', price_delta: '0' },
            { label: 'Rust', price_delta: '1500' },
          ],
        },
      ]),
    )
    set('is_featured', 'TRUE')
    set('lead_time_days', '0')
    set('stock: Gulberg Showroom', '5')
    fresh[header.length - 2] = '2'
    const auditBefore = (
      await queryRows<{ n: number }>(context.database.db, sql`select count(*)::int as n from audit_log`)
    )[0]?.n

    const answer = await importFile(fileOf([header, sofa, fresh]))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ created: 1, updated: 1, errors: [] })

    const { db } = context.database
    const [ottoman] = await db.select().from(products).where(eq(products.sku, 'CL-OTT-01'))
    expect(ottoman).toMatchObject({
      name: 'Velvet Ottoman',
      nameUr: 'مخملی اوٹومن',
      price: '18500.00',
      stock: 7,
      isFeatured: true,
    })
    const detail = await callRoute(context.app, paths.catalog.getProduct, {
      params: { id: ottoman?.id ?? 0 },
    })
    expect(detail.body.sku).toBe('CL-OTT-01')
    expect(detail.body.category).toBe('Sofas')
    expect(
      detail.body.options.map((option) => [
        option.name,
        option.values.map((value) => [value.label, value.price_delta]),
      ]),
    ).toEqual([
      [
        'Colour',
        [
          ['Teal', '0.00'],
          ['Rust', '1500.00'],
        ],
      ],
    ])
    const [updated] = await db.select().from(products).where(eq(products.sku, sofaSku))
    expect(updated).toMatchObject({ price: '239000.00', stock: 7 })
    const moves = await db
      .select({
        productId: stockMovements.productId,
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        note: stockMovements.note,
      })
      .from(stockMovements)
      .where(eq(stockMovements.note, 'CSV import'))
    expect(moves).toEqual(
      expect.arrayContaining([
        { productId: updated?.id, delta: 3, reason: 'count', note: 'CSV import' },
        { productId: ottoman?.id, delta: 5, reason: 'opening', note: 'CSV import' },
        { productId: ottoman?.id, delta: 2, reason: 'opening', note: 'CSV import' },
      ]),
    )
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'product.import'))
    expect(entries).toHaveLength(1)
    expect(entries[0]?.after).toMatchObject({ created: ['CL-OTT-01'], updated: [sofaSku] })
    const auditAfter = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`))[0]
      ?.n
    expect(auditAfter).toBe((auditBefore ?? 0) + 1)
  })

  it('only checks on a dry run, and applies nothing when one row is wrong', async () => {
    const rows = rowsOf((await exportProducts()).text)
    const header = rows[0] ?? []
    const [, first, second] = rows
    if (!first || !second) throw new Error('two products expected')
    first[column(rows, 'price')] = '250000'
    const before = await catalogueState()

    const dry = await importFile(fileOf([header, first, second]), true)
    expect(dry.body).toEqual({ created: 0, updated: 1, errors: [] })
    expect(await catalogueState()).toEqual(before)

    second[column(rows, 'price')] = 'twelve'
    const wrong = [header, first, second]
    for (const dryRun of [true, false]) {
      const answer = await importFile(fileOf(wrong), dryRun)
      expect(answer.status).toBe(200)
      expect(answer.body.errors).toEqual([
        { row: 3, column: 'price', message: expect.stringMatching(/price|amount/i) },
      ])
      expect(await catalogueState()).toEqual(before)
    }
  })

  it('names the row and column of each problem', async () => {
    const rows = rowsOf((await exportProducts()).text)
    const header = rows[0] ?? []
    const blank = () => header.map(() => '')
    const named = (fields: Record<string, string>) => {
      const row = blank()
      for (const [name, value] of Object.entries(fields)) row[column(rows, name)] = value
      return row
    }
    const base = { name: 'Stool', description: 'Three legs.', category: 'Sofas', price: '900' }
    const answer = await importFile(
      fileOf([
        header,
        named({ ...base, sku: 'ST-1', category: 'Spaceships' }),
        named({ ...base, sku: 'ST-2', options: '{not json' }),
        named({ ...base, sku: 'ST-1' }),
        named({ ...base, sku: 'ST-3', 'stock: Gulberg Showroom': '-2' }),
        named({ ...base, sku: 'ST 4' }),
        named({ ...base, sku: 'ST-5', is_on_sale: 'maybe' }),
      ]),
      true,
    )
    expect(answer.body.errors).toEqual([
      { row: 2, column: 'category', message: 'There is no category named "Spaceships".' },
      { row: 3, column: 'options', message: 'Options must be JSON.' },
      { row: 4, column: 'sku', message: 'The code ST-1 is also on row 2.' },
      { row: 5, column: 'stock: Gulberg Showroom', message: 'Stock is a whole number from 0 to 1,000,000.' },
      {
        row: 6,
        column: 'sku',
        message: 'A code (SKU) is 1 to 40 letters, digits, dots, dashes or underscores.',
      },
      { row: 7, column: 'is_on_sale', message: 'Write true or false.' },
    ])
    const inUrdu = await importFile(
      fileOf([header, named({ ...base, sku: 'ST-9', is_on_sale: 'maybe' })]),
      true,
      keeper,
      {
        'accept-language': 'ur',
      },
    )
    expect(inUrdu.body.errors).toEqual([{ row: 2, column: 'is_on_sale', message: 'true یا false لکھیں۔' }])
  })

  it('refuses a file it cannot read, with a sentence, changing nothing', async () => {
    const before = await catalogueState()
    const exported = (await exportProducts()).text
    const latin1 = Buffer.from(exported.replace(BOM, '').replace('Chesterfield', 'Chesterfiéld'), 'latin1')
    const cases: [Buffer, number, string][] = [
      [latin1, 400, 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.'],
      [
        fileOf([
          ['sku', 'name', 'description', 'category'],
          ['X-1', 'Chair', 'A chair.', 'Sofas'],
        ]),
        400,
        'The file has no "price" column.',
      ],
      [
        randomBytes(5 * 1024 * 1024),
        400,
        'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
      ],
      [
        Buffer.alloc(5 * 1024 * 1024, 'a,"b\n'),
        400,
        expect.stringMatching(/^The file could not be read as CSV at line \d+\.$/),
      ],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 'x'), 413, 'A product file is at most 5 MB.'],
      [Buffer.from(''), 400, 'The file is empty.'],
      [
        Buffer.from(`sku,name,description,category,price\n${'X-1,Chair,A chair.,Sofas,1\n'.repeat(20_001)}`),
        400,
        'A file holds at most 20,000 products; split it and import each part.',
      ],
    ]
    for (const [bytes, status, detail] of cases) {
      const answer = await importFile(bytes)
      expect(answer.status, String(detail)).toBe(status)
      expect(answer.body.detail).toEqual(detail)
    }
    expect(await catalogueState()).toEqual(before)
  })

  it('lists at most 500 problems, and says there are more', async () => {
    const answer = await importFile(
      Buffer.from(`sku,name,description,category,price\n${'x\n'.repeat(600)}`),
      true,
    )
    expect(answer.status).toBe(200)
    expect(answer.body.errors).toHaveLength(501)
    expect(answer.body.errors.at(-1)).toEqual({
      row: 502,
      column: 'sku',
      message: 'Only the first 500 problems are listed; mend them and check the file again.',
    })
  })

  it('is for staff with the catalogue permission', async () => {
    const file = Buffer.from((await exportProducts()).text)
    expect((await importFile(file, true, customer)).status).toBe(403)
    expect((await importFile(file, true, clerk)).status).toBe(403)
  })
})

describe('the product form’s sku', () => {
  const form = { name: 'Side table', description: 'Walnut.', category: 'Sofas', price: '12000', stock: '1' }
  it('is numbered by the store when left out, kept when given, and unique', async () => {
    const numbered = await callRoute(context.app, paths.catalog.createProduct, { body: form, user: keeper })
    expect(numbered.status).toBe(201)
    expect(numbered.body.sku).toMatch(/^CL-\d{6}$/)
    const named = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...form, sku: 'ST-WAL-9' },
      user: keeper,
    })
    expect(named.body.sku).toBe('ST-WAL-9')
    const typedSmall = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...form, sku: 'st-wal-9' },
      user: keeper,
    })
    expect(typedSmall.status).toBe(409)
    // A code given in the store's own form moves its numbering past it.
    const ahead = `CL-${String(Number(numbered.body.sku.slice(3)) + 5).padStart(6, '0')}`
    const given = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...form, sku: ahead },
      user: keeper,
    })
    expect(given.status).toBe(201)
    const next = await callRoute(context.app, paths.catalog.createProduct, { body: form, user: keeper })
    expect(next.status).toBe(201)
    expect(Number(next.body.sku.slice(3))).toBeGreaterThan(Number(ahead.slice(3)))
    const again = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...form, sku: 'ST-WAL-9' },
      user: keeper,
    })
    expect(again.status).toBe(409)
    expect(again.body.errors?.sku).toEqual(['Another product has the code ST-WAL-9.'])
    const renamed = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: numbered.body.id },
      body: { ...form, sku: 'ST-WAL-9' },
      user: keeper,
    })
    expect(renamed.status).toBe(409)
    const kept = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: numbered.body.id },
      body: form,
      user: keeper,
    })
    expect(kept.body.sku).toBe(numbered.body.sku)
  })
})

describe('order, payment and stock exports', () => {
  it('gives one row per order line with the order list’s filters, the ledger and the stock movements', async () => {
    const { db } = context.database
    const product = await insertProduct(db, { name: 'Teak Bench', price: '=42.00'.slice(1) })
    const orderId = await insertOrder(db, customer.id, {
      id: product.id,
      name: product.name,
      price: product.price,
    })
    const otherId = await insertOrder(
      db,
      customer.id,
      { id: product.id, name: product.name, price: product.price },
      { status: 'Cancelled' },
    )
    await insertPayment(db, orderId, { reference: '-TRX-9' })

    const orders = await callRoute(context.app, paths.dataTransfer.exportOrders, {
      query: { status: 'Pending' },
      user: clerk,
    })
    expect(orders.status).toBe(200)
    expect(String(orders.body).startsWith(BOM)).toBe(true)
    const orderRows = rowsOf(String(orders.body))
    expect(orderRows[0]?.slice(0, 3)).toEqual(['order', 'placed_at', 'status'])
    const ids = orderRows.slice(1).map((row) => Number(row[0]))
    expect(ids).toContain(orderId)
    expect(ids).not.toContain(otherId)
    const line = orderRows.find((row) => Number(row[0]) === orderId)
    expect(line?.[column(orderRows, 'sku')]).toBe(product.sku)
    expect(line?.[column(orderRows, 'line_total')]).toBe('42.00')

    const payments = rowsOf(
      String(
        (
          await callRoute(context.app, paths.dataTransfer.exportPayments, {
            query: { method: 'bank_transfer' },
            user: clerk,
          })
        ).body,
      ),
    )
    const entry = payments.find((row) => Number(row[1]) === orderId)
    expect(entry?.[column(payments, 'amount')]).toBe('42.00')
    expect(entry?.[column(payments, 'reference')]).toBe("'-TRX-9")

    const stock = rowsOf(
      String(
        (
          await callRoute(context.app, paths.dataTransfer.exportStock, {
            query: { product: product.id },
            user: keeper,
          })
        ).body,
      ),
    )
    expect(
      stock
        .slice(1)
        .map((row) => [row[column(stock, 'sku')], row[column(stock, 'reason')], row[column(stock, 'delta')]]),
    ).toEqual([[product.sku, 'opening', '10']])

    expect((await callRoute(context.app, paths.dataTransfer.exportOrders, { user: keeper })).status).toBe(403)
    expect((await callRoute(context.app, paths.dataTransfer.exportPayments, { user: customer })).status).toBe(
      403,
    )
    expect((await callRoute(context.app, paths.dataTransfer.exportStock, { user: clerk })).status).toBe(403)
  })
})
