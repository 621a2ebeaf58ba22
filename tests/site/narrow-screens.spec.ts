import {expect, test, type Page} from '@playwright/test';
import {apiRoutes} from '../support/routes';
import {mobileMenu, mobileMenuButton, mobileMenuCloseButton} from '../support/mobileMenu';
import {waitForHydration} from '../support/pageErrors';

// §9: the mobile breakpoint is 996 px (Infima's `max-width: 996px`).
const desktopDocsLink = (page: Page) =>
  page.locator('.navbar__items:not(.navbar__items--right) > a.navbar__item', {hasText: 'Docs'});

test.describe('at 996 px and below the mobile menu is used', () => {
  for (const width of [996, 375]) {
    test(`${width} px: the toggle opens the main menu`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await page.goto('/');
      await waitForHydration(page);
      await expect(mobileMenuButton(page)).toBeVisible();
      await expect(desktopDocsLink(page)).toBeHidden();
      await expect(mobileMenu(page)).toBeHidden();

      await mobileMenuButton(page).click();
      await expect(mobileMenu(page)).toBeVisible();
      await expect(page.locator('.navbar')).toHaveClass(/navbar-sidebar--show/);
      const menu = mobileMenu(page).locator('.navbar-sidebar__items');
      await expect(menu.getByRole('link', {name: 'Docs', exact: true})).toBeVisible();
      await expect(menu.getByRole('button', {name: 'Examples'}).or(menu.getByRole('link', {name: 'Examples'})).first()).toBeVisible();

      // The close button closes it again.
      await mobileMenuCloseButton(page).click();
      await expect(mobileMenu(page)).toBeHidden();

      // And a menu link navigates and closes the menu.
      await mobileMenuButton(page).click();
      await menu.getByRole('link', {name: 'Docs', exact: true}).click();
      await expect(page).toHaveURL(/\/docs\/$/);
      await expect(page.locator('article h1').first()).toBeVisible();
      await expect(mobileMenu(page)).toBeHidden();
    });
  }

  test('on a docs page the mobile menu shows the docs sidebar', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await page.goto('/docs/getting-started/plugin-options');
    await waitForHydration(page);
    // The desktop docs sidebar is not shown at this width.
    await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
    await mobileMenuButton(page).click();
    const docsMenu = mobileMenu(page).locator('.navbar-sidebar__item.menu').last();
    await expect(mobileMenu(page)).toBeVisible();
    await expect(mobileMenu(page).getByRole('button', {name: /Back to main menu/})).toBeVisible();
    await expect(docsMenu.getByRole('link', {name: 'Installation'})).toBeVisible();
    await expect(docsMenu.getByRole('link', {name: 'Plugin options'})).toHaveAttribute('aria-current', 'page');
    await docsMenu.getByRole('link', {name: 'Installation'}).click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/Installation\/$/);
    await expect(mobileMenu(page)).toBeHidden();
  });

  test('option tables scroll sideways, reachable by keyboard, with code words kept whole', async ({page}) => {
    await page.setViewportSize({width: 375, height: 800});
    await page.goto('/docs/getting-started/plugin-options');
    await waitForHydration(page);
    const table = page.locator('article .markdown table').first();
    await expect(table).toHaveAttribute('tabindex', '0');
    const box = await table.evaluate((element) => ({scroll: element.scrollWidth, client: element.clientWidth}));
    expect(box.scroll, 'the table is wider than the screen and scrolls').toBeGreaterThan(box.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Type names such as `string` sit on one line (no "strin" / "g").
    const brokenWords = await table.locator('td code').evaluateAll((codes) =>
      codes.filter((code) => /^\w+$/.test(code.textContent ?? '') && code.getClientRects().length > 1).map((code) => code.textContent),
    );
    expect(brokenWords).toEqual([]);
  });
});

test('at 997 px the desktop navbar is shown and the toggle is hidden', async ({page}) => {
  await page.setViewportSize({width: 997, height: 800});
  await page.goto('/docs/getting-started/plugin-options');
  await waitForHydration(page);
  await expect(mobileMenuButton(page)).toBeHidden();
  await expect(desktopDocsLink(page)).toBeVisible();
  await expect(page.locator('.navbar__items--right').getByRole('link', {name: /GitHub/})).toBeVisible();
  await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
});

test('the navbar hides on scroll down and comes back on scroll up', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 700});
  await page.goto('/docs/getting-started/plugin-options');
  await waitForHydration(page);
  const navbar = page.locator('nav.navbar');
  const translateY = () => navbar.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m42);
  // Waits until the page has handled the scroll: the navbar compares each scroll event's position
  // with the previous one, so two scrolls merged into one event (a busy CPU) would never hide it.
  const scrollTo = async (y: number) => {
    await page.evaluate(
      (top) =>
        new Promise<void>((resolve) => {
          window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), {once: true});
          window.scrollTo(0, top);
        }),
      y,
    );
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
  };
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2_500);
  await expect(navbar).not.toHaveClass(/navbarHidden/);

  await scrollTo(400);
  await scrollTo(1_200);
  await expect(navbar).toHaveClass(/navbarHidden/);
  await expect.poll(translateY).toBeLessThan(0);
  await expect(navbar).not.toBeInViewport();

  await scrollTo(900);
  await expect(navbar).not.toHaveClass(/navbarHidden/);
  await expect.poll(translateY).toBe(0);
  await expect(navbar).toBeInViewport();
});

/** One visit per API page at phone width, with each check as a step: Redoc pages cost seconds to load. */
test.describe('API pages at 375 px', () => {
  test.use({viewport: {width: 375, height: 700}});

  for (const route of apiRoutes) {
    test(`${route} is usable`, async ({page}) => {
      await page.goto(route);
      await waitForHydration(page);
      await expect(page.locator('.redocusaurus h1').first()).toBeVisible();

      await test.step('no horizontal page scroll', async () => {
        const widths = await page.evaluate(() => ({scroll: document.documentElement.scrollWidth, inner: window.innerWidth}));
        expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      });

      await test.step('no link of the API info block is clipped', async () => {
        // Every line of every link in the API info block (contact, URL, licence) lies inside the
        // boxes that clip it: no letters cut off at the left edge.
        const clipped = await page.locator('.redocusaurus .api-info').first().evaluate((info) => {
          const problems: string[] = [];
          for (const link of Array.from(info.querySelectorAll('a'))) {
            const clips: DOMRect[] = [];
            for (let node = link.parentElement; node && node !== document.body; node = node.parentElement) {
              const style = getComputedStyle(node);
              if (style.overflowX !== 'visible') clips.push(node.getBoundingClientRect());
            }
            for (const line of Array.from(link.getClientRects())) {
              for (const clip of clips) {
                if (line.left < clip.left - 0.5 || line.right > clip.right + 0.5) {
                  problems.push(`"${link.textContent}" line ${Math.round(line.left)}..${Math.round(line.right)} outside ${Math.round(clip.left)}..${Math.round(clip.right)}`);
                }
              }
            }
          }
          return problems;
        });
        expect(clipped).toEqual([]);
      });

      await test.step('Redoc’s floating button opens and closes its menu', async () => {
        const menu = page.locator('.redocusaurus .menu-content');
        const floatingButton = page.locator('.redocusaurus .menu-content + div');
        await expect(menu).toBeHidden();
        await expect(floatingButton).toBeVisible();
        await floatingButton.click();
        await expect(menu).toBeVisible();
        const petTag = menu.getByRole('menuitem').filter({hasText: /^pet$/}).or(menu.locator('li label').filter({hasText: /^pet$/})).first();
        await expect(petTag).toBeVisible();
        // The open menu fits the screen.
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
        await floatingButton.click();
        await expect(menu).toBeHidden();
      });
    });
  }
});
