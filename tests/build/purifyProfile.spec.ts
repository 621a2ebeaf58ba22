/**
 * The kit's sanitizing profile (reference-kit/lib/purifyProfile.js) in both renders of a built
 * page: the server's HTML, and the Markdown React renders in the browser when a section comes to
 * life, which goes through the DOMPurify the theme plugin gives Redoc's browser bundle
 * (reference-kit/lib/browserPurify.js). DOMPurify's default profile keeps a spec's `<form>`,
 * `<button>` and `<input>`; the kit's keeps their text alone. The hostile spec
 * (tests/fixtures/hostile-spec.yaml) as a file, sanitized by the kit's default: this site's
 * redocly.yaml does not opt out. Unit tests of the profile: tests/reference-kit/purifyProfile.spec.ts.
 */
import {expect, test} from '@playwright/test';
import {DomUtils, parseDocument} from 'htmlparser2';
import type {Element} from 'domhandler';
import type {Example} from '../../src/data/examples';
import {buildMiniSite, removeMiniSite, type MiniSiteBuild} from '../../scripts/sites/miniSite';

const PAGE = {
  specId: 'hostile-file',
  route: '/examples/hostile-file/',
  title: 'Hostile spec (file)',
  description: 'A spec whose text is markup that runs script.',
  specFile: 'tests/fixtures/hostile-spec.yaml',
  kind: 'plugin-route',
} as Example;

const FORM_ELEMENTS = new Set(['form', 'input', 'button']);

test.describe("the kit's sanitizing profile in a built site", () => {
  test.describe.configure({mode: 'serial'});
  let build: MiniSiteBuild | undefined;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    build = await buildMiniSite({examples: [PAGE]});
    expect(build.exitCode, build.output).toBe(0);
  });
  test.afterAll(async () => removeMiniSite(build));

  test("the server's HTML has the description's text, and no form element of the spec's", async () => {
    const document = parseDocument(await build!.readBuilt(`${PAGE.route.slice(1)}index.html`));
    // The element Redoc sets the description's HTML in: the parent of its first paragraph.
    const paragraphs = DomUtils.findAll((element) => element.name === 'p' && DomUtils.textContent(element) === 'Lists the items.', document.children);
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const element of paragraphs.map((paragraph) => paragraph.parent as Element)) {
      expect(DomUtils.findAll((child) => FORM_ELEMENTS.has(child.name), element.children).map((child) => child.name)).toEqual([]);
      expect(DomUtils.textContent(element)).toContain('Send');
    }
  });

  test('the Markdown React renders in the browser is sanitized with the profile too', async ({browser}) => {
    const server = await build!.serve();
    const context = await browser.newContext({viewport: {width: 1280, height: 900}});
    try {
      const tab = await context.newPage();
      await tab.goto(`${server.origin}${PAGE.route}`);
      await expect(tab.locator('html[data-has-hydrated="true"]')).toBeAttached();
      // Brought into view (which brings its section to life) until React has rendered it. React marks each
      // element it creates with its fiber; the server's HTML has none. So this element, and the HTML
      // Redoc sanitized for it, are the browser's. In one call: React replaces the server's element.
      const byReact = () =>
        tab.evaluate(() => {
          const element = Array.from(document.querySelectorAll('p')).find((p) => p.textContent === 'Lists the items.')?.parentElement;
          element?.scrollIntoView({block: 'center'});
          return element ? Object.keys(element).some((key) => key.startsWith('__reactFiber$')) : false;
        });
      await expect.poll(byReact, {timeout: 15_000}).toBe(true);
      const description = tab.locator('p', {hasText: /^Lists the items\.$/}).first().locator('xpath=..');
      expect(await description.locator('form, input, button').count()).toBe(0);
      await expect(description).toContainText('Send');
      await expect(description.locator('details summary')).toHaveText('More');
    } finally {
      await context.close();
      await server.close();
    }
  });
});
