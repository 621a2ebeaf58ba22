/**
 * reference-kit/lib/contentSecurityPolicy.js: the policy every built page gets, the inline scripts
 * it allows (Docusaurus's own, found by where they start in the page, never a script of the page's
 * content), the preset's `contentSecurityPolicy` option, and the one pass over the built pages that
 * also defers the entry scripts (reference-kit/lib/builtPages.js). Node only.
 *
 * The pages are made as Docusaurus 2.4.3 makes them: its SSR template, rendered with eta as its
 * server entry does, and theme-classic's own tags (the colour mode and announcement bar script).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import * as eta from 'eta';
import ssrTemplate from '@docusaurus/core/lib/webpack/templates/ssr.html.template';
import {loadHtmlTags} from '@docusaurus/core/lib/server/htmlTags';
import themeClassic from '@docusaurus/theme-classic';
import type {LoadContext} from '@docusaurus/types';
import {
  DEFAULT_DIRECTIVES,
  docusaurusInlineScripts,
  policyFor,
  resolveContentSecurityPolicy,
  withContentSecurityPolicy,
} from '../../reference-kit/lib/contentSecurityPolicy';
import {rewriteBuiltPages} from '../../reference-kit/lib/builtPages';
import {deferEntryScripts} from '../../reference-kit/lib/deferEntryScripts';
import {kitThemeOptions} from '../../reference-kit/lib/themePlugin';

/** theme-classic's tags for a site with an announcement bar: the script written before the root. */
function themeTags() {
  const context = {
    siteConfig: {
      themeConfig: {
        prism: {additionalLanguages: []},
        colorMode: {defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false},
        announcementBar: {id: 'news', content: 'News', isCloseable: true},
      },
    },
    i18n: {currentLocale: 'en', localeConfigs: {en: {direction: 'ltr'}}},
  } as unknown as LoadContext;
  return loadHtmlTags([themeClassic(context, {customCss: []} as never) as never]);
}

/** The base-URL banner's script as Helmet writes it into the home page's `<head>` (abridged). */
const BANNER_SCRIPT = "\nwindow['__DOCUSAURUS_INSERT_BASEURL_BANNER'] = true;\ndocument.addEventListener('DOMContentLoaded', maybeInsertBanner);\n";

/** A built page: Docusaurus 2.4.3's template around `appHtml`, with `postBodyTags` after its entry scripts. */
function page({appHtml, headScript = false, postBodyTags = ''}: {appHtml: string; headScript?: boolean; postBodyTags?: string}): string {
  const tags = themeTags();
  const compiled = eta.compile(ssrTemplate.trim(), {rmWhitespace: true});
  return compiled(
    {
      appHtml,
      baseUrl: '/',
      htmlAttributes: 'lang="en" dir="ltr"',
      bodyAttributes: 'class="navigation-with-keyboard"',
      headTags: tags.headTags,
      preBodyTags: tags.preBodyTags,
      postBodyTags,
      metaAttributes: ['<title data-rh="true">Pets | Site</title>', ...(headScript ? [`<script data-rh="true">${BANNER_SCRIPT}</script>`] : [])],
      scripts: ['assets/js/runtime~main.1.js', 'assets/js/main.2.js'],
      stylesheets: ['assets/css/styles.3.css'],
      noIndex: false,
      version: '2.4.3',
    },
    eta.defaultConfig,
  ) as string;
}

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const COLOUR_SCRIPT = () => {
  const match = /^<script>([\s\S]*)<\/script>$/.exec(themeTags().preBodyTags);
  if (!match) throw new Error('theme-classic wrote no script before the root');
  return match[1]!;
};
/** A script that would run if the policy allowed it; each a different text. */
const payload = (name: string) => `<script>window.ran=(window.ran||[]).concat(${JSON.stringify(name)})</script>`;
const REFERENCE = (inside: string) => `<div class="redocusaurus-styles"><style>.a{}</style></div><div class="redocusaurus" data-kit-reference="">${inside}</div>`;

test('the policy: every directive, with the hashes of Docusaurus’s own inline scripts in script-src', () => {
  const html = page({appHtml: '<main><h1>Docs</h1></main>', headScript: true});
  expect(docusaurusInlineScripts(html)).toEqual([BANNER_SCRIPT, COLOUR_SCRIPT()]);
  expect(policyFor(html)).toBe(
    [
      "default-src 'self'",
      `script-src 'self' ${sha256(BANNER_SCRIPT)} ${sha256(COLOUR_SCRIPT())}`,
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
      "form-action 'self'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ].join('; '),
  );
  for (const headerOnly of ['frame-ancestors', 'report-uri', 'report-to', 'sandbox']) expect(policyFor(html)).not.toContain(headerOnly);
});

test('a script of the page’s content is never hashed: in a reference, in <noscript>, anywhere in the root, out of it by broken markup, after the entry scripts', () => {
  const own = [COLOUR_SCRIPT()];
  const cases = {
    'in a kit reference': page({appHtml: REFERENCE(`<p>GET /pets</p>${payload('reference')}`)}),
    'in the reference’s styles': page({appHtml: REFERENCE('').replace('<style>.a{}</style>', `<style>.a{}</style>${payload('styles')}`)}),
    'in <noscript>': page({appHtml: `<main><noscript>${payload('noscript')}</noscript></main>`}),
    'in a <noscript> in the reference': page({appHtml: REFERENCE(`<noscript><section>${payload('stub')}</section></noscript>`)}),
    'elsewhere in the root': page({appHtml: `<main><article>${payload('article')}</article></main>`}),
    // A spec's Markdown that closes more elements than it opened puts its script after the root in the tree.
    'out of the root by end tags': page({appHtml: REFERENCE(`<p>text</p></div></div></div></div></div>${payload('escaped')}<div><div>`)}),
    'in a template': page({appHtml: `<template>${payload('template')}</template>`}),
    'an SVG script': page({appHtml: `<svg><script>window.ran=1</script></svg>`}),
    'after the entry scripts (a plugin’s postBodyTags)': page({appHtml: '<main></main>', postBodyTags: payload('post-body')}),
  };
  for (const [name, html] of Object.entries(cases)) {
    expect(html, name).toContain('window.ran');
    expect(docusaurusInlineScripts(html), name).toEqual(own);
    expect(policyFor(html), name).toContain(`script-src 'self' ${sha256(COLOUR_SCRIPT())};`);
  }
});

test('the root’s tag written as text before the root (in a script of the head) is not taken for the root', () => {
  const html = page({appHtml: REFERENCE(payload('reference'))}).replace(
    '<title data-rh="true">',
    `<script>document.title = '<div id="__docusaurus">';</script><title data-rh="true">`,
  );
  expect(docusaurusInlineScripts(html)).toEqual([`document.title = '<div id="__docusaurus">';`, COLOUR_SCRIPT()]);
});

test('the meta goes at the top of <head>, right after <meta charset>, and an HTML file that is not a Docusaurus page is left as it is', () => {
  const html = page({appHtml: '<main></main>'});
  const withPolicy = withContentSecurityPolicy(html, resolveContentSecurityPolicy(undefined) as Record<string, string[]>);
  expect(withPolicy).toMatch(/^<!DOCTYPE html>\s*<html lang="en" dir="ltr">\s*<head>\s*<meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-/);
  expect(withPolicy.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, '')).toBe(html);
  expect(withContentSecurityPolicy('<!doctype html><html><head></head><body><div id="__docusaurus"></div></body></html>', {'default-src': ["'self'"]})).toBe(
    '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src \'self\'"></head><body><div id="__docusaurus"></div></body></html>',
  );
  const staticFile = '<!doctype html><html><head><script>analytics()</script></head><body><p>Verification</p></body></html>';
  expect(withContentSecurityPolicy(staticFile, {'default-src': ["'self'"]})).toBe(staticFile);
  expect(docusaurusInlineScripts(staticFile)).toBeUndefined();
});

test('the option: left out or true is the kit’s policy, false is none', () => {
  const kit = Object.fromEntries(Object.entries(DEFAULT_DIRECTIVES).map(([name, sources]) => [name, [...sources]]));
  expect(resolveContentSecurityPolicy(undefined)).toEqual(kit);
  expect(resolveContentSecurityPolicy(true)).toEqual(kit);
  expect(resolveContentSecurityPolicy({})).toEqual(kit);
  expect(resolveContentSecurityPolicy(false)).toBe(false);
});

test('the option: `extend` adds sources (a fallback’s when the kit has no such directive, and `none` goes), `override` replaces them or leaves a directive out', () => {
  const policy = resolveContentSecurityPolicy({
    extend: {
      'img-src': ['https://cdn.example.com'],
      'frame-src': ['https://www.youtube-nocookie.com'],
      'media-src': ['https://media.example.com'],
      'script-src': ["'self'", 'https://analytics.example.com'],
    },
    override: {'form-action': ["'self'", 'https://forms.example.com'], 'base-uri': false, 'connect-src': ["'self'", 'https://api.example.com']},
  });
  expect(policy).not.toBe(false);
  const text = policyFor(page({appHtml: '<main></main>'}), policy as Record<string, string[]>)!;
  const directives = Object.fromEntries(text.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
  expect(directives['img-src']).toEqual(["'self'", 'data:', 'https://cdn.example.com']);
  expect(directives['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
  expect(directives['media-src']).toEqual(["'self'", 'https://media.example.com']);
  expect(directives['script-src']).toEqual(["'self'", 'https://analytics.example.com', sha256(COLOUR_SCRIPT())]);
  expect(directives['form-action']).toEqual(["'self'", 'https://forms.example.com']);
  expect(directives['connect-src']).toEqual(["'self'", 'https://api.example.com']);
  expect(directives['base-uri']).toBeUndefined();
  expect(directives['object-src']).toEqual(["'none'"]);
});

test('the option: what a <meta> policy cannot carry, and what is not an option, fails with what to do', () => {
  const fails = (option: unknown, message: RegExp) => expect(() => resolveContentSecurityPolicy(option), JSON.stringify(option)).toThrow(message);
  for (const name of ['frame-ancestors', 'report-uri', 'report-to', 'sandbox']) {
    fails({extend: {[name]: ["'none'"]}}, new RegExp(`\`${name}\`.*ignore.*<meta>.*response header`));
    fails({override: {[name]: ['https://example.com']}}, /response header/);
  }
  fails({extend: {'img_src': ['https://cdn.example.com']}}, /`img_src`.*not a directive/);
  fails({extend: {'img-src': 'https://cdn.example.com'}}, /list of sources/);
  fails({extend: {'img-src': ['self']}}, /single quotes: "'self'"/);
  fails({extend: {'img-src': ['https://a.example.com https://b.example.com']}}, /one word/);
  fails({extend: {'img-src': ['https://a.example.com;script-src *']}}, /one word/);
  fails({override: {'img-src': ["'none'", 'https://cdn.example.com']}}, /'none' with other sources/);
  fails({override: {'script-src': false}}, /script-src.*Docusaurus's own inline scripts/);
  fails({directives: {}}, /takes `extend` and `override`, not `directives`/);
  fails('strict', /must be false .*, true or left out/);
  fails({extend: []}, /`extend` must be an object/);
});

test('the option is the site’s: set on a kit preset other than the first, it fails', () => {
  const context = {} as LoadContext;
  expect(kitThemeOptions(context, ['a'], false)).toMatchObject({id: 'default', contentSecurityPolicy: false});
  expect(() => kitThemeOptions(context, ['b'], {extend: {'img-src': ['https://cdn.example.com']}})).toThrow(/set it once, on the site's first/);
  expect(kitThemeOptions(context, ['c'])).toEqual({id: 'preset-2', specIds: ['c']});
  expect(kitThemeOptions({} as LoadContext, ['a'])).toMatchObject({contentSecurityPolicy: resolveContentSecurityPolicy(undefined)});
});

test('the preset takes the option, and hands redocusaurus its options without it', () => {
  const referenceKit = require('../../reference-kit') as (context: unknown, options: unknown) => {themes: [string, Record<string, unknown>][]; plugins: [string, Record<string, unknown>][]};
  const context = {siteDir: os.tmpdir(), baseUrl: '/', siteConfig: {baseUrl: '/'}};
  const preset = referenceKit(context, {specs: [{id: 'pets', spec: 'pets.yaml'}], contentSecurityPolicy: {extend: {'img-src': ['https://cdn.example.com']}}});
  const kitTheme = preset.themes.at(-1)![1];
  expect((kitTheme.contentSecurityPolicy as Record<string, string[]>)['img-src']).toEqual(["'self'", 'data:', 'https://cdn.example.com']);
  for (const [, options] of [...preset.themes.slice(0, -1), ...preset.plugins]) expect(options).not.toHaveProperty('contentSecurityPolicy');
  expect(() => referenceKit({...context}, {specs: [], contentSecurityPolicy: {extend: {'frame-ancestors': ["'none'"]}}})).toThrow(/frame-ancestors/);
});

test('one pass over the built pages: a page with a reference gets both its policy and its deferred entry scripts, and a file not of Docusaurus neither', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-built-pages-'));
  try {
    fs.mkdirSync(path.join(outDir, 'api'));
    fs.writeFileSync(path.join(outDir, 'api/index.html'), page({appHtml: REFERENCE('<p>GET /pets</p>')}));
    fs.writeFileSync(path.join(outDir, 'index.html'), page({appHtml: '<main></main>', headScript: true}));
    const staticFile = '<!doctype html><html><head></head><body>verification</body></html>';
    fs.writeFileSync(path.join(outDir, 'google123.html'), staticFile);
    const policy = resolveContentSecurityPolicy(undefined) as Record<string, string[]>;
    rewriteBuiltPages(outDir, [deferEntryScripts, (html, file) => withContentSecurityPolicy(html, policy, file)]);

    const api = fs.readFileSync(path.join(outDir, 'api/index.html'), 'utf8');
    expect(api.match(/<meta http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(Array.from(api.matchAll(/<script src="[^"]+"( defer)?>/g), ([, defer]) => defer)).toEqual([' defer', ' defer']);
    expect(api).toContain(`script-src 'self' ${sha256(COLOUR_SCRIPT())};`);
    const home = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(home).toContain(`script-src 'self' ${sha256(BANNER_SCRIPT)} ${sha256(COLOUR_SCRIPT())};`);
    expect(home).not.toContain(' defer>');
    expect(fs.readFileSync(path.join(outDir, 'google123.html'), 'utf8')).toBe(staticFile);
  } finally {
    fs.rmSync(outDir, {recursive: true, force: true});
  }
});
