import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import type { Claim, Order } from '@store/contract'
import { bearer, createCustomer, findProduct, logIn } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

const SHOTS = process.env.CLAIMS_SHOTS ?? '/tmp/claims-shots'
const FIXTURES = path.join(import.meta.dirname, 'fixtures')

/** Two small real photos (PNG and JPEG) and a 1.5-second VP8 WebM recorded by Chromium's MediaRecorder. */
const photo = (name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(path.join(FIXTURES, name)),
})
const ARM = photo('chair-arm.png', 'image/png')
const LEG = photo('chair-leg.jpg', 'image/jpeg')
const VIDEO = photo('unboxing.webm', 'video/webm')

const staffToken = async (request: APIRequestContext) => {
  const login = await request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  return ((await login.json()) as { access: string }).access
}

/** Staff move the order on through the API, as the order page would: confirmed, then delivered and paid. */
async function deliver(request: APIRequestContext, token: string, orderId: number) {
  for (const change of [{ status: 'Processing' }, { status: 'Delivered', payment_status: 'paid' }]) {
    const moved = await request.patch(`/api/orders/${orderId}/`, { headers: bearer(token), data: change })
    expect(moved.ok(), await moved.text()).toBe(true)
  }
}

/** Tomorrow in Pakistan, as the pickup date field takes it. */
const tomorrow = () =>
  new Date(Date.now() + 29 * 3600_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Karachi' })

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true })
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await ready()
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('a damaged chair: photos and a video, approved, picked up, replaced; another refunded by transfer', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const token = await staffToken(page.request)
  const customer = await createCustomer(page.request)
  const chair = await findProduct(page.request, 'Rattan Accent Chair')
  if (!chair) throw new Error('The demo catalogue has no Rattan Accent Chair.')
  const added = await page.request.post('/api/cart/', {
    headers: bearer(customer.token),
    data: { product_id: chair.id, quantity: 2 },
  })
  expect(added.ok()).toBe(true)
  const placed = await page.request.post('/api/orders/', {
    headers: bearer(customer.token),
    data: {
      first_name: 'Ayesha',
      last_name: 'Khan',
      email: customer.email,
      phone: '03001234567',
      address: '12 Canal View Road',
      city: 'Lahore',
      postal_code: '54000',
      payment_method: 'cod',
    },
  })
  expect(placed.status()).toBe(201)
  const order = (await placed.json()) as Order
  await deliver(page.request, token, order.id)

  let claimId = 0
  await test.step('the customer reports the damaged chair with two photos and a video', async () => {
    await logIn(page, customer)
    await page.goto(`/orders/${order.id}`)
    await page
      .getByRole('region', { name: 'Your claims' })
      .getByRole('link', { name: 'Report a problem' })
      .click()
    await expect(
      page.getByRole('heading', { name: `Report a problem with order #${order.id}` }),
    ).toBeVisible()
    await page.getByRole('checkbox', { name: /Rattan Accent Chair/ }).check()
    await page.getByRole('combobox', { name: 'Quantity of Rattan Accent Chair' }).selectOption('1')
    await page.getByRole('radio', { name: 'Damaged' }).check()
    await page.getByLabel('Describe the problem').fill('The left arm of one chair arrived cracked.')
    await page.getByLabel('Add photos').setInputFiles([ARM, LEG])
    await page.getByLabel('Add a video').setInputFiles(VIDEO)
    await page.getByRole('radio', { name: 'A replacement' }).check()
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2)
    await shoot(page, 'claim-form', async () => {
      await expect(page.getByRole('button', { name: 'Send report' })).toBeVisible()
    })
    await page.getByRole('button', { name: 'Send report' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Claim #\d+/ })).toBeVisible()
    claimId = Number(page.url().split('/').pop())
    await expect(page.getByText('Requested', { exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Photos and video' }).getByRole('img')).toHaveCount(2)
  })

  const staff = await browser.newPage()
  await logIn(staff, STAFF)
  await test.step('staff find it in the queue and see the photos and the video in the page', async () => {
    await staff.goto('/adminuser/claims?status=requested')
    await staff.getByRole('link', { name: `Claim #${claimId}` }).click()
    const evidence = staff.getByRole('region', { name: 'Photos and video' })
    const images = evidence.getByRole('img')
    await expect(images).toHaveCount(2)
    for (const image of await images.all()) {
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(160)
    }
    // The video streams from its signed address: the browser reads its start, and a range is answered 206.
    const video = evidence.locator('video')
    const src = await video.getAttribute('src')
    expect(src).toBeTruthy()
    const ranged = await staff.request.get(src ?? '', { headers: { range: 'bytes=0-15' } })
    expect(ranged.status()).toBe(206)
    expect((await ranged.body()).length).toBe(16)
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(1)
    await shoot(staff, 'staff-claim', async () => {
      await expect(staff.getByRole('button', { name: 'Approve' })).toBeVisible()
    })
  })

  await test.step('staff approve, schedule the pickup, mark it received and resolve by a replacement', async () => {
    await staff.getByLabel('Note (the reason, when rejecting)').fill('Clear in the video.')
    await staff.getByRole('button', { name: 'Approve' }).click()
    await staff.getByLabel('Pickup date').fill(tomorrow())
    await staff.getByRole('button', { name: 'Schedule the pickup' }).click()
    await staff.getByRole('button', { name: 'Mark received' }).click()
    await expect(staff.getByLabel('Outcome')).toHaveValue('replace')
    await staff.getByRole('button', { name: 'Resolve' }).click()
    const outcome = staff.getByRole('region', { name: 'Outcome' })
    await expect(outcome.getByRole('link', { name: /Replacement order #\d+/ })).toBeVisible()
    const timeline = staff.getByRole('region', { name: 'Claim timeline' })
    await expect(timeline.getByRole('listitem')).toHaveCount(5)
    await expect(timeline).toContainText('Clear in the video.')
  })

  await test.step('the customer sees the timeline, the pickup day and the replacement order', async () => {
    await page.reload()
    await expect(page.getByText('Resolved', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Claim timeline' })).toContainText('Pickup day:')
    await page
      .getByRole('region', { name: 'Outcome' })
      .getByRole('link', { name: /Replacement order #\d+/ })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: /Order #\d+/ })).toBeVisible()
  })

  await test.step('another claim, on the second chair, is refunded by bank transfer', async () => {
    const sent = await page.request.post(`/api/orders/${order.id}/claims/`, {
      headers: bearer(customer.token),
      multipart: {
        lines: JSON.stringify([{ order_item_id: order.items[0]?.id, quantity: 1 }]),
        reason: 'defect',
        description: 'A leg wobbles.',
        wanted: 'refund',
        evidence: LEG,
      },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    const second = (await sent.json()) as Claim
    for (const change of [
      { status: 'approved' },
      { status: 'pickup_scheduled', pickup_date: tomorrow() },
      { status: 'received' },
    ]) {
      const moved = await page.request.patch(`/api/claims/${second.id}/`, {
        headers: bearer(token),
        data: change,
      })
      expect(moved.ok(), await moved.text()).toBe(true)
    }
    await staff.goto(`/adminuser/claims/${second.id}`)
    await expect(staff.getByLabel('Outcome')).toHaveValue('refund')
    await staff.getByLabel('Refund amount (PKR)').fill('42000')
    await staff.getByLabel('Refund method').selectOption('bank_transfer')
    await staff.getByRole('combobox', { name: 'Where Rattan Accent Chair goes' }).selectOption('write_off')
    await staff.getByRole('button', { name: 'Resolve' }).click()
    await expect(staff.getByRole('region', { name: 'Outcome' })).toContainText('Refund: PKR 42,000')

    await page.goto(`/orders/${order.id}`)
    const entries = page
      .getByRole('region', { name: 'Payments' })
      .getByRole('list', { name: 'Payments and refunds' })
      .getByRole('listitem')
    await expect(entries.filter({ hasText: 'Refund · Bank transfer' })).toContainText('−PKR 42,000.00')
    await expect(
      page.getByRole('region', { name: 'Your claims' }).getByRole('link', { name: /Claim #/ }),
    ).toHaveCount(2)
  })
  await staff.close()
})

test('a confirmed order: the customer is told the fee, asks to cancel, staff approve', async ({
  page,
  browser,
}) => {
  const token = await staffToken(page.request)
  const customer = await createCustomer(page.request)
  const chair = await findProduct(page.request, 'Rattan Accent Chair')
  if (!chair) throw new Error('The demo catalogue has no Rattan Accent Chair.')
  await page.request.post('/api/cart/', {
    headers: bearer(customer.token),
    data: { product_id: chair.id, quantity: 1 },
  })
  const placed = await page.request.post('/api/orders/', {
    headers: bearer(customer.token),
    data: {
      first_name: 'Ayesha',
      last_name: 'Khan',
      email: customer.email,
      phone: '03001234567',
      address: '12 Canal View Road',
      city: 'Lahore',
      postal_code: '54000',
      payment_method: 'cod',
    },
  })
  const order = (await placed.json()) as Order
  const confirmed = await page.request.patch(`/api/orders/${order.id}/`, {
    headers: bearer(token),
    data: { status: 'Processing' },
  })
  expect(confirmed.ok()).toBe(true)
  const paid = await page.request.post(`/api/orders/${order.id}/payments/`, {
    headers: bearer(token),
    data: { kind: 'payment', method: 'cash', amount: '20000', reference: 'Showroom advance' },
  })
  expect(paid.ok(), await paid.text()).toBe(true)
  const { cancellation_fee_percent: percent } = (await (
    await page.request.get('/api/settings/claims/')
  ).json()) as { cancellation_fee_percent: number }
  const fee = Math.floor((2_000_000 * percent + 50) / 100) / 100
  const shown = (rupees: number) => `PKR ${rupees.toLocaleString('en-US')}`

  await test.step('the customer reads the fee, then asks', async () => {
    await logIn(page, customer)
    await page.goto(`/orders/${order.id}`)
    await page.getByRole('button', { name: 'Cancel order' }).click()
    const dialog = page.getByRole('dialog', { name: `Cancel order #${order.id}?` })
    await expect(dialog).toContainText(
      `A cancellation after confirmation costs ${percent}% of the advance: ${shown(fee)}`,
    )
    await dialog.getByLabel('Reason (optional)').fill('We bought a bigger set.')
    await dialog.getByRole('button', { name: 'Ask to cancel' }).click()
    await expect(page.getByText(/You asked to cancel this order on/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
  })

  await test.step('staff approve it on the order page; the customer sees the refund', async () => {
    const staff = await browser.newPage()
    await logIn(staff, STAFF)
    await staff.goto(`/adminuser/orders/${order.id}`)
    const request = staff.getByRole('region', { name: 'Request to cancel' })
    await expect(request).toContainText('We bought a bigger set.')
    await request.getByRole('button', { name: 'Refuse' }).click()
    await expect(request).toContainText('Say why the cancellation is refused.')
    await request.getByRole('button', { name: 'Approve the cancellation' }).click()
    await expect(request).toContainText('Approved.')
    await staff.close()
    await page.reload()
    await expect(
      page.getByText(`The store approved your cancellation: ${shown(20_000 - fee)} comes back to you`),
    ).toBeVisible()
  })
})
