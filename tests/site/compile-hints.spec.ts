import {expect, test} from '@playwright/test';
import {MAGIC_COMMENT} from '../../plugins/compile-hints';
import {measureFirstLoad} from '../../bench/firstLoad';

/**
 * plugins/compile-hints: the scripts a page load runs ask V8 to compile them eagerly, off the main
 * thread; the chunks a page loads for itself, which may hold code that never runs, do not.
 */
const hinted = (body: string) => body.startsWith(`${MAGIC_COMMENT}\n`);
const fileName = (url: string) => new URL(url).pathname.split('/').pop()!;

test('the entry chunks and Redoc’s chunk are marked for eager compilation, and only they', async ({page}) => {
  const api = await measureFirstLoad(page, '/examples/using-single-yaml/');
  const scripts = api.files.filter((file) => file.kind === 'script');
  const marked = scripts.filter((file) => hinted(file.body)).map((file) => fileName(file.url));
  expect(marked).toEqual(expect.arrayContaining([expect.stringMatching(/^main\./), expect.stringMatching(/^runtime~main\./)]));
  const redoc = scripts.filter((file) => file.body.includes('redoc-markdown'));
  expect(redoc.length, 'a chunk holds Redoc').toBe(1);
  expect(hinted(redoc[0].body), 'Redoc’s chunk').toBe(true);
  // The spec, the page's component: loaded for this page, not marked.
  const pageChunks = scripts.filter((file) => !/^(main|runtime~main)\./.test(fileName(file.url)) && file !== redoc[0]);
  expect(pageChunks.length).toBeGreaterThan(0);
  expect(pageChunks.filter((file) => hinted(file.body)).map((file) => fileName(file.url))).toEqual([]);
  expect(marked).toHaveLength(3);

  // A page without Redoc marks its entry chunks only.
  const home = await page.context().newPage();
  const homeLoad = await measureFirstLoad(home, '/');
  expect(homeLoad.files.filter((file) => file.kind === 'script' && hinted(file.body)).map((file) => fileName(file.url)).sort()).toEqual(
    [expect.stringMatching(/^main\./), expect.stringMatching(/^runtime~main\./)],
  );
});
