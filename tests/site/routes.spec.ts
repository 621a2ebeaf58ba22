import {expect, test} from '@playwright/test';
import {apiRoutes, siteRoutes} from '../support/routes';

test.describe('every route of the specification serves', () => {
  for (const route of siteRoutes) {
    test(route, async ({page}) => {
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('#__docusaurus')).toBeVisible();
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByText('This page crashed.')).toHaveCount(0);
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    });
  }
});

test.describe('API reference pages', () => {
  for (const route of apiRoutes) {
    test(`${route} renders operations`, async ({page}) => {
      await page.goto(route);
      const operations = page.locator('.redocusaurus [id*="/operation/"]');
      await expect(operations.first()).toBeAttached();
      expect(await operations.count()).toBeGreaterThan(0);
      await expect(page).toHaveTitle(/ \| Redocusaurus$/);
    });
  }
});

test('an unknown path shows the not-found page with a way back', async ({page}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  await page.locator('main').getByRole('link', {name: 'home page'}).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Redocusaurus');
});
