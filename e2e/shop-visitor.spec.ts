import { expect, test } from '@playwright/test'

// A visitor who has not logged in: browses, filters, searches with a typo, and is asked to log in.
test.describe('a visitor', () => {
  test('browses the home page into a product', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Our Collection' })).toBeVisible()
    const carousel = page.locator('.showcase')
    await expect(carousel.getByRole('link', { name: /^Discover Now/ }).first()).toBeVisible()
    // docs/product.md §2: the carousel fades, every 5000 ms, paused on hover
    await expect(carousel).toHaveClass(/carousel-fade/)

    await page.getByRole('link', { name: 'Sheesham King Bed', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sheesham King Bed' })).toBeVisible()
    await expect(page.getByText(/^PKR [\d,]+$/).first()).toBeVisible()
    await expect(page.getByText(/^\d+ in Stock$/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled()
    await expect(page.getByRole('button', { name: 'Buy Now (Contact Seller)' })).toBeEnabled()
    const reviews = page.getByRole('region', { name: 'Customer Reviews' })
    await expect(reviews.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  })

  test('filters the listing by the top bar links', async ({ page }) => {
    await page.goto('/')
    const collections = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: 'Flash Deals' }) })
    for (const [link, title] of [
      ['New Arrivals', 'New Arrivals'],
      ['Flash Deals', 'Flash Deals'],
      ['On Sale', 'On Sale!'],
      ['All Products', 'All Products'],
    ] as const) {
      await collections.first().getByRole('link', { name: link, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
      await expect(page.locator('.product-card').first()).toBeVisible()
    }
    await page.goto('/products?filter=anything-else')
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible()
  })

  test('finds a product despite a typo, and is told when nothing matches', async ({ page }) => {
    await page.goto('/')
    const search = page.getByRole('searchbox', { name: 'Search products' })
    await search.fill('chesterfeild')
    const results = page.getByRole('list', { name: 'Search results' })
    await expect(results.getByRole('link', { name: /Chesterfield Sofa/ })).toBeVisible()
    await expect(results.getByText(/^PKR [\d,]+$/).first()).toBeVisible()

    await search.press('Enter')
    await expect(page).toHaveURL(/\/products\?search=chesterfeild$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Chesterfield Sofa' })).toBeVisible()

    await search.fill('qqqxxzz')
    await expect(page.getByText('No results found for "qqqxxzz"')).toBeVisible()
    await page.getByRole('heading', { level: 1 }).click()
    await expect(page.getByText('No results found for "qqqxxzz"')).toBeHidden()
  })

  test('is asked to log in to add to the cart and to contact the seller', async ({ page }) => {
    await page.goto('/products')
    await page.getByRole('button', { name: 'Add to Cart: Sheesham King Bed' }).click()
    await expect(page.getByText('Please log in to add items to your cart.')).toBeVisible()
    // docs/product.md §2: sold-out products cannot be added
    await expect(page.getByRole('button', { name: 'Out of Stock' }).first()).toBeDisabled()

    await page.getByRole('link', { name: 'Sheesham King Bed', exact: true }).click()
    await page.getByRole('button', { name: 'Buy Now (Contact Seller)' }).click()
    await expect(page.getByText('Please log in to contact the seller.')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible()
  })

  test('is sent to log in from the cart, and reads the store pages', async ({ page }) => {
    await page.goto('/cart')
    await expect(page).toHaveURL(/\/login$/)

    await page.goto('/faq')
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible()
    await page.getByRole('button', { name: 'What is your return policy?' }).click()
    await expect(
      page.getByText(/within 14 days of delivery as long as it is in its original condition/),
    ).toBeVisible()
    await expect(
      page.getByText(/Custom-made items are made to your order and are non-refundable/),
    ).toBeVisible()

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    const sent: string[] = []
    page.on('request', (request) => request.url().includes('/api/') && sent.push(request.url()))
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('First name is required.')).toBeVisible()
    await page.getByLabel('First name').fill('Amna')
    await page.getByLabel('Last name').fill('Khan')
    await page.getByLabel('Email').fill('amna@example.com')
    await page.getByLabel('Message').fill('Do you deliver to Multan?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    // docs/product.md §2: the contact form never calls the server
    expect(sent).toEqual([])

    for (const [link, heading] of [
      ['About Us', 'Our Story'],
      ['Terms of Service', 'Terms of Service'],
      ['Privacy Policy', 'Privacy Policy'],
    ]) {
      await page.getByRole('contentinfo').getByRole('link', { name: link }).click()
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    }
  })
})
