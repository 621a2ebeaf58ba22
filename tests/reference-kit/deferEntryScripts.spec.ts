/**
 * reference-kit/lib/deferEntryScripts.js: the pages with a reference load Docusaurus's entry
 * scripts deferred, with a script of the site's written as they are after them; no other page, nor
 * a page where something else ends the body, changes. Node only.
 */
import {expect, test} from '@playwright/test';
import {deferEntryScripts} from '../../reference-kit/lib/deferEntryScripts';

/** A page as Docusaurus 2.4.3's template writes it, with `content` in its root and `after` after its scripts. */
const page = (content: string, after = '') =>
  `<!doctype html><html><head><link rel="preload" href="/assets/js/main.1.js" as="script"></head><body><div id="__docusaurus">${content}</div>
<script src="/assets/js/runtime~main.2.js"></script>
<script src="/assets/js/main.1.js"></script>
${after}</body>
</html>`;
const REFERENCE = '<div class="redocusaurus" data-kit-reference=""><p>GET /pets</p></div>';

test('a page with a reference: both entry scripts deferred, in their order, and nothing else changed', () => {
  const html = page(REFERENCE);
  const deferred = deferEntryScripts(html);
  expect(Array.from(deferred.matchAll(/<script [^>]*>/g), ([tag]) => tag)).toEqual([
    '<script src="/assets/js/runtime~main.2.js" defer>',
    '<script src="/assets/js/main.1.js" defer>',
  ]);
  expect(deferred.replace(/ defer>/g, '>')).toBe(html);
});

test('a page without a reference is left as it is', () => {
  const html = page('<main><h1>Docs</h1></main>');
  expect(deferEntryScripts(html)).toBe(html);
});

test('a page whose body ends with an inline script of its own after the entry scripts is left as it is', () => {
  const html = page(REFERENCE, '<script>window.analytics = true;</script>\n');
  expect(deferEntryScripts(html)).toBe(html);
});

test('script markup in the content (a code sample) is never touched', () => {
  const html = page(`${REFERENCE}<pre><code>&lt;script src="x.js"&gt;&lt;/script&gt;</code></pre><div><script src="/inline-demo.js"></script></div>`);
  const deferred = deferEntryScripts(html);
  expect(deferred).toContain('<div><script src="/inline-demo.js"></script></div>');
  expect(deferred.match(/ defer>/g)).toHaveLength(2);
});

test("a script of the site's own written as Docusaurus writes its entry scripts is deferred with them, after them", () => {
  const html = page(REFERENCE, '<script src="/js/analytics.js"></script>\n');
  const deferred = deferEntryScripts(html);
  expect(Array.from(deferred.matchAll(/<script [^>]*>/g), ([tag]) => tag)).toEqual([
    '<script src="/assets/js/runtime~main.2.js" defer>',
    '<script src="/assets/js/main.1.js" defer>',
    '<script src="/js/analytics.js" defer>',
  ]);
});

test('a script with other attributes after the entry scripts leaves the page as it is', () => {
  const html = page(REFERENCE, '<script src="/js/analytics.js" async></script>\n');
  expect(deferEntryScripts(html)).toBe(html);
});
