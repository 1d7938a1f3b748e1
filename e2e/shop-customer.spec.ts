import { expect, type Page, test } from '@playwright/test'
import { STAFF } from './support/accounts.mjs'

// Demo products with stock to spare, one per journey, so the journeys do not share state.
const PRODUCT = 'Ceramic Table Lamp'
const REVIEWED = 'Rattan Accent Chair'
const ASKED = 'Terracotta Vase Trio'

async function signUp(page: Page, email: string) {
  await page.goto('/signup')
  await page.getByLabel('First name').fill('Amna')
  await page.getByLabel('Last name').fill('Khan')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('comfortable-123')
  const submit = page.getByRole('button', { name: 'Sign Up' })
  // docs/product.md §5: submit stays disabled until the terms box is ticked
  await expect(submit).toBeDisabled()
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check()
  await submit.click()
  await expect(page.getByText('Account created successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
}

async function openProduct(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name)
  await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

test('a new customer signs up, shops, checks out and follows the order', async ({ page }) => {
  test.setTimeout(120_000)
  await signUp(page, `amna-${Date.now()}@example.com`)
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'My Messages' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)
  // docs/product.md §2: no badge while the cart is empty
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible()

  await test.step('adds to the cart and changes the quantity', async () => {
    await openProduct(page, PRODUCT)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByText('Adding to cart...')).toBeVisible()
    await expect(page.getByText('Item added to cart!')).toBeVisible()
    await page.getByRole('link', { name: 'Cart, 1 item' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
    await page.getByRole('button', { name: `Increase quantity of ${PRODUCT}` }).click()
    await expect(page.getByText('Subtotal (2 items)')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible()
    await page.getByRole('button', { name: `Decrease quantity of ${PRODUCT}` }).click()
    await expect(page.getByText('Subtotal (1 item)')).toBeVisible()
    await page.getByRole('button', { name: `Increase quantity of ${PRODUCT}` }).click()
    await expect(page.getByText('Subtotal (2 items)')).toBeVisible()
    await expect(page.getByText('Shipping: Calculated at checkout')).toBeVisible()
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  })

  let orderId = ''
  await test.step('checks out with the prefilled details', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
    await expect(page.getByLabel('First name')).toHaveValue('Amna')
    await expect(page.getByLabel('Last name')).toHaveValue('Khan')
    await expect(page.getByLabel('Email')).toHaveValue(/^amna-\d+@example\.com$/)
    // docs/product.md §9: the total shows two decimals
    await expect(
      page
        .getByRole('complementary')
        .getByText(/^PKR [\d,]+\.\d{2}$/)
        .last(),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page.getByText('Address is required.')).toBeVisible()
    await page.getByLabel('Mobile number').fill('0300 1234567')
    await page.getByLabel('Address', { exact: true }).fill('House 12, Street 4, DHA Phase 5')
    await page.getByLabel('City').fill('Lahore')
    await page.getByLabel('Postal code').fill('54000')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page.getByText('Order placed successfully!')).toBeVisible()
    await expect(page).toHaveURL(/\/orders\/\d+$/)
    orderId = page.url().split('/').pop() ?? ''
    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible()
    await expect(page.getByText('Pending', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: PRODUCT })).toBeVisible()
    // docs/product.md §4: the cart is empty after the order
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible()
  })

  await test.step('finds the order in My Orders', async () => {
    await page.getByRole('link', { name: 'My Orders', exact: true }).click()
    const table = page.getByRole('table')
    for (const column of ['Order ID', 'Date', 'Total', 'Status', 'Action']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible()
    }
    const row = table.getByRole('row').filter({ hasText: `#${orderId}` })
    await expect(row.getByText('Pending')).toBeVisible()
    await row.getByRole('link', { name: /^View Details/ }).click()
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`))
  })

  await test.step('logs out to the login page', async () => {
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/orders')
    await expect(page).toHaveURL(/\/login$/)
  })
})

test('a customer writes, edits and deletes a review; markup stays text', async ({ page }) => {
  await signUp(page, `reviewer-${Date.now()}@example.com`)
  await openProduct(page, REVIEWED)
  const reviews = page.getByRole('region', { name: 'Customer Reviews' })
  const form = reviews.getByRole('form', { name: 'Write a Review' })
  await expect(form.getByLabel('Rating')).toHaveValue('5')
  await form.getByLabel('Rating').selectOption('4')
  const markup = '<script>window.__injected = true</script><b>Solid</b> and calm.'
  await form.getByLabel('Comment').fill(markup)
  await form.getByRole('button', { name: 'Submit Review' }).click()
  await expect(page.getByText('Review submitted successfully!')).toBeVisible()
  await expect(reviews.getByText(markup, { exact: true })).toBeVisible()
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
  await expect(reviews.getByRole('form', { name: 'Write a Review' })).toHaveCount(0)

  await reviews.getByRole('button', { name: 'Edit' }).click()
  const edit = reviews.getByRole('form', { name: 'Edit Your Review' })
  await expect(edit.getByLabel('Comment')).toHaveValue(markup)
  await edit.getByLabel('Comment').fill('Solid and calm; the wood is lovely.')
  await edit.getByRole('button', { name: 'Update Review' }).click()
  await expect(page.getByText('Review updated successfully!')).toBeVisible()
  await expect(reviews.getByText('Solid and calm; the wood is lovely.')).toBeVisible()

  await reviews.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your review?' })
  await dialog.getByRole('button', { name: 'Delete Review' }).click()
  await expect(page.getByText('Review deleted.')).toBeVisible()
  await expect(reviews.getByText('Solid and calm; the wood is lovely.')).toHaveCount(0)
  await expect(reviews.getByRole('form', { name: 'Write a Review' })).toBeVisible()
})

test('a customer sends an inquiry and messages, and sees the reply live', async ({ page, request }) => {
  await signUp(page, `asker-${Date.now()}@example.com`)
  await openProduct(page, ASKED)
  // Holds the inquiry a moment, so its loading toast can be seen before the answer replaces it.
  await page.route('**/api/buy-now-message/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Buy Now (Contact Seller)' }).click()
  await expect(page.getByText('Sending your inquiry...')).toBeVisible()
  await expect(
    page.getByText('Your inquiry has been sent. We will reply in your messages soon.'),
  ).toBeVisible()

  await page.getByRole('link', { name: 'My Messages' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Messages' })).toBeVisible()
  await page
    .getByRole('link', { name: /^Conversation #\d+/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/messages\/\d+$/)
  const conversationId = Number(page.url().split('/').pop())
  await expect(page.getByText(new RegExp(ASKED)).first()).toBeVisible()

  const box = page.getByLabel('Your message')
  const send = page.getByRole('button', { name: 'Send' })
  await box.fill('   ')
  // docs/product.md §5: a message blank after trimming is not sent
  await expect(send).toBeDisabled()
  await box.press('Enter')
  const markup = '<img src=x onerror="window.__injected=true">Is it available in walnut?'
  await box.fill(markup)
  await send.click()
  await expect(page.getByRole('list').getByText(markup, { exact: true })).toBeVisible()
  await expect(box).toHaveValue('')
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()

  // The store answers through the API; the open thread shows it before the 10 s poll could.
  const login = await request.post('/api/auth/login/', {
    data: { email: STAFF.email, password: STAFF.password },
  })
  const { access } = (await login.json()) as { access: string }
  const reply = 'Yes, walnut is available to order.'
  const posted = await request.post(`/api/conversations/${conversationId}/messages/`, {
    headers: { authorization: `Bearer ${access}` },
    data: { content: reply },
  })
  expect(posted.status()).toBe(201)
  await expect(page.getByText(reply)).toBeVisible({ timeout: 5000 })

  await page.getByRole('link', { name: 'Back to all conversations' }).click()
  await expect(page.getByRole('link', { name: new RegExp(`Conversation #${conversationId}`) })).toContainText(
    reply,
  )
})
