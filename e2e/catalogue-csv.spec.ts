import { readFileSync, writeFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import type { Product } from '@store/contract'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { bearer, logIn } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e4)}`

const staffToken = async (page: Page) => {
  const login = await page.request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

async function createProduct(page: Page, name: string, price: string) {
  const created = await page.request.post('/api/products/', {
    headers: bearer(await staffToken(page)),
    multipart: { name, description: 'Made for the CSV journey.', category: 'Chairs', price, stock: '3' },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as Product
}

test('staff export the catalogue, change two prices and add a product in the file, check it, fix it and import it', async ({
  page,
  browser,
}, testInfo) => {
  const id = unique()
  const chair = await createProduct(page, `CSV Chair ${id}`, '12000')
  const stool = await createProduct(page, `CSV Stool ${id}`, '4500')
  const staff = await browser.newPage()
  await logIn(staff, STAFF)
  await staff.goto('/adminuser/products')

  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
  const exported = readFileSync(await download.path(), 'utf8')
  expect(exported.startsWith('\uFEFF')).toBe(true)
  const rows: string[][] = parse(exported, { bom: true })
  const header = rows[0] ?? []
  const at = (name: string) => header.indexOf(name)
  const rowOf = (sku: string) => rows.find((row) => row[0] === sku) ?? []
  rowOf(chair.sku)[at('price')] = '13500'
  rowOf(stool.sku)[at('price')] = '4999'
  const added = header.map(() => '')
  added[at('sku')] = `CSV-NEW-${id}`
  added[at('name')] = `CSV Bench ${id}`
  added[at('name_ur')] = 'بینچ'
  added[at('description')] = 'A bench loaded from a spreadsheet.'
  added[at('category')] = 'Chairs'
  added[at('price')] = '21000'
  const broken = [...added]
  broken[at('sku')] = `CSV-BAD-${id}`
  broken[at('price')] = 'twenty'
  const withProblem = [...rows, added, broken]
  const brokenRow = withProblem.length

  const file = testInfo.outputPath('catalogue.csv')
  writeFileSync(file, `\uFEFF${stringify(withProblem)}`)
  await staff.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = staff.getByRole('dialog', { name: 'Import products from CSV' })
  await dialog.getByLabel('CSV file').setInputFiles(file)
  await dialog.getByRole('button', { name: 'Check file' }).click()
  const problems = dialog.getByRole('table', { name: 'Problems in the file' })
  await expect(problems.getByRole('row').filter({ hasText: 'price' })).toContainText(String(brokenRow))
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 })
    await dialog.screenshot({ path: testInfo.outputPath(`import-problem-${width}.png`) })
  }
  await staff.setViewportSize({ width: 1280, height: 900 })

  // Fixed in the spreadsheet and saved again: the browser sends a file as it was when it was chosen, so it is chosen again.
  const fixed = testInfo.outputPath('catalogue-fixed.csv')
  writeFileSync(fixed, `\uFEFF${stringify([...rows, added])}`)
  await dialog.getByLabel('CSV file').setInputFiles(fixed)
  await dialog.getByRole('button', { name: 'Check file' }).click()
  await expect(dialog.getByRole('status')).toContainText('1 new product, 2 products changed')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(staff.getByText('Import finished: 1 new, 2 changed.')).toBeVisible()
  await expect(dialog).toBeHidden()

  const list = staff.getByRole('table')
  await expect(list.getByRole('row').filter({ hasText: `CSV Bench ${id}` })).toContainText('21,000')
  await expect(list.getByRole('row').filter({ hasText: `CSV Chair ${id}` })).toContainText('13,500')
  await expect(list.getByRole('row').filter({ hasText: `CSV Stool ${id}` })).toContainText('4,999')
  await staff.screenshot({ path: testInfo.outputPath('products-after-import-1280.png') })
})
