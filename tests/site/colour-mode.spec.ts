import {expect, test, type Locator, type Page} from '@playwright/test';
import {colourModeToggle} from '../support/colourMode';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';

// §4: light by default, the system preference is not respected, the choice is persisted.
// The browser asks for dark everywhere in this file, so "light" can only come from the site.
test.use({colorScheme: 'dark', viewport: {width: 1280, height: 800}});

const html = (page: Page) => page.locator('html');

/** The page background as painted: Infima sets it on <html> (transparent, so white, in light mode). */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const LIGHT_BACKGROUNDS = ['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)'];

/** Background colour of Redoc's side menu, as the browser computes it. */
async function redocMenuBackground(page: Page): Promise<string> {
  const menu = page.locator('.redocusaurus .menu-content').first();
  await expect(menu).toBeVisible();
  return menu.evaluate((element) => {
    // The menu panel itself may be transparent; take the first painted ancestor.
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'transparent';
  });
}

test('a first visit is light even when the browser prefers dark', async ({page}) => {
  await page.goto('/');
  // The browser really does prefer dark.
  expect(await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  await waitForHydration(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(colourModeToggle(page)).toHaveAttribute('title', /currently light mode/);
  expect(LIGHT_BACKGROUNDS).toContain(await pageBackground(page));
});

test('the toggle switches to dark; the choice survives a reload and client-side navigation', async ({page}) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await waitForHydration(page);
  await colourModeToggle(page).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(colourModeToggle(page)).toHaveAttribute('title', /currently dark mode/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  expect(LIGHT_BACKGROUNDS).not.toContain(await pageBackground(page));

  await page.reload();
  await waitForHydration(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');

  await page.evaluate(() => ((window as unknown as {__marker: number}).__marker = 1));
  await page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true}).click();
  await expect(page).toHaveURL(/\/docs\/$/);
  await expect(page.locator('article h1').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as {__marker?: number}).__marker)).toBe(1);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');

  // And back to light, which is stored too.
  await colourModeToggle(page).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(problems.pageErrors).toEqual([]);
});

test('a stored dark choice is applied before the first paint (no flash of light)', async ({page}) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    const seen: Array<string | null> = [];
    (window as unknown as {__themes: typeof seen}).__themes = seen;
    // Record every value data-theme takes while the HTML is parsed.
    new MutationObserver(() => {
      const value = document.documentElement?.getAttribute('data-theme') ?? null;
      if (seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-theme']});
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as {__themeAtDomContentLoaded: string | undefined}).__themeAtDomContentLoaded =
        document.documentElement.dataset.theme;
      // The first element in <body> is parsed: the theme must already be set by then.
      (window as unknown as {__bodyBackground: string}).__bodyBackground = getComputedStyle(
        document.documentElement,
      ).backgroundColor;
    });
  });
  await page.goto('/docs/getting-started/Installation');
  await waitForHydration(page);
  const record = await page.evaluate(() => {
    const w = window as unknown as {__themes: Array<string | null>; __themeAtDomContentLoaded: string; __bodyBackground: string};
    return {themes: w.__themes, atDomContentLoaded: w.__themeAtDomContentLoaded, bodyBackground: w.__bodyBackground};
  });
  expect(record.atDomContentLoaded).toBe('dark');
  expect(LIGHT_BACKGROUNDS).not.toContain(record.bodyBackground);
  // Never light at any point: only "no attribute yet" (before the inline script) and dark.
  expect(record.themes.filter((value) => value !== null)).toEqual(['dark']);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});

test('API reference pages follow the colour mode', async ({page}) => {
  await page.goto('/examples/using-single-yaml/');
  await waitForHydration(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  const light = await redocMenuBackground(page);

  await colourModeToggle(page).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => redocMenuBackground(page)).not.toBe(light);
  const dark = await redocMenuBackground(page);

  // A reload straight into dark renders the dark Redoc theme too.
  await page.reload();
  await waitForHydration(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => redocMenuBackground(page)).toBe(dark);
  // The operation text is light on dark, not the light theme's dark text.
  const headingColour = await page
    .locator('.redocusaurus h2')
    .first()
    .evaluate((element) => getComputedStyle(element).color);
  expect(headingColour).not.toBe('rgb(51, 51, 51)');
  expect(headingColour).not.toBe('rgb(0, 0, 0)');
  // Two places where Redoc's colours met the site's and became unreadable: table headers in the
  // descriptions (white in Redoc's dark theme) and the form-encoded payload sample (on Infima's
  // light code background). Both must read in both modes.
  const tableHeader = page.locator('.redocusaurus .redoc-markdown th').first();
  const formSample = page.locator('.redocusaurus pre').filter({hasText: 'name=Biscuit'}).first();
  for (const mode of ['dark', 'light']) {
    if (mode === 'light') await colourModeToggle(page).click();
    await expect(html(page)).toHaveAttribute('data-theme', mode);
    expect(await textContrast(tableHeader), `table header, ${mode}`).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(formSample), `form sample, ${mode}`).toBeGreaterThanOrEqual(4.5);
  }
});

/** WCAG contrast ratio between an element's text colour and the background painted behind it. */
async function textContrast(element: Locator): Promise<number> {
  return element.evaluate((target) => {
    const rgba = (colour: string) => {
      const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return {r, g, b, a: colour === 'transparent' ? 0 : a};
    };
    // Composite the backgrounds from the element outwards down to the first opaque one (or white).
    const layers = [];
    for (let node: Element | null = target; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer.a > 0) layers.push(layer);
      if (layer.a >= 1) break;
    }
    const background = layers.reduceRight(
      (below, above) => ({
        r: above.r * above.a + below.r * (1 - above.a),
        g: above.g * above.a + below.g * (1 - above.a),
        b: above.b * above.a + below.b * (1 - above.a),
        a: 1,
      }),
      {r: 255, g: 255, b: 255, a: 1},
    );
    const luminance = ({r, g, b}: {r: number; g: number; b: number}) => {
      const [lr, lg, lb] = [r, g, b].map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    const [lighter, darker] = [luminance(rgba(getComputedStyle(target).color)), luminance(background)].sort((a, b) => b - a);
    return (lighter + 0.05) / (darker + 0.05);
  });
}
