import { expect, test } from '@playwright/test'

test('the built store is served with its API on one origin', async ({ page, request }) => {
  const health = await request.get('/api/health/')
  expect(await health.json()).toEqual({ status: 'ok' })
  await page.goto('/')
  await expect(page).toHaveTitle(/Comfort Living/)
})
