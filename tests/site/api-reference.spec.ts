/**
 * The API reference in the browser, as a reader uses it: its sections are rendered by React one
 * by one as they come near the viewport (reference-kit/reference/browser/LiveReference.tsx), and until then are
 * the server's HTML, styled by the pre-rendered CSS: the HTML the page loaded with, or, reached by a
 * click from another page, the page's HTML from the build (reference-kit/reference/browser/builtPage.ts).
 * Whatever state a section is in, the page must look and behave the same: the hash on load and
 * after a click, the menu's clicks and scroll tracking, both colour modes, the page's height.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';
import {entryScriptAttributes} from '../support/entryScripts';
import {apiRoutes} from '../support/routes';

test.use({viewport: {width: 1280, height: 800}});

const API_PAGE = '/examples/using-single-yaml/';
/** Far down the page, with request and response sample tabs to click. */
const FAR_OPERATION = 'tag/user/operation/loginUser';
/** A tag far down the page: a heading and a paragraph, a section of text alone. */
const FAR_TAG = 'tag/user';

const section = (page: Page, id: string) => page.locator(`.api-content > [data-section-id="${id}"]`);
/** Every section of the reference, in page order. */
const sections = (page: Page) => page.locator('.api-content > [data-section-id]');
const menuLabel = (page: Page, id: string) => page.locator(`.menu-content li[data-item-id="${id}"] > label`);

/**
 * Remembers each section's first server-rendered element before any script runs. React replaces
 * that element when it renders the section; while it is still in the page, the section is the
 * server's HTML.
 */
async function rememberServerHtml(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const kept = new Map<string, Element | null>();
      document.querySelectorAll('.api-content > [data-section-id]').forEach((node) => {
        kept.set(node.getAttribute('data-section-id')!, node.firstElementChild);
      });
      (window as unknown as {serverHtml: Map<string, Element | null>}).serverHtml = kept;
    });
  });
}

/** The ids of the sections still showing the server's HTML, and of those React has rendered. */
async function sectionStates(page: Page): Promise<{kept: string[]; rendered: string[]}> {
  return page.evaluate(() => {
    const kept: string[] = [];
    const rendered: string[] = [];
    (window as unknown as {serverHtml: Map<string, Element | null>}).serverHtml.forEach((element, id) => {
      (element?.isConnected ? kept : rendered).push(id);
    });
    return {kept, rendered};
  });
}

async function expectRendered(page: Page, id: string): Promise<void> {
  await expect.poll(async () => (await sectionStates(page)).rendered, {timeout: 15_000}).toContain(id);
}

/** Loads the API page and waits until React has rendered its first section. */
async function loadUntilFirstRendered(page: Page): Promise<void> {
  await page.goto(API_PAGE);
  await waitForHydration(page);
  const first = await sections(page).first().getAttribute('data-section-id');
  await expectRendered(page, first!);
}

test.describe('sections come to life as the reader reaches them', () => {
  test.beforeEach(async ({page}) => rememberServerHtml(page));

  test('on load, the sections near the viewport are rendered and the rest keep the server HTML', async ({page}) => {
    const problems = collectPageProblems(page);
    await loadUntilFirstRendered(page);
    const {kept, rendered} = await sectionStates(page);
    expect(kept).toContain(FAR_OPERATION);
    expect(rendered.length, `rendered: ${rendered.join(', ')}`).toBeLessThan(kept.length);
    // Kept sections are the whole server HTML, not a placeholder.
    await expect(section(page, FAR_OPERATION).locator('h2')).toHaveText(/^Log user into the system/);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('a section scrolled into view is rendered and works', async ({page}) => {
    await page.goto(API_PAGE);
    await waitForHydration(page);
    await section(page, FAR_OPERATION).scrollIntoViewIfNeeded();
    await expectRendered(page, FAR_OPERATION);
    // A sample tab that is not selected (each operation has one selected per tab list).
    const tab = section(page, FAR_OPERATION).getByRole('tab', {selected: false}).first();
    const name = await tab.textContent();
    await tab.click();
    await expect(section(page, FAR_OPERATION).getByRole('tab', {name: name!, exact: true}).first()).toHaveAttribute('aria-selected', 'true');
  });

  test('a section brought near the viewport without a scroll comes to life (the page got shorter above it)', async ({page}) => {
    // What moves sections with no scroll: sections in view rendered shorter than estimated, their
    // estimates refitted, a reader collapsing a response. At the end of the page, where the reader
    // scrolls no more, the last section once stayed the server's HTML that way.
    await loadUntilFirstRendered(page);
    // The first section beyond the near area (a screen past the viewport), once the sections near it have come to life.
    const beyond = () =>
      sections(page).evaluateAll(
        (nodes) => nodes.find((node) => node.getBoundingClientRect().top > 2 * window.innerHeight + 100)?.getAttribute('data-section-id') ?? undefined,
      );
    let far: string | undefined;
    await expect.poll(async () => (far = await beyond()) !== undefined && (await sectionStates(page)).kept.includes(far)).toBe(true);
    await page.waitForTimeout(1_000);
    expect((await sectionStates(page)).kept, 'still the server HTML a second later').toContain(far);
    // The rendered sections in view get shorter, with the page at its top: nothing scrolls.
    const moved = await sections(page).evaluateAll((nodes, id) => {
      let count = 0;
      window.addEventListener('scroll', () => (count += 1));
      const target = nodes.find((node) => node.getAttribute('data-section-id') === id)!;
      for (const node of nodes as HTMLElement[]) {
        if (node === target || target.getBoundingClientRect().top < window.innerHeight) break;
        node.style.display = 'none';
      }
      const top = target.getBoundingClientRect().top;
      return new Promise<{events: number; scrollY: number; top: number}>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve({events: count, scrollY: window.scrollY, top: top / window.innerHeight}))),
      );
    }, far!);
    expect(moved.top, 'the section is within a screen of the viewport now (in screens from its top)').toBeLessThan(2);
    expect({events: moved.events, scrollY: moved.scrollY}, 'nothing scrolled').toEqual({events: 0, scrollY: 0});
    await expectRendered(page, far!);
  });

  test('a hash on first load lands on its operation, rendered, with its menu entry marked', async ({page}) => {
    await page.goto(`${API_PAGE}#${FAR_OPERATION}`);
    await waitForHydration(page);
    await expect(section(page, FAR_OPERATION).locator('h2')).toBeInViewport();
    await expectRendered(page, FAR_OPERATION);
    await expect(menuLabel(page, FAR_OPERATION)).toHaveClass(/\bactive\b/);
  });

  test('the menu follows the scrolling, over sections not rendered yet as well', async ({page}) => {
    await page.goto(API_PAGE);
    await waitForHydration(page);
    const target = 'tag/store/operation/placeOrder';
    await expect(menuLabel(page, target)).not.toHaveClass(/\bactive\b/);
    // Scroll without the menu, as a reader does with the wheel.
    await section(page, target).evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY));
    await expect(menuLabel(page, target)).toHaveClass(/\bactive\b/);
  });

  test('a click in the menu scrolls to the operation, renders it and sets the hash', async ({page}) => {
    await page.goto(API_PAGE);
    await waitForHydration(page);
    await menuLabel(page, 'tag/user').click();
    await menuLabel(page, FAR_OPERATION).click();
    await expect(page).toHaveURL(new RegExp(`#${FAR_OPERATION}$`));
    await expect(section(page, FAR_OPERATION).locator('h2')).toBeInViewport();
    await expectRendered(page, FAR_OPERATION);
  });

  test('a click in the menu before it comes to life is done once it does', async ({page}) => {
    // Redoc's code, and with it the live menu, held back until the click is made.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/reference-live\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(API_PAGE);
    await waitForHydration(page);
    await menuLabel(page, FAR_TAG).click();
    await expect(menuLabel(page, FAR_OPERATION), 'the list is not in before the menu works').toHaveCount(0);
    release();
    await expect(menuLabel(page, FAR_TAG)).toHaveClass(/\bactive\b/);
    await expect(page).toHaveURL(new RegExp(`#${FAR_TAG}$`));
    await expect(section(page, FAR_TAG).locator('h2')).toBeInViewport();
    await menuLabel(page, FAR_OPERATION).click();
    await expect(section(page, FAR_OPERATION).locator('h2')).toBeInViewport();
  });

  test("a rendered section's schema works with fields modelled as shown: the discriminator switches, a field expands", async ({page}) => {
    const addPet = 'tag/pet/operation/addPet';
    const problems = collectPageProblems(page);
    await page.goto(`${API_PAGE}#${addPet}`);
    await waitForHydration(page);
    await expectRendered(page, addPet);
    const body = section(page, addPet).locator('table').filter({has: page.locator('.property-name', {hasText: 'petType'})}).first();
    const shown = (name: string) => body.locator('.property-name', {hasText: new RegExp(`^${name}$`)});
    await expect(shown('huntingSkill')).toHaveCount(1);
    await expect(shown('packSize')).toHaveCount(0);
    // Redoc's drop-down of the discriminator (the kit mounts its <select> once rendered).
    await body.locator('select').first().selectOption('dog');
    await expect(shown('packSize')).toHaveCount(1);
    await expect(shown('huntingSkill')).toHaveCount(0);
    // The category's fields are modelled when the reader expands it.
    await expect(body.locator('.property-name', {hasText: /^sub$/})).toHaveCount(0);
    await body.getByRole('button', {name: 'expand category'}).click();
    await expect(body.locator('.property-name', {hasText: /^sub$/})).toHaveCount(1);
    expect(problems.pageErrors).toEqual([]);
  });
});

/** Computed styles of a section's parts that its theme colours: heading, method badge, samples panel, a tab. */
async function sectionLook(page: Page, id: string): Promise<Record<string, string>> {
  return section(page, id).evaluate((node) => {
    const look: Record<string, string> = {};
    const parts: Record<string, Element | null> = {
      heading: node.querySelector('h2'),
      paragraph: node.querySelector('p'),
      parameter: node.querySelector('td'),
      tab: node.querySelector('[role="tab"]'),
      panel: node.querySelector('[role="tabpanel"]'),
      code: node.querySelector('code'),
    };
    for (const [part, element] of Object.entries(parts)) {
      if (!element) continue;
      const style = getComputedStyle(element);
      for (const property of ['color', 'background-color', 'font-size', 'font-family', 'padding-left', 'border-left-color']) {
        look[`${part} ${property}`] = style.getPropertyValue(property);
      }
    }
    return look;
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`${mode} mode: a section looks the same before and after React renders it`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await rememberServerHtml(page);
    await page.goto(API_PAGE);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    expect((await sectionStates(page)).kept).toContain(FAR_OPERATION);
    const before = await sectionLook(page, FAR_OPERATION);
    expect(Object.keys(before).length).toBeGreaterThan(20);

    await section(page, FAR_OPERATION).scrollIntoViewIfNeeded();
    await expectRendered(page, FAR_OPERATION);
    expect(await sectionLook(page, FAR_OPERATION)).toEqual(before);
  });
}

test('the browser lays out only the sections near the viewport, and none holds a form control until rendered', async ({page, request}) => {
  // A form control in a skipped section makes Chrome lay it out at DOMContentLoaded (autofill).
  const html = await (await request.get(API_PAGE)).text();
  const content = html.slice(html.indexOf('api-content'));
  expect(content).toContain('data-section-id');
  expect(content).not.toContain('<select');

  await rememberServerHtml(page);
  await page.goto(API_PAGE);
  await waitForHydration(page);
  const skipped = (id: string) =>
    section(page, id).evaluate((node) => !node.firstElementChild!.checkVisibility({contentVisibilityAuto: true} as CheckVisibilityOptions));
  const first = (await sections(page).first().getAttribute('data-section-id'))!;
  expect(await skipped(first)).toBe(false);
  expect(await skipped(FAR_OPERATION)).toBe(true);

  // Scrolled to, a section is laid out; rendered by React, its drop-downs get their <select>.
  const withDropdown = 'tag/pet/operation/addPet';
  await section(page, withDropdown).scrollIntoViewIfNeeded();
  await expect.poll(() => skipped(withDropdown)).toBe(false);
  await expectRendered(page, withDropdown);
  await expect(section(page, withDropdown).locator('select').first()).toBeAttached();
});

test('the colour switch restyles sections in both states', async ({page}) => {
  await rememberServerHtml(page);
  await page.goto(API_PAGE);
  await waitForHydration(page);
  const lightLook = await sectionLook(page, FAR_OPERATION);
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect((await sectionStates(page)).kept).toContain(FAR_OPERATION);
  const darkLook = await sectionLook(page, FAR_OPERATION);
  expect(darkLook['heading color']).not.toBe(lightLook['heading color']);

  await section(page, FAR_OPERATION).scrollIntoViewIfNeeded();
  await expectRendered(page, FAR_OPERATION);
  expect(await sectionLook(page, FAR_OPERATION)).toEqual(darkLook);
});

test('the info block keeps the server HTML while the page hydrates, then is rendered once, working', async ({page}) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as {serverInfo: Element | null}).serverInfo = document.querySelector('.api-info');
    });
  });
  const problems = collectPageProblems(page);
  await page.goto(API_PAGE);
  await waitForHydration(page);
  // React renders it in a task of its own, in place of the server's element.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as {serverInfo: Element | null}).serverInfo?.isConnected))
    .toBe(false);
  const info = page.locator('.api-info');
  await expect(info).toHaveCount(1);
  await expect(info.locator('h1')).toHaveText(/^Swagger Petstore \(single file\)/);
  await expect(info.getByRole('link', {name: 'Download'})).toHaveAttribute('href', /\.yaml$/);
  await expect(info.locator('[data-role="redoc-description"]')).toContainText('A small, made-up pet store API');
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

/**
 * Those of `ids` whose sections React has not rendered. React marks each element it creates with
 * its fiber (`__reactFiber$…`); the server's HTML, and the HTML a page reached by client-side
 * navigation takes from the built page, has none. One round trip for all: a poll's timeout is for
 * the page, not for the test's calls.
 */
async function notRendered(page: Page, ids: string[]): Promise<string[]> {
  const rendered = await sections(page).evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const child = node.firstElementChild;
        return child !== null && Object.keys(child).some((key) => key.startsWith('__reactFiber$'));
      })
      .map((node) => node.getAttribute('data-section-id')!),
  );
  return ids.filter((id) => !rendered.includes(id));
}

/** Whether React rendered the section's content. */
const renderedByReact = async (page: Page, id: string) => (await notRendered(page, [id])).length === 0;

/** The ids of the reference's sections, in page order. */
const sectionIds = (page: Page) =>
  sections(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section-id')!));

/** Clicks from the examples index to the API page, a client-side navigation, and waits for its sections. */
async function clickThrough(page: Page, beforeClick?: () => Promise<void>): Promise<void> {
  await page.goto('/examples/');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
  await beforeClick?.();
  await page.locator('main').getByRole('link', {name: 'Single YAML file'}).first().click();
  await expect(page).toHaveURL(new RegExp(`${API_PAGE}$`));
  await expect(sections(page).first()).toBeAttached({timeout: 15_000});
  expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed), 'no full page load').toBe(true);
}

/** Scrolls the page down a screen at a time to its end, as a reader does, until nothing is left to render. */
async function scrollToEnd(page: Page): Promise<void> {
  const atEnd = () => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
  for (let step = 0; step < 400; step++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    // Sections near the viewport render a few milliseconds at a time, in tasks of their own.
    await page.waitForTimeout(50);
    if (!(await atEnd())) continue;
    // The sections that rendered last may have grown the page past where it ended: a reader
    // who sees more below scrolls on.
    await page.waitForTimeout(500);
    if (await atEnd()) return;
  }
  throw new Error('still not at the end of the page after 400 screens');
}

test.describe('client-side navigation', () => {
  test('reached from another page, the sections come to life as the reader reaches them, from the built page', async ({page}) => {
    const problems = collectPageProblems(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch') fetched.push(new URL(request.url()).pathname);
    });
    await clickThrough(page);
    const ids = await sectionIds(page);
    // The sections in view are rendered by React; the rest wait for the reader, as on a first load.
    await expect.poll(() => renderedByReact(page, ids[0]!), {timeout: 15_000}).toBe(true);
    expect(await renderedByReact(page, FAR_OPERATION)).toBe(false);
    // The reference's HTML comes from the page's own HTML in the build, not from rendering it all.
    expect(fetched).toContain(API_PAGE);
    // Until it is rendered, a section holds the server's HTML (added in idle time): readable, findable.
    await expect(section(page, FAR_OPERATION).locator('h2')).toHaveText(/^Log user into the system/, {timeout: 15_000});

    await scrollToEnd(page);
    await expect.poll(() => notRendered(page, ids), {message: 'every section is rendered once the reader has reached it'}).toEqual([]);
    // And works: a sample tab switches.
    await section(page, FAR_OPERATION).scrollIntoViewIfNeeded();
    const tab = section(page, FAR_OPERATION).getByRole('tab', {selected: false}).first();
    const name = await tab.textContent();
    await tab.click();
    await expect(section(page, FAR_OPERATION).getByRole('tab', {name: name!, exact: true}).first()).toHaveAttribute('aria-selected', 'true');
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('reached from another reference, every section holds the estimate a first load gives it (reference-kit/reference/server/sectionEstimates.ts)', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    const estimates = () =>
      sections(page).evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-section-id')}: ${getComputedStyle(node).getPropertyValue('--kit-h')}`));
    await page.goto(API_PAGE);
    await waitForHydration(page);
    const firstLoad = await estimates();
    // Most sections hold a group's estimate, named by a rule of the page's CSS.
    expect(await page.locator('.api-content > [data-kit-height]').count()).toBeGreaterThan(0);
    const sheets = () =>
      page.evaluate(() => ({
        classNames: document.querySelector<HTMLElement>('.redocusaurus-styles style[data-class-names]')?.dataset.classNames,
        heights: document.querySelector<HTMLElement>('.redocusaurus-styles style[data-kit-heights]')?.dataset.kitHeights,
      }));
    const own = await sheets();
    // Another reference first, whose CSS stays in the document when the reader leaves it
    // (reference-kit/reference/browser/LiveReference.tsx): the remote example has the same Redoc classes
    // as the pet store's page, and other estimates.
    await page.goto('/examples/using-remote-url/');
    await waitForHydration(page);
    const other = await sheets();
    expect(other.classNames).toBe(own.classNames);
    expect(other.heights).not.toBe(own.heights);
    await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
    await page.locator('nav').getByRole('button', {name: 'Examples'}).hover();
    await page.locator('nav').getByRole('link', {name: 'Using Single YAML'}).click();
    await expect(page).toHaveURL(new RegExp(`${API_PAGE}$`));
    await expect.poll(async () => (await estimates()).length, {timeout: 15_000}).toBe(firstLoad.length);
    expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed), 'no full page load').toBe(true);
    expect(await estimates()).toEqual(firstLoad);
  });

  test("reached from another page, the menu works and follows the scrolling", async ({page}) => {
    await clickThrough(page);
    const target = 'tag/store/operation/placeOrder';
    await section(page, target).evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY));
    await expect(menuLabel(page, target)).toHaveClass(/\bactive\b/, {timeout: 15_000});
    await menuLabel(page, 'tag/user').click();
    await menuLabel(page, FAR_OPERATION).click();
    await expect(page).toHaveURL(new RegExp(`#${FAR_OPERATION}$`));
    await expect(section(page, FAR_OPERATION).locator('h2')).toBeInViewport();
    await expect.poll(() => renderedByReact(page, FAR_OPERATION)).toBe(true);
  });

  test('a link to an operation, followed by a click, lands on the operation as on a first load', async ({page}) => {
    // The navbar search's hits are links to operations: a reader's way to a deep link by a click.
    await page.goto('/docs/');
    await waitForHydration(page);
    const box = page.locator('.navbar').getByLabel('Search', {exact: true});
    await box.click();
    await expect(page.locator('.navbar [data-search-placeholder]')).toHaveCount(0);
    await box.fill('loginUser');
    const hit = page.locator('.navbar [role="listbox"] [role="option"]').filter({hasText: 'Log user into the system'}).first();
    await expect(hit).toHaveAttribute('href', `${API_PAGE}#${FAR_OPERATION}`);
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`#${FAR_OPERATION}$`));
    const heading = section(page, FAR_OPERATION).locator('h2');
    await expect(heading).toHaveText(/^Log user into the system/, {timeout: 15_000});
    await expect.poll(() => renderedByReact(page, FAR_OPERATION), {timeout: 15_000}).toBe(true);
    await expect(menuLabel(page, FAR_OPERATION)).toHaveClass(/\bactive\b/);
    // Still in view once the sections around it have come to life and taken their own heights.
    await page.waitForTimeout(1_000);
    await expect(heading).toBeInViewport();
    const top = await heading.evaluate((node) => node.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });

  test('without the built page (a failed request), the reference is rendered whole, as before', async ({page}) => {
    await page.goto('/examples/');
    await waitForHydration(page);
    await page.route(`**${API_PAGE}`, (route) => (route.request().resourceType() === 'fetch' ? route.abort() : route.continue()));
    await page.locator('main').getByRole('link', {name: 'Single YAML file'}).first().click();
    await expect(page).toHaveURL(new RegExp(`${API_PAGE}$`));
    await expect(section(page, FAR_OPERATION).locator('h2')).toHaveText(/^Log user into the system/, {timeout: 15_000});
    expect(await renderedByReact(page, FAR_OPERATION)).toBe(true);
  });

  test('leaving the page and coming back keeps the reference styled', async ({page}) => {
    await page.goto(API_PAGE);
    await waitForHydration(page);
    const menuItem = menuLabel(page, 'tag/pet');
    const look = () =>
      menuItem.evaluate((node) => {
        const style = getComputedStyle(node);
        return {display: style.display, padding: style.padding, background: style.backgroundColor, font: style.fontFamily};
      });
    const before = await look();
    expect(before.display).toBe('flex');

    await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
    await page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${API_PAGE}$`));
    await expect(menuItem).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed)).toBe(true);
    expect(await look()).toEqual(before);
    // Its CSS went to <head> when it left, and is not added a second time.
    expect(await page.locator('style[data-class-names]').count()).toBe(1);
  });

  test('after a click, a page that is never idle still gets the built HTML of its sections far from the viewport (reference-kit/reference/browser/sectionAdoption.ts)', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    // From before the click, a task always waiting (20 ms of work, each posting the next): the
    // browser has no idle period to give.
    await clickThrough(page, () =>
      page.evaluate(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const start = performance.now();
          while (performance.now() - start < 20);
          channel.port2.postMessage(undefined);
        };
        channel.port2.postMessage(undefined);
      }),
    );
    expect(await renderedByReact(page, FAR_OPERATION)).toBe(false);
    await expect(section(page, FAR_OPERATION)).not.toHaveAttribute('data-kit-pending', /.*/, {timeout: 30_000});
    await expect(section(page, FAR_OPERATION).locator('h2')).toHaveText(/Log user into the system/);
  });
});

test.describe('the page is as tall before its sections render as after', () => {
  for (const width of [412, 1280]) {
    for (const reached of ['on a first load', 'after a click'] as const) {
      test(`${width} px, ${reached}: scroll height within 25 % of the rendered page's`, async ({page}) => {
        await page.setViewportSize({width, height: width < 996 ? 823 : 800});
        if (reached === 'after a click') await clickThrough(page);
        else {
          await page.goto(API_PAGE);
          await waitForHydration(page);
        }
        const ids = await sectionIds(page);
        await expect.poll(() => renderedByReact(page, ids[0]!), {timeout: 15_000}).toBe(true);
        const onLoad = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(await renderedByReact(page, FAR_OPERATION)).toBe(false);
        await scrollToEnd(page);
        // Every section rendered: the browser keeps the size each had once shown.
        await expect.poll(() => notRendered(page, ids)).toEqual([]);
        const rendered = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(onLoad / rendered, `${onLoad} px on load, ${rendered} px rendered`).toBeGreaterThan(0.75);
        expect(onLoad / rendered, `${onLoad} px on load, ${rendered} px rendered`).toBeLessThan(1.25);
      });
    }
  }

  for (const reached of ['on a first load', 'after a click'] as const) {
    test(`${reached}: the sections not rendered yet hold their estimates scaled by what the rendered ones of their kind measured (reference-kit/reference/browser/heightFit.ts)`, async ({page}) => {
      await page.setViewportSize({width: 1280, height: 800});
      if (reached === 'after a click') await clickThrough(page);
      else {
        await page.goto(API_PAGE);
        await waitForHydration(page);
      }
      const factor = (name: string) =>
        page.locator('[data-kit-reference]').evaluate((node, property) => (node as HTMLElement).style.getPropertyValue(property), name);
      // The page opens on the API's description, sections of text alone: their factor is set first.
      await expect.poll(() => factor('--kit-fit-text'), {timeout: 15_000}).not.toBe('');
      for (const [id, property] of [
        [FAR_OPERATION, '--kit-fit'],
        [FAR_TAG, '--kit-fit-text'],
      ] as const) {
        expect(await renderedByReact(page, id)).toBe(false);
        // After a click the section goes in empty, then gets the built page's HTML in idle time, which a busy machine has later.
        await expect(section(page, id)).not.toHaveAttribute('data-kit-pending', /.*/, {timeout: 15_000});
        const {fit, estimate, held} = await section(page, id).evaluate((node, name) => {
          const style = getComputedStyle(node);
          const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
          const reference = node.closest<HTMLElement>('[data-kit-reference]')!;
          return {
            // No operation measured yet: the estimates stand.
            fit: Number(reference.style.getPropertyValue(name) || 1),
            estimate: parseFloat(style.getPropertyValue('--kit-h')),
            held: node.getBoundingClientRect().height - padding,
          };
        }, property);
        expect(fit).toBeGreaterThanOrEqual(0.5);
        expect(fit).toBeLessThanOrEqual(1.5);
        expect(estimate, 'the estimate is a length in pixels').toBeGreaterThan(0);
        expect(Math.abs(held - estimate * fit), `${id}: ${held} px held for an estimate of ${estimate} px, fitted by ${property} ${fit}`).toBeLessThan(2);
      }
    });
  }

  test('nothing but Redoc\'s padding between the API\'s title block and the first section', async ({page}) => {
    await page.goto(API_PAGE);
    await waitForHydration(page);
    const gap = await page.evaluate(() => {
      const info = document.querySelector('.api-content > [data-kit-info]')!;
      const content = info.querySelector('.api-info')!.getBoundingClientRect();
      const first = document.querySelector('.api-content > [data-section-id]')!.getBoundingClientRect();
      return first.top - content.bottom;
    });
    // Redoc's sections are 40 px above and below their content at this width.
    expect(gap).toBeLessThan(120);
  });
});

/** The built site's scripts, with the one chunk that holds Redoc. */
function builtScripts(): {scripts: {file: string; source: string}[]; redoc: string} {
  const dir = path.resolve(process.env.BUILD_DIR ?? 'build', 'assets/js');
  const scripts = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({file, source: fs.readFileSync(path.join(dir, file), 'utf8')}));
  const redoc = scripts.filter(({source}) => source.includes('redoc-markdown'));
  expect(redoc.length, 'a chunk holds Redoc').toBe(1);
  return {scripts, redoc: redoc[0]!.source};
}

test("the production bundle keeps Redoc's in-browser spec loader out of the API pages, in chunks loaded on first use (reference-kit/lib/specLoader.js)", async ({page}) => {
  const {scripts} = builtScripts();
  // A message of @redocly/openapi-core's resolver, which only the loader pulls in; webpack may split
  // it from the small chunk named for the loader, which loads it.
  const withLoader = scripts.filter(({source}) => source.includes('Self-referencing circular pointer')).map(({file}) => file);
  expect(withLoader.length, 'the loader is in the build').toBeGreaterThan(0);
  expect(scripts.some(({file}) => /^redoc-spec-loader\.[\da-f]+\.js$/.test(file))).toBe(true);
  // The site's API pages render specs loaded at build time: they never load any of it.
  const requested: string[] = [];
  page.on('request', (request) => requested.push(path.basename(new URL(request.url()).pathname)));
  for (const route of apiRoutes) {
    await page.goto(route);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  }
  await page.waitForLoadState('networkidle');
  expect(requested.filter((file) => withLoader.includes(file) || file.startsWith('redoc-spec-loader'))).toEqual([]);
});

test("Redoc's chunk carries the Prism grammars of the specs' code and of the kit's request samples, and no others (plugins/lean-redoc)", () => {
  const {redoc} = builtScripts();
  // Each grammar assigns itself to `Prism.languages.<name>`, whatever the minifier calls Prism.
  const grammars = new Set(Array.from(redoc.matchAll(/\.languages\.([a-z]+)=/g), (match) => match[1]));
  for (const kept of ['bash', 'python', 'csv', 'go', 'java', 'php', 'ruby', 'csharp']) expect(grammars, kept).toContain(kept);
  for (const leftOut of ['swift', 'sql', 'lua', 'perl', 'scala', 'objectivec']) expect(grammars, leftOut).not.toContain(leftOut);
});

test('the API pages load the entry scripts deferred, and a page without a reference as Docusaurus writes them (reference-kit/lib/deferEntryScripts.js)', async ({request}) => {
  const entryScripts = async (route: string) => entryScriptAttributes(await (await request.get(route)).text());
  for (const route of [...apiRoutes, '/docs/nested/nested-1/']) expect(await entryScripts(route), route).toEqual(['defer', 'defer']);
  expect(await entryScripts('/docs/')).toEqual(['', '']);
});

test('each spec comes with the headings of its descriptions, found by the build (reference-kit/lib/descriptionHeadings.js)', () => {
  const {scripts} = builtScripts();
  const recorded = scripts.filter(({source}) => /"descriptionHeadings":\{[^}]*"id":"section\/What-you-can-do"/.test(source));
  // The page of each routed spec and the spec modules of the custom pages and docs.
  expect(recorded.length).toBeGreaterThanOrEqual(4);
});

test('a code sample rendered in the browser is highlighted as on the server', async ({page}) => {
  await rememberServerHtml(page);
  await page.goto(`${API_PAGE}#tag/pet/operation/addPet`);
  await waitForHydration(page);
  const addPet = section(page, 'tag/pet/operation/addPet');
  await expectRendered(page, 'tag/pet/operation/addPet');
  await addPet.getByRole('tab', {name: 'requests', exact: true}).click();
  const panel = addPet.getByRole('tabpanel').filter({hasText: 'import requests'});
  await expect(panel.locator('.token.keyword', {hasText: /^import$/}).first()).toBeVisible();
  await expect(panel.locator('.token.string').first()).toBeVisible();
});

test("a JSON sample's collapsed values are rendered when the reader expands them, and work as Redoc's (reference-kit/patches/redoc+2.1.4.patch)", async ({page, request}) => {
  // The server's HTML: the list of a value under a collapsed one is empty, with the value's path.
  const html = await (await request.get(API_PAGE)).text();
  const lists = [...html.matchAll(/<ul class="(?:obj|array) collapsible" data-kit-path="[^"]*">(.{5})/g)];
  expect(lists.length).toBeGreaterThan(5);
  expect(lists.filter(([, next]) => next !== '</ul>')).toEqual([]);

  const addPet = 'tag/pet/operation/addPet';
  const problems = collectPageProblems(page);
  await rememberServerHtml(page);
  await page.goto(`${API_PAGE}#${addPet}`);
  await waitForHydration(page);
  await expectRendered(page, addPet);
  const samples = section(page, addPet).locator('[role="tabpanel"]').filter({has: page.locator('.redoc-json')}).first();
  const sample = samples.locator('.redoc-json');
  const value = (key: string) => sample.locator('.hoverable').filter({has: page.locator(`:scope > .property`, {hasText: `"${key}"`})});
  // The category is shown; its `sub`, one level further, is collapsed, its list empty until expanded.
  await expect(value('category')).toBeVisible();
  await expect(value('sub')).toHaveClass(/\bcollapsed\b/);
  await expect(value('sub').locator('li')).toHaveCount(0);
  await value('sub').locator(':scope > .collapser').click();
  await expect(value('sub')).not.toHaveClass(/\bcollapsed\b/);
  await expect(value('prop1')).toBeVisible();
  await expect(value('sub').locator(':scope > .collapser')).toHaveAttribute('aria-label', 'collapse');
  // Collapsed again, it hides what it holds, as Redoc's does.
  await value('sub').locator(':scope > .collapser').click();
  await expect(value('prop1')).toBeHidden();

  // "Expand all" fills and shows every list; "Collapse all" closes all but the top one.
  const tagName = sample.locator('.token.string', {hasText: '"indoor"'});
  await expect(tagName).toHaveCount(0);
  await samples.getByRole('button', {name: 'Expand all'}).click();
  await expect(sample.locator('[data-kit-path]')).toHaveCount(0);
  await expect(tagName).toBeVisible();
  await expect(value('prop1')).toBeVisible();
  await expect(sample.locator('.collapsed > .collapsible')).toHaveCount(0);
  await samples.getByRole('button', {name: 'Collapse all'}).click();
  await expect(value('category')).toHaveClass(/\bcollapsed\b/);
  await expect(value('sub')).toBeHidden();
  expect(problems.pageErrors).toEqual([]);
});
