import { expect, test } from '@playwright/test'
import { createCustomer, logIn, sendInquiry } from './fixtures/admin'
import { STAFF } from './support/accounts.mjs'

test("staff answer a customer's inquiry and the customer sees it in their thread", async ({
  page,
  browser,
  request,
}) => {
  const customer = await createCustomer(request)
  const conversationId = await sendInquiry(request, customer.token)
  const reply = `Yes, it is in stock and ships within a week. (${Date.now()})`

  await logIn(page, STAFF)
  await page.goto('/adminuser/messages')
  await expect(page.getByRole('heading', { name: 'User Conversations' })).toBeVisible()
  await page.getByRole('link', { name: new RegExp(`${customer.firstName} ${customer.lastName}`) }).click()
  await expect(page).toHaveURL(new RegExp(`/adminuser/messages/${conversationId}$`))
  await expect(
    page.getByRole('heading', { name: `Viewing Conversation ID: ${conversationId}` }),
  ).toBeVisible()
  await expect(page.getByText(/I am interested in/)).toBeVisible()
  await page.getByLabel('Your message').fill(reply)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('list').getByText(reply)).toBeVisible()

  const customerContext = await browser.newContext()
  const customerPage = await customerContext.newPage()
  await logIn(customerPage, customer)
  await customerPage.goto(`/messages/${conversationId}`)
  await expect(customerPage.getByText(reply)).toBeVisible()
  await customerContext.close()
})
