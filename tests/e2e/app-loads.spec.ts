import { expect, test } from '@playwright/test'

test('the built app loads and shows the product name', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Moori' })).toBeVisible()
  await expect(page).toHaveTitle(/Moori/)
  expect(errors).toEqual([])
})
