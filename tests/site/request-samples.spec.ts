/**
 * Request samples in the reader's language (reference-kit/lib/requestSamples.js, and the kit's
 * patch of Redoc's request samples tabs): each operation of the pet store shows the spec's own
 * samples first, then the kit's in the languages the spec's own do not show; a language the reader
 * picks is picked in every operation, on the next visit, and on another page with the same tabs. The
 * server's HTML holds the payload and the first sample: a page without scripts cannot switch tabs.
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {collectPageProblems, waitForHydration} from '../support/pageErrors';

test.use({viewport: {width: 1280, height: 800}});

const API_PAGE = '/examples/using-single-yaml/';
const OTHER_API_PAGE = '/examples/using-multi-file-yaml/';
const ALL_LANGUAGES = ['curl', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby'];

const section = (page: Page, id: string) => page.locator(`.api-content [data-section-id="${id}"]`).first();
/** The request samples' tabs: the first tab list of an operation's right panel. */
const sampleTabs = (page: Page, id: string) => section(page, id).locator('[role="tablist"]').first().locator('[role="tab"]');
const tab = (page: Page, id: string, label: string) => sampleTabs(page, id).filter({hasText: new RegExp(`^\\s*${label.replace(/[.#+]/g, '\\$&')}\\s*$`)});
const selectedLabel = async (tabs: Locator) => ((await tabs.and(tabs.page().locator('[aria-selected="true"]')).first().textContent()) ?? '').trim();

/** Clicks a tab, once its section has come to life, until the tab is selected. */
async function pick(page: Page, id: string, label: string): Promise<void> {
  // The server wrote the first sample's tab only: the others come with the section's life.
  await section(page, id).scrollIntoViewIfNeeded();
  const target = tab(page, id, label);
  await expect(target).toHaveCount(1, {timeout: 15_000});
  await target.scrollIntoViewIfNeeded();
  await expect(async () => {
    await target.click();
    await expect(target).toHaveAttribute('aria-selected', 'true', {timeout: 500});
  }).toPass({timeout: 15_000});
}

async function expectSelected(page: Page, id: string, label: string): Promise<void> {
  await section(page, id).scrollIntoViewIfNeeded();
  await expect.poll(() => selectedLabel(sampleTabs(page, id)), {timeout: 15_000}).toBe(label);
}

test("the spec's own samples first, then the kit's in the other languages; the server's HTML holds the first", async ({browser, page}) => {
  // Without JavaScript, the tabs are what the server wrote: the payload and the first code sample,
  // since a page without scripts cannot switch tabs.
  const context = await browser.newContext({javaScriptEnabled: false});
  const noScripts = await context.newPage();
  await noScripts.goto(API_PAGE);
  await expect(sampleTabs(noScripts, 'tag/pet/operation/deletePet')).toHaveText(['curl']);
  await expect(sampleTabs(noScripts, 'tag/pet/operation/addPet')).toHaveText(['Payload', 'curl']);
  // The selected tab's code is in the page: for deletePet, curl's request to the first server.
  const panel = section(noScripts, 'tag/pet/operation/deletePet').locator('[role="tabpanel"]').first();
  await expect(panel).toContainText('curl --request DELETE');
  await expect(panel).toContainText('https://petstore.example.com/v1/pet/10');
  await context.close();

  // In the browser, once the sections have come to life: every language.
  await page.goto(API_PAGE);
  await waitForHydration(page);
  // deletePet has no samples of its own: the Payload tab is not there (no body), every language is.
  await section(page, 'tag/pet/operation/deletePet').scrollIntoViewIfNeeded();
  await expect(sampleTabs(page, 'tag/pet/operation/deletePet')).toHaveText(ALL_LANGUAGES, {timeout: 15_000});
  // addPet has curl, fetch and requests of its own, after Redoc's Payload tab; the kit adds the other languages.
  await section(page, 'tag/pet/operation/addPet').scrollIntoViewIfNeeded();
  await expect(sampleTabs(page, 'tag/pet/operation/addPet')).toHaveText(['Payload', 'curl', 'fetch', 'requests', 'Go', 'Java', 'C#', 'PHP', 'Ruby'], {timeout: 15_000});
});

test('a language picked in one operation is picked in the others, after a reload and on another page', async ({page}) => {
  const problems = collectPageProblems(page);
  await page.goto(API_PAGE);
  await waitForHydration(page);
  await pick(page, 'tag/pet/operation/deletePet', 'Python');
  await expect(section(page, 'tag/pet/operation/deletePet').locator('.react-tabs__tab-panel--selected').first()).toContainText('import requests');
  // A later operation with no samples of its own shows Python too; one whose own Python sample is
  // labelled "requests" shows that one.
  await expectSelected(page, 'tag/store/operation/getInventory', 'Python');
  await expectSelected(page, 'tag/pet/operation/getPetById', 'requests');
  await page.reload();
  await waitForHydration(page);
  await expectSelected(page, 'tag/pet/operation/deletePet', 'Python');
  await page.goto(OTHER_API_PAGE);
  await waitForHydration(page);
  await expectSelected(page, 'tag/pet/operation/deletePet', 'Python');
  // Picking again changes it everywhere, by keyboard as by mouse.
  const go = tab(page, 'tag/pet/operation/deletePet', 'Go');
  await go.scrollIntoViewIfNeeded();
  await tab(page, 'tag/pet/operation/deletePet', 'Python').focus();
  await page.keyboard.press('ArrowRight');
  await expect(go).toHaveAttribute('aria-selected', 'true');
  await expectSelected(page, 'tag/store/operation/getInventory', 'Go');
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});
