/**
 * The operations' "Try it" console on this site's pet store, whose servers do not exist: the site
 * opens it on the mock server (`tryIt: {mockFirst: true}`). A page loads none of its code until a
 * reader points at a button; the console opens as a modal dialog that keyboard alone can fill, send
 * and close; the mock answers with the documented status and example, and refuses an invalid body;
 * axe finds nothing serious with it open, in both modes, at 1280 and 375 px. The OAuth 2 sign-in
 * runs against a provider the test plays (the pet store's does not exist).
 */
import {expect, test, type Page} from '@playwright/test';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';
import {seriousFindings} from '../../bench/axe';

const API_PAGE = '/examples/using-single-yaml/';
const ADD_PET = 'tag/pet/operation/addPet';

const section = (page: Page, id: string) => page.locator(`.api-content [data-section-id="${id}"]`).first();
const tryItButton = (page: Page, id: string) => section(page, id).getByRole('button', {name: 'Try it'});
const consoleDialog = (page: Page) => page.getByRole('dialog', {name: /^Try /});

/** Whether the focused element is in a dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));

/** Opens the console of operation `id`: its section comes to life near the viewport, and its button is then React's. */
async function openConsole(page: Page, id: string): Promise<void> {
  const button = tryItButton(page, id);
  await expect(async () => {
    await button.scrollIntoViewIfNeeded({timeout: 1_000});
    await button.click({timeout: 1_000});
    await expect(consoleDialog(page)).toBeVisible({timeout: 1_000});
  }).toPass({timeout: 15_000});
}

test.use({viewport: {width: 1280, height: 800}});

test("no console code until a reader reaches for a button; the mock answers addPet with its example, and refuses a broken body", async ({page}) => {
  const problems = collectPageProblems(page);
  const consoleChunks: string[] = [];
  page.on('request', (request) => {
    if (/kit-console/.test(request.url())) consoleChunks.push(request.url());
  });
  await page.goto(API_PAGE);
  await waitForHydration(page);
  await section(page, ADD_PET).scrollIntoViewIfNeeded();
  await page.waitForTimeout(1_000);
  expect(consoleChunks, 'the console is not loaded with the page').toEqual([]);

  await openConsole(page, ADD_PET);
  expect(consoleChunks.length).toBeGreaterThan(0);
  const dialog = consoleDialog(page);
  await expect(dialog.getByLabel('Server')).toHaveValue('-1');
  await dialog.getByRole('button', {name: 'Send'}).click();
  const response = dialog.getByRole('region', {name: 'Response'});
  await expect(response).toContainText('200 OK');
  await expect(response).toContainText('from the mock server');
  await expect(response.getByLabel('Response body')).toContainText('"name"');

  await dialog.getByLabel(/^Body/).fill('{"name": ');
  await dialog.getByRole('button', {name: 'Send'}).click();
  await expect(response).toContainText('400');
  await expect(response).toContainText('The body is not JSON');
  await expect(dialog.locator('.kit-console__curl pre')).toContainText("--data-raw '{\"name\": '");

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tryItButton(page, ADD_PET)).toBeFocused();
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test('keyboard alone: reach the button, open the console, fill a field, send, hear the response, close', async ({page}) => {
  await page.goto(`${API_PAGE}#tag/pet/operation/getPetById`);
  await waitForHydration(page);
  const button = tryItButton(page, 'tag/pet/operation/getPetById');
  await expect(async () => {
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(consoleDialog(page)).toBeVisible({timeout: 1_000});
  }).toPass({timeout: 15_000});
  const dialog = consoleDialog(page);
  // Focus is in the dialog, and stays there.
  await expect.poll(() => focusInDialog(page)).toBe(true);
  const petId = dialog.getByLabel(/petId/);
  await petId.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('42');
  await page.keyboard.press('Enter');
  const response = dialog.getByRole('region', {name: 'Response'});
  await expect(response).toHaveAttribute('aria-live', 'polite');
  await expect(response).toContainText('200 OK');
  await expect(dialog.locator('.kit-console__curl pre')).toContainText('/v1/pet/42');
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page), 'Tab stays in the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("OAuth 2's implicit flow: the provider's page in a window of its own, the token back into the console, and a refusal in words", async ({page, context}) => {
  const problems = collectPageProblems(page);
  // The pet store's provider does not exist: this one answers as a provider would once the reader agreed.
  const asked: URL[] = [];
  await context.route('https://petstore.example.com/oauth/authorize?*', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    const back = new URL(url.searchParams.get('redirect_uri')!);
    const answer = new URLSearchParams({state: url.searchParams.get('state')!});
    if (url.searchParams.get('client_id') === 'docs-console') answer.set('access_token', 'token-from-the-provider');
    else answer.set('error', 'access_denied');
    back.hash = answer.toString();
    await route.fulfill({status: 302, headers: {Location: back.href}});
  });
  await page.goto(API_PAGE);
  await waitForHydration(page);
  await openConsole(page, 'tag/pet/operation/updatePet');
  const dialog = consoleDialog(page);
  await dialog.getByText('Sign in with OAuth 2 to get a token').click();
  await expect(dialog.getByLabel(/write:pets/)).toBeChecked();

  await dialog.getByLabel('Client ID').fill('someone-else');
  const refused = page.waitForEvent('popup');
  await dialog.getByRole('button', {name: 'Sign in'}).click();
  await (await refused).waitForEvent('close');
  await expect(dialog.getByRole('alert')).toContainText('The provider did not sign you in: access_denied.');

  await dialog.getByLabel('Client ID').fill('docs-console');
  const signInWindow = page.waitForEvent('popup');
  await dialog.getByRole('button', {name: 'Sign in'}).click();
  await (await signInWindow).waitForEvent('close');
  await expect(dialog.getByLabel(/^Access token/)).toHaveValue('token-from-the-provider');
  await expect(dialog.locator('.kit-console__curl pre')).toContainText("Authorization: Bearer token-from-the-provider");
  // What the console asked for: a token, for this client, the operation's scopes, back to this page.
  const last = asked.at(-1)!;
  expect(Object.fromEntries(last.searchParams)).toMatchObject({response_type: 'token', client_id: 'docs-console', scope: 'write:pets read:pets'});
  expect(last.searchParams.get('redirect_uri')).toBe(new URL(API_PAGE, page.url()).href);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

for (const width of [1280, 375]) {
  test(`axe with the console open and answered, light and dark, at ${width} px`, async ({page}) => {
    await page.setViewportSize({width, height: 800});
    for (const mode of ['light', 'dark'] as const) {
      // The mode a returning reader chose; the navbar's switch is behind the modal console.
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto(API_PAGE);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await openConsole(page, ADD_PET);
      await consoleDialog(page).getByRole('button', {name: 'Send'}).click();
      await expect(consoleDialog(page).getByRole('region', {name: 'Response'})).toContainText('200 OK');
      // The OAuth 2 sign-in's fields too.
      await consoleDialog(page).getByText('Sign in with OAuth 2 to get a token').click();
      await expect(consoleDialog(page).getByLabel('Client ID')).toBeVisible();
      // Behind the console the page is dimmed and out of reach, as a modal dialog's page is (the
      // next test); axe reads its dimmed text as low contrast, so it scans the console here, and
      // the page's own scans run without one (tests/site/accessibility.spec.ts).
      expect(await seriousFindings(page, mode, '#__docusaurus'), `${mode} mode, ${width} px, console open`).toEqual([]);
    }
  });
}

test("behind the console the page is out of reach: the pointer lands on the console's layer, and assistive technology is kept in the dialog", async ({page}) => {
  await page.goto(API_PAGE);
  await waitForHydration(page);
  await openConsole(page, ADD_PET);
  await expect(consoleDialog(page)).toHaveAttribute('aria-modal', 'true');
  // A point of the page beside the dialog: the navbar's corner.
  expect(await page.evaluate(() => document.elementFromPoint(4, 4)?.className)).toBe('kit-console-layer');
  // Chromium's accessibility tree, as a screen reader gets it: the navbar's links are left out while
  // the dialog, which has the focus, is open.
  await expect.poll(() => focusInDialog(page)).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  const reachable = async (name: string) => {
    const {nodes} = (await cdp.send('Accessibility.getFullAXTree')) as {nodes: {ignored: boolean; role?: {value: string}; name?: {value: string}}[]};
    return nodes.some((node) => !node.ignored && node.role?.value === 'link' && node.name?.value === name);
  };
  expect(await reachable('Docs'), 'the navbar behind the console').toBe(false);
  // The console opens a part a frame (reference-kit/reference/browser/tryIt/Console.tsx): Send comes with its last part.
  await expect(consoleDialog(page).getByRole('button', {name: 'Send'})).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(consoleDialog(page)).toBeHidden();
  expect(await reachable('Docs'), 'the navbar once the console has closed').toBe(true);
});
