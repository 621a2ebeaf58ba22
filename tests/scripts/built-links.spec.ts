/**
 * The built-site link checker (tests/support/builtLinks.ts) on a small hand-made build: it must
 * report every kind of broken internal URL, all of them in one list, and pass what a static host
 * serves. The full site's check is tests/build/base-url.spec.ts. Node only.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {checkBuiltLinks} from '../support/builtLinks';

const SITE = 'https://site.test';
const BASE = '/base/';

const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head>
    <link rel="stylesheet" href="/base/assets/site.css">
    <link rel="canonical" href="https://site.test/base/">
    <link rel="preload" as="image" imagesrcset="/base/img/a.png 1x, /base/img/gone.png 2x">
    <meta property="og:image" content="https://site.test/base/img/og.png">
    <script src="/base/assets/app.js"></script>
  </head><body id="top">
    <a href="/base/docs/">folder</a>
    <a href="/base/docs">folder without its slash</a>
    <a href="docs/intro">relative, served from intro.html</a>
    <a href="/base/docs/#install">fragment</a>
    <a href="/base/docs/#missing">missing fragment</a>
    <a href="#top">same page</a>
    <a href="#legacy">same page, by name</a><a name="legacy"></a>
    <a href="/base/caf%C3%A9/">percent-encoded</a>
    <a href="/docs/">outside the base</a>
    <a href="https://site.test/base/missing/">absolute, missing</a>
    <img src="/base/img/a.png" srcset="/base/img/a.png 1x, /base/img/b.png 2x" alt="">
    <svg><use href="#icon"></use><use xlink:href="#no-icon"></use></svg><svg id="icon"></svg>
    <a href="https://other.test/nowhere/">another origin</a>
    <a href="mailto:someone@site.test">mail</a>
    <a href="#">script button</a>
  </body></html>`,
  // Served for every missing path: its links to itself are not pages, its other links are checked.
  '404.html': `<link rel="canonical" href="https://site.test/base/404.html/">
    <a href="/base/404/">English</a><a href="/base/docs/">Docs</a><a href="/base/gone/">Gone</a>`,
  'docs/index.html': '<h2 id="install">Install</h2>',
  'docs/intro.html': '<p>Intro</p>',
  'café/index.html': '<p>Accent</p>',
  'assets/site.css': '',
  'assets/app.js': '',
  'img/a.png': '',
  'img/og.png': '',
  'sitemap.xml': '<urlset><url><loc>https://site.test/base/docs/</loc></url><url><loc>https://site.test/base/gone/</loc></url></urlset>',
  'search-index-abc.json': JSON.stringify([
    {documents: [{i: 1, t: 'Install', u: '/base/docs/', h: '#install'}, {i: 2, t: 'Gone', u: '/base/docs/', h: '#gone'}]},
  ]),
};

test('reports every broken internal URL of a build, and only those', async () => {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'built-links-'));
  try {
    for (const [file, text] of Object.entries(FILES)) {
      await fs.mkdir(path.dirname(path.join(outDir, file)), {recursive: true});
      await fs.writeFile(path.join(outDir, file), text);
    }
    const report = await checkBuiltLinks({outDir, siteUrl: SITE, baseUrl: BASE});
    expect(report.pages).toBe(5);
    expect(report.problems.sort()).toEqual(
      [
        '404.html: <a href> "/base/gone/": no built file',
        'index.html: <link imagesrcset> "/base/img/gone.png": no built file',
        'index.html: <a href> "/base/docs/#missing": no element with id "missing" on docs/index.html',
        'index.html: <a href> "/docs/": outside the base URL /base/',
        'index.html: <a href> "https://site.test/base/missing/": no built file',
        'index.html: <img srcset> "/base/img/b.png": no built file',
        'index.html: <use xlink:href> "#no-icon": no element with id "no-icon" on index.html',
        'sitemap.xml: <loc> "https://site.test/base/gone/": no built file',
        'search-index-abc.json: result "/base/docs/#gone": no element with id "gone" on docs/index.html',
      ].sort(),
    );
  } finally {
    await fs.rm(outDir, {recursive: true, force: true});
  }
});
