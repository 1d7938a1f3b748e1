import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  apiAddress,
  type LanguageCode,
  type OrderDocument,
  paths,
  type StoreDetailsBody,
} from '@store/contract'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder, insertPayment } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { auditLog, documents, orderItems, orders, products, storeDetails } from '../../db/schema'
import { fromPaisa, toPaisa } from '../../lib/money'
import { fiscalYearOf } from './numbering'

/** docs/api.md "Papers and data": the store's details, and an order's invoice, credit notes and challans. */
let context: TestContext
let owner: TestUser
let customer: TestUser
let scratch: string
const STORE: StoreDetailsBody = {
  legal_name: 'Comfort Living (Pvt) Ltd',
  address: '45 Ferozepur Road\nLahore',
  phone: '042 3575 0000',
  ntn: '1234567-8',
  strn: '3277876123456',
  sales_tax_percent: '18',
  footer: 'Goods once delivered are exchanged within 7 days.',
  invoice_on: 'confirmed',
}

beforeAll(async () => {
  context = await createTestApp()
  owner = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
  scratch = mkdtempSync(path.join(tmpdir(), 'papers-'))
  const saved = await callRoute(context.app, paths.documents.updateStoreDetails, { body: STORE, user: owner })
  expect(saved.status).toBe(200)
})
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true })
  await context.close()
})

/** An order of one dining table, and a delivery fee when told: the invoice's second line. */
async function order(total = '118000.00', deliveryFee = '0.00') {
  const price = fromPaisa(toPaisa(total) - toPaisa(deliveryFee))
  const product = await insertProduct(context.database.db, { price, name: 'Sheesham dining table' })
  await context.database.db
    .update(products)
    .set({ nameUr: 'شیشم کی کھانے کی میز' })
    .where(eq(products.id, product.id))
  const id = await insertOrder(context.database.db, customer.id, product, {
    paymentMethod: 'cod',
    totalPrice: total,
    deliveryFee,
  })
  await context.database.db
    .update(orderItems)
    .set({ productNameUr: 'شیشم کی کھانے کی میز', options: [{ name: 'Finish', value: 'Walnut' }] })
    .where(eq(orderItems.orderId, id))
  return { id, productId: product.id }
}

const confirm = (orderId: number, app: FastifyInstance = context.app, status = 'Processing' as const) =>
  callRoute(app, paths.orders.updateOrder, { params: { id: orderId }, body: { status }, user: owner })

async function papers(orderId: number, user: TestUser | null = customer, lang: LanguageCode = 'en') {
  const answer = await callRoute(context.app, paths.documents.listOrderDocuments, {
    params: { id: orderId },
    query: { lang },
    user,
  })
  return answer
}

const listOf = async (orderId: number) => {
  const answer = await papers(orderId, owner)
  expect(answer.status).toBe(200)
  return answer.body as OrderDocument[]
}

async function pdfOf(paper: OrderDocument, lang: LanguageCode = 'en', user: TestUser | null = customer) {
  return context.app.inject({
    method: 'GET',
    url: apiAddress(
      paths.documents.getDocumentPdf.path,
      { id: paper.order_id, documentId: paper.id },
      { lang },
    ),
    headers: user?.headers ?? {},
  })
}

function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(scratch, `${name}.pdf`)
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-']).toString()
}

/** The .eml the worker wrote (no SMTP in tests) holding `text`, within a few seconds. */
async function sentMailWith(text: string): Promise<string> {
  const folder = path.join(context.mediaDir, 'mail')
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = existsSync(folder) ? readdirSync(folder) : []
    for (const file of files) {
      const content = readFileSync(path.join(folder, file), 'utf8')
      if (content.includes(text)) return content
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No mail with ${text}`)
}

describe('store details', () => {
  it('are read back as saved, audited, and refuse bad input with nothing changed', async () => {
    const read = await callRoute(context.app, paths.documents.getStoreDetails, { user: owner })
    expect(read.body).toMatchObject({ legal_name: STORE.legal_name, sales_tax_percent: '18', logo_url: null })
    const audits = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'store_details'))
    expect(audits.length).toBeGreaterThan(0)

    const bad = await callRoute(context.app, paths.documents.updateStoreDetails, {
      body: { ...STORE, sales_tax_percent: '140', legal_name: '' },
      user: owner,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.detail).toBeTruthy()
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['sales_tax_percent', 'legal_name']),
    )
    const [row] = await context.database.db.select().from(storeDetails)
    expect(row?.legalName).toBe(STORE.legal_name)
    expect(row?.salesTaxPercent).toBe('18.00')

    const customerTry = await callRoute(context.app, paths.documents.getStoreDetails, { user: customer })
    expect(customerTry.status).toBe(403)
  })

  it('take a logo checked by its content, and print without one again', async () => {
    const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#7a4b2a' } })
      .png()
      .toBuffer()
    const notImage = await callRoute(context.app, paths.documents.uploadStoreLogo, {
      files: [{ bytes: Buffer.from('not an image at all'), type: 'image/png', name: 'logo.png' }],
      fileField: 'logo',
      user: owner,
    } as never)
    expect(notImage.status).toBe(415)
    const uploaded = await callRoute(context.app, paths.documents.uploadStoreLogo, {
      files: [{ bytes: png, type: 'image/png', name: 'logo.png' }],
      fileField: 'logo',
      user: owner,
    } as never)
    expect(uploaded.status).toBe(200)
    expect(uploaded.body.logo_url).toMatch(/\/media\/store\/logo-.*\.png$/)
    const removed = await callRoute(context.app, paths.documents.deleteStoreLogo, { user: owner })
    expect(removed.body.logo_url).toBeNull()
    const again = await callRoute(context.app, paths.documents.uploadStoreLogo, {
      files: [{ bytes: png, type: 'image/png', name: 'logo.png' }],
      fileField: 'logo',
      user: owner,
    } as never)
    expect(again.status).toBe(200)
  })
})

describe('papers', () => {
  it('number by fiscal year in Asia/Karachi, July to June', () => {
    expect(fiscalYearOf(new Date('2026-06-30T18:59:59Z'))).toBe('2025-26')
    expect(fiscalYearOf(new Date('2026-06-30T19:00:00Z'))).toBe('2026-27')
    expect(fiscalYearOf(new Date('2027-01-15T00:00:00Z'))).toBe('2026-27')
  })

  it('issue one invoice when staff confirm, with the included tax, and a PDF with its number and totals', async () => {
    const { id } = await order('118000.00', '1500.00')
    expect((await listOf(id)).length).toBe(0)
    expect((await confirm(id)).status).toBe(200)
    await confirm(id, context.app, 'Shipped' as never)
    const [invoice, ...rest] = await listOf(id)
    expect(rest).toEqual([])
    expect(invoice).toMatchObject({
      kind: 'invoice',
      total: '118000.00',
      tax_total: '18000.00',
      against: null,
    })
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{2}-\d{6}$/)
    expect(invoice?.lines).toMatchObject([
      { name: 'Sheesham dining table', quantity: 1, total: '116500.00' },
      { name: 'Delivery', quantity: 1, total: '1500.00' },
    ])

    const pdf = await pdfOf(invoice as OrderDocument)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toContain(`${invoice?.number}.pdf`)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(pdf.rawPayload, 'invoice')
    expect(text).toContain(invoice?.number)
    expect(text).toContain('PKR 118,000')
    expect(text).toContain('PKR 18,000')
    expect(text).toContain('NTN: 1234567-8')
    expect(text).toContain('Walnut')

    // The confirmation mail carries the invoice, as the customer downloads it.
    const mail = await sentMailWith(`${invoice?.number}.pdf`)
    expect(mail).toContain('Content-Type: application/pdf')
  })

  it('are not shown to another customer (404) nor to nobody (401)', async () => {
    const { id } = await order()
    await confirm(id)
    const [invoice] = await listOf(id)
    const stranger = await createTestUser(context)
    expect((await papers(id, stranger)).status).toBe(404)
    expect((await papers(id, null)).status).toBe(401)
    expect((await pdfOf(invoice as OrderDocument, 'en', stranger)).statusCode).toBe(404)
    expect((await pdfOf(invoice as OrderDocument, 'en', null)).statusCode).toBe(401)
    // Nor through the media route, where the rendered file is kept.
    await pdfOf(invoice as OrderDocument)
    const [row] = await context.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, invoice?.id ?? 0))
    const media = await context.app.inject({ method: 'GET', url: `/media/${row?.pdfKeyEn}` })
    expect(media.statusCode).toBe(404)
  })

  it('never change: later store details and prices leave the paper and its PDF bytes as issued', async () => {
    const { id, productId } = await order('59000.00')
    await confirm(id)
    const [invoice] = await listOf(id)
    const first = await pdfOf(invoice as OrderDocument)
    await callRoute(context.app, paths.documents.updateStoreDetails, {
      body: { ...STORE, legal_name: 'Another name', sales_tax_percent: '5' },
      user: owner,
    })
    await context.database.db
      .update(products)
      .set({ price: '1.00', name: 'Renamed' })
      .where(eq(products.id, productId))
    const [after] = await listOf(id)
    expect(after).toEqual(invoice)
    const second = await pdfOf(invoice as OrderDocument)
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0)
    expect(pdfText(second.rawPayload, 'again')).toContain(STORE.legal_name)
    await callRoute(context.app, paths.documents.updateStoreDetails, { body: STORE, user: owner })
  })

  it('credit a confirmed refund, and on cancelling credit what the invoice billed and no more', async () => {
    const { id } = await order('100000.00')
    await insertPayment(context.database.db, id, { amount: '30000.00', method: 'cash' })
    await confirm(id)
    const refund = await callRoute(context.app, paths.payments.recordPayment, {
      params: { id },
      body: { kind: 'refund', method: 'cash', amount: '10000.00', status: 'confirmed' },
      user: owner,
    })
    expect(refund.status).toBe(201)
    await confirm(id, context.app, 'Cancelled' as never)
    const list = await listOf(id)
    const [invoice, refundNote, cancelNote] = list
    expect(list.map((paper) => paper.kind)).toEqual(['invoice', 'credit_note', 'credit_note'])
    expect(refundNote).toMatchObject({ against: invoice?.number, total: '10000.00' })
    expect(cancelNote).toMatchObject({ against: invoice?.number, total: '90000.00' })
    expect(refundNote?.number).toMatch(/^CN-/)
    // The rest of the money paid back after the cancel is credited already.
    await callRoute(context.app, paths.payments.recordPayment, {
      params: { id },
      body: { kind: 'refund', method: 'cash', amount: '20000.00', status: 'confirmed' },
      user: owner,
    })
    expect((await listOf(id)).length).toBe(3)
  })

  it('credit no invoiced money for a refund of what was paid beyond the total', async () => {
    const { id } = await order('100000.00')
    await insertPayment(context.database.db, id, {
      amount: '110000.00',
      method: 'cash',
      overTotalAllowed: true,
    })
    await confirm(id)
    const refund = (amount: string) =>
      callRoute(context.app, paths.payments.recordPayment, {
        params: { id },
        body: { kind: 'refund', method: 'cash', amount, status: 'confirmed' },
        user: owner,
      })
    expect((await refund('10000.00')).status).toBe(201)
    expect((await listOf(id)).map((paper) => paper.kind)).toEqual(['invoice'])
    expect((await refund('5000.00')).status).toBe(201)
    const [, note] = await listOf(id)
    expect(note).toMatchObject({ kind: 'credit_note', total: '5000.00' })
  })

  it('invoice an order reopened past Pending once; an invoiced one cancelled stays cancelled (409)', async () => {
    const never = await order('50000.00')
    await confirm(never.id, context.app, 'Cancelled' as never)
    expect(await listOf(never.id)).toEqual([])
    expect((await confirm(never.id)).status).toBe(200)
    expect((await listOf(never.id)).map((paper) => paper.kind)).toEqual(['invoice'])

    await confirm(never.id, context.app, 'Cancelled' as never)
    const reopened = await confirm(never.id)
    expect(reopened.status).toBe(409)
    expect(reopened.body.detail).toContain('place a new order instead')
    const [row] = await context.database.db.select().from(orders).where(eq(orders.id, never.id))
    expect(row?.status).toBe('Cancelled')
    expect((await listOf(never.id)).map((paper) => paper.kind)).toEqual(['invoice', 'credit_note'])
  })

  it('invoice on full payment when the store says so', async () => {
    await callRoute(context.app, paths.documents.updateStoreDetails, {
      body: { ...STORE, invoice_on: 'paid' },
      user: owner,
    })
    const { id } = await order('50000.00')
    await confirm(id)
    expect((await listOf(id)).length).toBe(0)
    const paid = await callRoute(context.app, paths.payments.recordPayment, {
      params: { id },
      body: { kind: 'payment', method: 'cash', amount: '50000.00', status: 'confirmed' },
      user: owner,
    })
    expect(paid.status).toBe(201)
    expect((await listOf(id)).map((paper) => paper.kind)).toEqual(['invoice'])
    await callRoute(context.app, paths.documents.updateStoreDetails, { body: STORE, user: owner })
  })

  it('number without gaps or repeats when two servers confirm many orders at once', async () => {
    const other = await context.secondApp()
    const ids = await Promise.all(Array.from({ length: 16 }, () => order('10000.00').then((made) => made.id)))
    const answers = await Promise.all(ids.map((id, index) => confirm(id, index % 2 ? other : context.app)))
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200))
    const rows = await context.database.db.select().from(documents).where(eq(documents.kind, 'invoice'))
    const sequences = rows.map((row) => row.sequence).sort((a, b) => a - b)
    expect(sequences).toEqual(sequences.map((_, index) => index + 1))
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(rows.length)
  })

  it('give a delivery challan for each order put on a run, with what to collect at the door', async () => {
    const driver = await createTestUser(context, { role: 'delivery' })
    const { id } = await order('80000.00')
    await insertPayment(context.database.db, id, { amount: '20000.00', method: 'cash' })
    await confirm(id)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date())
    const run = await callRoute(context.app, paths.dispatch.createRun, {
      body: { date: today, vehicle: 'Van LEA-1234', driver_id: driver.id, order_ids: [id] },
      user: owner,
    })
    expect(run.status).toBe(201)
    const challan = (await listOf(id)).find((paper) => paper.kind === 'delivery_challan')
    expect(challan).toMatchObject({ balance_to_collect: '60000.00', total: '80000.00' })
    expect(challan?.number).toMatch(/^DC-/)
    const text = pdfText((await pdfOf(challan as OrderDocument)).rawPayload, 'challan')
    expect(text).toContain('Balance to collect')
    expect(text).toContain('PKR 60,000')
    expect(text).toContain("Customer's signature")
    if (process.env.PAPER_PNG_DIR) {
      writeFileSync(
        path.join(process.env.PAPER_PNG_DIR, 'challan-ur.pdf'),
        (await pdfOf(challan as OrderDocument, 'ur')).rawPayload,
      )
      writeFileSync(
        path.join(process.env.PAPER_PNG_DIR, 'challan-en.pdf'),
        (await pdfOf(challan as OrderDocument)).rawPayload,
      )
    }
  })

  it('render in Urdu, right to left, shaped (pdftoppm draws it)', async () => {
    const { id } = await order('236000.00')
    await confirm(id)
    const [invoice] = await listOf(id)
    const urdu = await papers(id, customer, 'ur')
    expect((urdu.body as OrderDocument[])[0]?.lines[0]?.name).toBe('شیشم کی کھانے کی میز')
    const pdf = await pdfOf(invoice as OrderDocument, 'ur')
    expect(pdf.statusCode).toBe(200)
    const file = path.join(process.env.PAPER_PNG_DIR ?? scratch, 'urdu.pdf')
    writeFileSync(file, pdf.rawPayload)
    const out = path.join(process.env.PAPER_PNG_DIR ?? scratch, 'urdu-invoice')
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, out])
    expect(statSync(`${out}.png`).size).toBeGreaterThan(10_000)
    expect(readdirSync(path.dirname(out)).some((name) => name.startsWith('urdu-invoice'))).toBe(true)
  })
})
