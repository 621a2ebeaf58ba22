import {expect, test} from '@playwright/test';
import {examples} from '../../src/data/examples';
import {colourModeToggle} from '../support/colourMode';

test.describe('navbar', () => {
  test.beforeEach(async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/');
  });

  test('left: Docs, then the Examples dropdown in order', async ({page}) => {
    const left = page.locator('.navbar__items:not(.navbar__items--right)');
    await expect(left.getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute('href', '/docs/');
    const dropdown = left.locator('.dropdown', {has: page.getByRole('button', {name: 'Examples'})}).or(
      left.locator('.dropdown', {has: page.locator('> a', {hasText: 'Examples'})}),
    );
    await dropdown.hover();
    const items = dropdown.locator('.dropdown__menu a');
    await expect(items).toHaveText(['All', ...examples.map((example) => example.label)]);
    expect(await items.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/examples/',
      ...examples.map((example) => example.route),
    ]);
  });

  test('right: versions, repository, colour toggle, language', async ({page}) => {
    const right = page.locator('.navbar__items--right');
    const versions = right.locator('.dropdown').filter({hasText: 'v1'}).first();
    await versions.hover();
    await expect(versions.locator('.dropdown__menu a')).toHaveText(['v0', 'v1']);
    await expect(versions.getByRole('link', {name: 'v0'})).toHaveAttribute('href', 'https://redocusaurus-v0.vercel.app/');
    await expect(versions.getByRole('link', {name: 'v1'})).toHaveAttribute('href', 'https://redocusaurus.vercel.app/');
    await expect(right.getByRole('link', {name: /GitHub/})).toHaveAttribute(
      'href',
      'https://github.com/rohit-gohri/redocusaurus',
    );
    await expect(colourModeToggle(page)).toBeVisible();
    const language = right.locator('.dropdown').filter({hasText: 'English'});
    await language.hover();
    await expect(language.locator('.dropdown__menu a')).toHaveText(['English']);
  });
});

test('footer: package pages, More, and this year’s copyright', async ({page}) => {
  await page.goto('/');
  const footer = page.locator('footer');
  const packages = footer.locator('.footer__col', {hasText: 'Packages'});
  expect(await packages.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
    'https://www.npmjs.com/package/redocusaurus',
    'https://www.npmjs.com/package/docusaurus-theme-redoc',
    'https://www.npmjs.com/package/docusaurus-plugin-redoc',
  ]);
  const more = footer.locator('.footer__col', {hasText: 'More'});
  await expect(more.locator('a')).toHaveText([/GitHub repository/, /Blog post/, /Twitter discussion/]);
  expect(await more.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
    'https://github.com/rohit-gohri/redocusaurus',
    'https://rohit.page/blog/projects/openapi-for-docusaurus/',
    'https://twitter.com/rohit_gohri/status/1351589213565644801',
  ]);
  await expect(footer.locator('.footer__copyright')).toContainText(`© ${new Date().getFullYear()}`);
});

test('the examples index has one card per example', async ({page}) => {
  await page.goto('/examples/');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(examples.length);
  for (const example of examples) {
    const card = cards.filter({has: page.getByRole('link', {name: example.title, exact: true})});
    await expect(card).toContainText(example.description);
    await expect(card.getByRole('link', {name: example.title, exact: true})).toHaveAttribute('href', example.route);
  }
});
