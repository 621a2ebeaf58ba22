/**
 * The hostile API descriptions, and the checks of a page that renders one.
 *
 * - tests/fixtures/hostile-spec.yaml: markup that runs script in every place a spec's text reaches
 *   a page; each payload pushes its name onto `window.__hostile` if it runs.
 * - tests/fixtures/hostile-spec-structure.yaml: markup that needs no script to harm a page: it
 *   breaks the page's structure, posts a form elsewhere, covers the page, loads from another site,
 *   navigates, or runs through parser confusion and non-string URL fields. Every payload's name
 *   starts with `hx-` (`structurePayloadNames`), in its script, its address or its element.
 *
 * Shared by the site's build test (tests/build/hostile-spec.spec.ts) and the reader site with the
 * kit (tests/reader-site/kit.spec.ts), which check a page:
 *
 * - without JavaScript: the HTML the server wrote holds no script, event handler, `javascript:`
 *   address or frame of the spec's (`scriptingMarkup`), and nothing of the spec's that takes the
 *   page over without script (`takeoverMarkup`): forms, overlays, style, resources of another site;
 * - as a reader meets it (`checkHostilePage`), with JavaScript or without, on a load or after a
 *   click, at a width: nothing ran, navigated, left for another origin, posted, covered the page,
 *   or was blocked by the Content-Security-Policy but DOMPurify's own parse (`HostileReport`).
 *
 * HTML is read with htmlparser2's parser, the live page with the browser's DOM: never a pattern
 * over markup.
 */
import fs from 'node:fs';
import path from 'node:path';
import {DomUtils, Parser, parseDocument} from 'htmlparser2';
import type {Element as ParsedElement} from 'domhandler';
import {expect, test, type Browser, type Page} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/repoRoot';

export const HOSTILE_SPEC = path.join(REPO_ROOT, 'tests/fixtures/hostile-spec.yaml');
export const HOSTILE_STRUCTURE_SPEC = path.join(REPO_ROOT, 'tests/fixtures/hostile-spec-structure.yaml');
/** Elements whose ids shadow globals the page's scripts read: on a page of their own, as a payload that works stops the page's scripts. */
export const HOSTILE_CLOBBERING_SPEC = path.join(REPO_ROOT, 'tests/fixtures/hostile-spec-clobbering.yaml');

/** The name of every payload in a fixture that would run script (the first fixture's by default). */
export function payloadNames(file = HOSTILE_SPEC): string[] {
  return [...new Set([...fs.readFileSync(file, 'utf8').matchAll(/\.(?:push|concat)\('([\w-]+)'\)/g)].map((match) => match[1]!))];
}

/** The name of every payload of the structure fixture, script or not: each `hx-` name it holds. */
export function structurePayloadNames(): string[] {
  return [...new Set([...fs.readFileSync(HOSTILE_STRUCTURE_SPEC, 'utf8').matchAll(/\bhx-[\w-]*\w/g)].map((match) => match[0]))].sort();
}

/** The `hx-` payload names a finding mentions (its element's id or text, its address). */
export const namesIn = (finding: string): string[] => [...new Set(finding.match(/\bhx-[\w-]*\w/g) ?? [])];

/** Text a reader sees on the page, so that a check knows the hostile page did render. */
export const HOSTILE_PAGE_TEXT = ['Lists the items.', 'a normal link'];
/** The same for the structure fixture: its first section, and its last operation's (past the page's budget of HTML). */
export const HOSTILE_STRUCTURE_TEXT = ['Structure payloads follow.', 'The far payloads follow, in a section past the page'];

/** Browsers drop ASCII whitespace and control characters inside a URL's scheme. */
const scheme = (value: string) => /^([a-z][a-z\d+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcdoc']);
const FORBIDDEN_ELEMENTS = new Set(['iframe', 'object', 'embed', 'base', 'frame', 'frameset', 'applet']);

/**
 * Markup in `html` that could run script: every event-handler attribute, `javascript:`/`vbscript:`
 * and non-image `data:` addresses, `srcdoc`, frames, objects, `<base>`, `<meta http-equiv=refresh>`,
 * and inline scripts that mention the payloads. Docusaurus's own scripts are same-origin files or
 * inline code without `__hostile`.
 */
export function scriptingMarkup(html: string): string[] {
  const found: string[] = [];
  let inScript = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script') {
          inScript = true;
          const src = attributes.src;
          if (src !== undefined && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(src)) found.push(`<script src="${src}">`);
        }
        if (FORBIDDEN_ELEMENTS.has(name)) found.push(`<${name}>`);
        if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') found.push('<meta http-equiv="refresh">');
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute)) found.push(`<${name} ${attribute}="${value}">`);
          if (!URL_ATTRIBUTES.has(attribute.toLowerCase())) continue;
          const kind = scheme(value);
          const safeData = kind === 'data' && /^\s*data:image\//i.test(value) && name !== 'a';
          if (attribute === 'srcdoc' || kind === 'javascript' || kind === 'vbscript' || (kind === 'data' && !safeData)) {
            found.push(`<${name} ${attribute}="${value.slice(0, 80)}">`);
          }
        }
      },
      ontext(text) {
        if (inScript && text.includes('__hostile')) found.push(`<script>${text.slice(0, 80)}</script>`);
      },
      onclosetag(name) {
        if (name === 'script') inScript = false;
      },
    },
    {decodeEntities: true, lowerCaseAttributeNames: true},
  );
  parser.write(html);
  parser.end();
  return found;
}

/**
 * Brings every section of the reference on `page` to life (the kit renders a section as it nears
 * the viewport), giving each payload its chance: scrolls to the bottom a screen at a time, back to
 * the top, and waits for the page to settle. Returns the payloads that ran.
 */
export async function payloadsThatRan(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await pause();
    }
    window.scrollTo(0, 0);
    await pause();
  });
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as {__hostile?: string[]}).__hostile ?? []);
}

/**
 * Redoc puts the HTML of a spec's Markdown in an element of its Markdown block's styled component,
 * which some places mark with the class `redoc-markdown` and the API's description and summary
 * with `data-role` (Redoc drops the class there). Their class names are the build's: the Markdown
 * block's are those that every marked element has (styled-components' `sc-` ids of the component
 * and of the block it extends), and every element that has them all holds a spec's Markdown.
 */
const MARKED_MARKDOWN = '.redoc-markdown, [data-role="redoc-description"], [data-role="redoc-summary"]';
const MARKDOWN_CLASS = 'redoc-markdown';

/** The `sc-` class names common to all of `classLists`. */
function markdownComponentClasses(classLists: string[][]): string[] {
  let common: string[] | undefined;
  for (const list of classLists) {
    const ids = list.filter((name) => name.startsWith('sc-'));
    common = common ? common.filter((name) => ids.includes(name)) : ids;
  }
  return common ?? [];
}
/** Elements that, in a spec's Markdown, post, cover, restyle, load or take the page's head over. */
const TAKEOVER_ELEMENTS = new Set([
  ...['form', 'input', 'button', 'select', 'textarea', 'output', 'fieldset', 'dialog', 'map', 'area'],
  ...['svg', 'math', 'style', 'link', 'meta', 'base', 'template', 'noscript', 'script'],
  ...['iframe', 'frame', 'object', 'embed', 'video', 'audio', 'track', 'portal'],
]);
/** Attributes that, in a spec's Markdown, position or restyle, open, post, ping, or focus. */
const TAKEOVER_ATTRIBUTES = new Set(['style', 'popover', 'popovertarget', 'popovertargetaction', 'usemap', 'form', 'formaction', 'action', 'ping', 'http-equiv', 'autofocus', 'background']);
/** Attributes whose address the browser loads. */
const RESOURCE_ATTRIBUTES = ['src', 'srcset', 'poster', 'data', 'background'];
/** Globals the page's scripts read that an element's id would shadow (webpack's chunk list, this file's record). */
const READ_GLOBALS = /^(?:webpackChunk.*|__hostile|__docusaurus)$/;
/** Elements whose `name` the document itself exposes (`document[name]`). */
const NAMED_ON_DOCUMENT = new Set(['img', 'form', 'embed', 'object', 'iframe']);

/** The addresses of a `srcset`: the first word of each candidate. */
const srcsetAddresses = (value: string) => value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!).filter(Boolean);
/** The `url(…)` addresses of CSS text. */
const cssAddresses = (css: string) => Array.from(css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/gi), (match) => match[2] ?? match[4]!);

/** Whether `address`, resolved against `origin`, is on another origin (data: and blob: are not). */
function elsewhere(address: string, origin: string): boolean {
  const kind = scheme(address);
  if (kind === 'data' || kind === 'blob') return false;
  try {
    return new URL(address.trim(), `${origin}/`).origin !== origin;
  } catch {
    return false;
  }
}

const describeElement = (element: ParsedElement) => {
  const attributes = Object.entries(element.attribs)
    .filter(([name]) => ['id', 'class', 'name', 'title', 'alt', 'href', 'src'].includes(name))
    .map(([name, value]) => ` ${name}="${value.slice(0, 60)}"`)
    .join('');
  return `<${element.name}${attributes}> ${DomUtils.textContent(element).trim().slice(0, 50)}`.trim();
};

/**
 * Markup of the spec's in `html` (a built page) that takes a page over without running script: in
 * the HTML of the spec's Markdown, elements that post, cover, restyle or load (forms and their
 * controls, dialogs, image maps, SVG, MathML, style, links, frames, media), attributes that
 * position, open, post or ping, classes of the site's or the reference's layout (the navbar's, the
 * columns'), ids that shadow a global
 * the page's scripts read or that have a `/` (Redoc's sections' ids), `target` without
 * `rel="noopener"`, resources of another origin than `origin`; anywhere in the page, a
 * `<meta http-equiv=refresh>`, a `<base>`, a style sheet of another origin, an open `<dialog>`, a form.
 */
export function takeoverMarkup(html: string, origin: string): string[] {
  const document = parseDocument(html, {decodeEntities: true, lowerCaseAttributeNames: true});
  const elements = DomUtils.findAll(() => true, document.children) as ParsedElement[];
  const marked = elements.filter((element) => classesOf(element).includes(MARKDOWN_CLASS) || /^redoc-(?:description|summary)$/.test(element.attribs['data-role'] ?? ''));
  const component = markdownComponentClasses(marked.map(classesOf));
  const isMarkdown = (element: ParsedElement) => marked.includes(element) || (component.length > 0 && component.every((name) => classesOf(element).includes(name)));
  const inMarkdown = (element: ParsedElement) => ancestors(element).some(isMarkdown);
  const spec = elements.filter(inMarkdown);
  const specSet = new Set(spec);
  // The site's own classes (its navbar's, its layout's), those of the page outside the reference.
  const inReference = (element: ParsedElement) => ancestors(element).some((ancestor) => classesOf(ancestor).includes('redocusaurus'));
  const pageClasses = new Set(elements.filter((element) => !inReference(element) && !classesOf(element).includes('redocusaurus')).flatMap(classesOf));
  const pageIds = new Set(elements.filter((element) => !specSet.has(element)).map((element) => element.attribs.id).filter(Boolean));
  const found: string[] = [];
  for (const element of elements) {
    const what = describeElement(element);
    const {attribs} = element;
    if (element.name === 'meta' && attribs['http-equiv']?.toLowerCase() === 'refresh') found.push(`a refresh: ${what} content="${attribs.content}"`);
    if (element.name === 'base' && ancestors(element).some((ancestor) => ancestor.name === 'body')) found.push(`a <base> in the body: ${what}`);
    // The kit's own console (reference-kit/reference/browser/tryIt/Console.tsx): a form in a modal dialog.
    const kitConsole = [element, ...ancestors(element)].some((node) => node.name === 'dialog' && classesOf(node).includes('kit-console'));
    if (element.name === 'form' && !kitConsole) found.push(`a form: ${what} action="${attribs.action ?? ''}"`);
    if (element.name === 'dialog' && 'open' in attribs && !kitConsole) found.push(`an open dialog: ${what}`);
    if (element.name === 'link' && /\bstylesheet\b/i.test(attribs.rel ?? '') && elsewhere(attribs.href ?? '', origin)) found.push(`a style sheet of another origin: ${attribs.href}`);
    if (!specSet.has(element)) continue;
    if (TAKEOVER_ELEMENTS.has(element.name)) found.push(`<${element.name}> in the spec's Markdown: ${what}`);
    for (const [name, value] of Object.entries(attribs)) {
      if (TAKEOVER_ATTRIBUTES.has(name)) found.push(`${name}="${value.slice(0, 80)}" in the spec's Markdown: ${what}`);
    }
    // And the reference's layout: its columns, the kit's. (Not Redoc's styled components' `sc-`
    // names: Redoc's own elements in its Markdown block, the licence's and contact's, carry them.)
    const ownClasses = classesOf(element).filter((name) => pageClasses.has(name) || /^(?:navbar|menu-content|api-content|redocusaurus|kit-)/.test(name));
    if (ownClasses.length > 0) found.push(`the page's own classes (${ownClasses.join(' ')}) in the spec's Markdown: ${what}`);
    for (const name of ['id', 'name'] as const) {
      const value = attribs[name];
      if (value === undefined) continue;
      if (value.includes('/') || READ_GLOBALS.test(value)) found.push(`${name}="${value}" in the spec's Markdown: ${what}`);
      if (name === 'id' && pageIds.has(value)) found.push(`the id of an element of the page's, "${value}", in the spec's Markdown`);
      if (name === 'name' && NAMED_ON_DOCUMENT.has(element.name)) found.push(`document.${value} taken by ${what}`);
    }
    if (attribs.target !== undefined && !/\bnoopener\b|\bnoreferrer\b/i.test(attribs.rel ?? '')) found.push(`target="${attribs.target}" without rel="noopener": ${what}`);
    const addresses = [
      ...RESOURCE_ATTRIBUTES.flatMap((name) => (attribs[name] === undefined ? [] : name === 'srcset' ? srcsetAddresses(attribs[name]) : [attribs[name]])),
      ...(element.name === 'link' ? [attribs.href ?? ''] : []),
      ...cssAddresses(attribs.style ?? ''),
      ...(element.name === 'style' ? cssAddresses(DomUtils.textContent(element)) : []),
    ];
    for (const address of addresses) if (elsewhere(address, origin)) found.push(`a resource of another origin in the spec's Markdown: ${address} (${what})`);
  }
  return found;
}

function ancestors(element: ParsedElement): ParsedElement[] {
  const list: ParsedElement[] = [];
  for (let parent = element.parent; parent && parent.type !== 'root'; parent = parent.parent) list.push(parent as ParsedElement);
  return list;
}
const classesOf = (element: ParsedElement) => (element.attribs?.class ?? '').split(/\s+/).filter(Boolean);

/** What a check of a hostile page found, by kind; each list is empty on an inert page. */
export interface HostileReport {
  /** Payloads that ran (`window.__hostile`), and a spec download that ran as a script (`window.__specRan`). */
  ran: string[];
  /** The page left its address: another path, a new document, a frame, a new window, a JavaScript dialog, a document request. */
  navigated: string[];
  /** Requests to another origin than the page's that the browser sent (data: and blob: aside). */
  offOrigin: string[];
  /** A file of the spec's (its download, its pieces) requested as a script. */
  specAsScript: string[];
  /** Forms, password fields, form controls of the spec's Markdown, form attributes. */
  forms: string[];
  /** What of the spec's covers the page: positioned elements of its Markdown or its logo, boxes reaching out of their section, open dialogs and popovers, points of the viewport that land on them, pseudo-elements of the page's. */
  covering: string[];
  /** Links, frames and forms with a `javascript:`, `vbscript:` or non-image `data:` address. */
  scriptLinks: string[];
  /** Markup of the spec's in the live page that could run script or take the page over (`scriptingMarkup`, `takeoverMarkup`). */
  markup: string[];
  /** Content-Security-Policy violations but the known noise (below). */
  cspViolations: string[];
  /** Uncaught errors of the page's scripts, and a page that did not hydrate. */
  pageErrors: string[];
  /** Text the page should show and does not: the hostile page did not render. */
  missingText: string[];
  /**
   * Not problems, recorded: the policy's reports about markup on no element of the page, raised
   * while a script of the site's ran (Chromium reports the inline handlers, `script-src-attr`, and a
   * `<base>`, `base-uri`, of the HTML DOMPurify parses into its inert document, which it then
   * removes), and requests to another origin the policy blocked before they left.
   */
  noise: {domPurifyParse: string[]; blockedByPolicy: string[]};
}

export interface HostilePageVisit {
  /** The site's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** The hostile page's route, with its trailing slash. */
  route: string;
  /** A load of the page, or a click from `from`'s link named `linkText` (a client-side navigation when JavaScript runs). */
  way: 'load' | 'click';
  from?: {route: string; linkText: string};
  javaScript: boolean;
  width: number;
  /** Text the page shows once rendered. */
  text: readonly string[];
  /** Then open the first operation's "Try it" console and send its request to the mock server. */
  console?: boolean;
}

/**
 * Opens the first operation's console, as a reader pressing its "Try it" button once the section has
 * come to life, and sends its request to the mock server, which answers from the spec in the page.
 */
async function openConsole(page: Page, report: HostileReport): Promise<void> {
  const button = page.locator('.api-content .kit-try-it__button').first();
  const dialog = page.locator('dialog.kit-console');
  try {
    await button.scrollIntoViewIfNeeded();
    await expect(async () => {
      await button.click();
      await expect(dialog).toBeVisible({timeout: 1_000});
    }).toPass({timeout: 20_000});
    await dialog.getByLabel('Server').selectOption('-1');
    await dialog.getByRole('button', {name: 'Send'}).click();
    await expect(dialog.getByRole('region', {name: 'Response'})).toContainText(/\d{3}/, {timeout: 10_000});
  } catch (error) {
    report.missingText.push(`the console did not open and answer: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

/** Points of the viewport each probe checks: a grid of (COLUMNS + 1) × (ROWS + 1). */
const COLUMNS = 8;
const ROWS = 10;

/**
 * Visits a page with a hostile reference as a reader does, brings every section to life (with
 * JavaScript) or scrolls through the whole page (without), checking at every stop which element is
 * at each point of a grid over the viewport, and returns what it found (`HostileReport`).
 */
export async function checkHostilePage(browser: Browser, visit: HostilePageVisit): Promise<HostileReport> {
  const {origin, route, way, javaScript, width} = visit;
  const context = await browser.newContext({viewport: {width, height: width < 500 ? 800 : 900}, javaScriptEnabled: javaScript});
  const report: HostileReport = {ran: [], navigated: [], offOrigin: [], specAsScript: [], forms: [], covering: [], scriptLinks: [], markup: [], cspViolations: [], pageErrors: [], missingText: [], noise: {domPurifyParse: [], blockedByPolicy: []}};
  try {
    // Every document of the context: the payloads' record (an own property, which no element's id
    // shadows), a token of the document, and the policy's reports.
    await context.addInitScript(() => {
      const define = (name: string, value: unknown) => Object.defineProperty(window, name, {value, writable: true, configurable: true});
      define('__hostile', []);
      define('__hxDocument', Math.random());
      const reports: unknown[] = [];
      define('__hxCsp', reports);
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const target = event.target;
          const onPage = target instanceof Element && target.isConnected;
          reports.push({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            sample: event.sample,
            source: `${event.sourceFile}:${event.lineNumber}`,
            element: onPage ? (target as Element).outerHTML.slice(0, 160) : '',
          });
        },
        true,
      );
    });
    const page = await context.newPage();
    const requests: {url: string; type: string; frame: boolean; failure?: string}[] = [];
    const byRequest = new Map<object, (typeof requests)[number]>();
    page.on('request', (request) => {
      const entry = {url: request.url(), type: request.resourceType(), frame: request.isNavigationRequest() && request.frame() === page.mainFrame()};
      byRequest.set(request, entry);
      requests.push(entry);
    });
    page.on('requestfailed', (request) => {
      const entry = byRequest.get(request);
      if (entry) entry.failure = request.failure()?.errorText ?? 'failed';
    });
    const consoleCsp: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleCsp.push(message.text().slice(0, 240));
    });
    page.on('pageerror', (error) => report.pageErrors.push(`${error.name}: ${error.message}`));
    page.on('dialog', (dialog) => {
      report.navigated.push(`a JavaScript ${dialog.type()}: ${dialog.message().slice(0, 80)}`);
      void dialog.dismiss().catch(() => {});
    });
    context.on('page', (opened) => {
      if (opened !== page) report.navigated.push(`a new window: ${opened.url()}`);
    });

    const target = origin + route;
    let live = javaScript;
    const hydrated = async () => {
      if (!javaScript) return;
      try {
        await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 30_000});
      } catch {
        report.pageErrors.push('the page did not hydrate within 30 s');
        // Its scripts stopped: the page is walked as without them.
        live = false;
      }
    };
    const documentToken = () => page.evaluate(() => (window as unknown as {__hxDocument?: number}).__hxDocument);
    // Work in the page that a navigation may cut short (a refresh, a form): the navigation is the finding.
    let left = false;
    const inPage = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
      if (left) return fallback;
      try {
        return await work();
      } catch (error) {
        if (!/Execution context was destroyed|navigat|frame was detached|Target .*closed/i.test(String(error))) throw error;
        left = true;
        report.navigated.push(`the page navigated while it was checked: it is now ${page.url()}`);
        return fallback;
      }
    };
    if (way === 'click') {
      if (!visit.from) throw new Error('checkHostilePage: a click needs `from`');
      await page.goto(origin + visit.from.route);
      await hydrated();
      const before = javaScript ? await documentToken() : undefined;
      await page.locator('article').getByRole('link', {name: visit.from.linkText, exact: true}).click();
      await expect.poll(() => new URL(page.url()).pathname, {message: `the click on "${visit.from.linkText}" leads to ${route}`}).toBe(route);
      if (javaScript && (await inPage(documentToken, undefined)) !== before) report.navigated.push('the click loaded a new document: the client-side navigation did not happen');
    } else {
      await page.goto(target);
      await hydrated();
    }
    await page.waitForLoadState('load');
    const arrived = requests.length;
    const token = javaScript ? await inPage(documentToken, undefined) : undefined;

    if (live) {
      // The short sections go into the page after it loads (or after the click, from the built page).
      await page
        .locator('.redocusaurus [data-section-id]')
        .first()
        .waitFor({state: 'attached', timeout: 30_000})
        .catch(() => report.missingText.push('no section of the reference came into the page'));
      await page.locator('.api-content[data-kit-ahead]').waitFor({state: 'detached', timeout: 30_000}).catch(() => report.covering.push('the sections ahead never all went into the page'));
    }
    report.covering.push(...(await inPage(() => walkThePage(page, live), [])));
    if (visit.console) await inPage(() => openConsole(page, report), undefined);
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle', {timeout: 10_000}).catch(() => {});

    // Whether anything ran.
    const ran = await inPage(
      () =>
        page.evaluate(() => {
          const record = (window as unknown as {__hostile?: unknown}).__hostile;
          const names = Array.isArray(record) ? record.map(String) : record === undefined ? [] : [`window.__hostile is no longer the record: ${Object.prototype.toString.call(record)}`];
          const specRan = (window as unknown as {__specRan?: unknown}).__specRan;
          return specRan === undefined ? names : [...names, `a spec download ran as a script (window.__specRan = ${String(specRan)})`];
        }),
      [],
    );
    report.ran.push(...ran);

    // Whether the page left its address.
    const now = new URL(page.url());
    if (now.origin + now.pathname !== target) report.navigated.push(`the page is now ${page.url()}`);
    if (javaScript && !left && (await inPage(documentToken, undefined)) !== token) report.navigated.push('a new document replaced the page');
    for (const request of requests.slice(arrived)) if (request.frame) report.navigated.push(`a navigation of the page to ${request.url}`);
    for (const frame of page.frames()) if (frame !== page.mainFrame()) report.navigated.push(`a frame: ${frame.url()}`);

    // Requests.
    for (const request of requests) {
      const kind = scheme(request.url);
      if (kind === 'data' || kind === 'blob') continue;
      if (new URL(request.url).origin !== origin) {
        if (request.failure === 'csp') report.noise.blockedByPolicy.push(`${request.type} ${request.url}`);
        else report.offOrigin.push(`${request.type} ${request.url}${request.failure ? ` (${request.failure})` : ''}`);
      } else if (request.type === 'script' && /^\/(?:redocusaurus|assets\/spec)\//.test(new URL(request.url).pathname)) {
        report.specAsScript.push(request.url);
      }
    }

    // What the live page holds.
    const found = await inPage(async () => page.evaluate(pageFindings, {markdown: await markdownSelector(page)}), {forms: [], covering: [], scriptLinks: []});
    report.forms.push(...found.forms);
    report.covering.push(...found.covering);
    report.scriptLinks.push(...found.scriptLinks);
    const html = await inPage(() => page.content(), '');
    report.markup.push(...scriptingMarkup(html), ...takeoverMarkup(html, origin).filter((finding) => !finding.startsWith('a resource of another origin')));

    // The policy's reports: with JavaScript, the page's own record; without, the browser's console.
    if (javaScript) {
      const reports = await inPage(() => page.evaluate(() => (window as unknown as {__hxCsp?: {directive: string; blocked: string; source: string; element: string}[]}).__hxCsp ?? []), []);
      for (const entry of reports) {
        const described = `${entry.directive} blocked ${entry.blocked || 'inline code'}${entry.element ? ` on ${entry.element}` : ''} (${entry.source})`;
        // Raised while one of the site's scripts ran, about markup on no element of the page: the
        // markup of an inert document (DOMPurify's parse before it sanitizes), never in the page.
        const bySiteScript = entry.source.startsWith(`${origin}/`) && /\.js:\d+$/.test(entry.source);
        if (elsewhere(entry.blocked, origin)) report.noise.blockedByPolicy.push(described);
        else if (entry.element === '' && bySiteScript) report.noise.domPurifyParse.push(described);
        else report.cspViolations.push(described);
      }
    } else {
      for (const message of consoleCsp) {
        // "Loading the image 'https://…' violates …" (older: "Refused to load…"): the policy keeping a load home.
        const refused = /^(?:Refused to|Loading the) [^']*'([^']+)'/.exec(message)?.[1];
        if (refused && elsewhere(refused, origin)) report.noise.blockedByPolicy.push(message);
        else report.cspViolations.push(message);
      }
    }

    // The reference's text as the page shows it: a noscript element's content is text when scripts run, elements when not.
    const shownText = () =>
      page.evaluate(
        ({texts, javaScript}) => {
          const root = Document.prototype.querySelector.call(document, '.redocusaurus');
          if (!root) return ['the reference'];
          // No filter callback: without JavaScript, the page cannot call one back.
          const walker = Document.prototype.createTreeWalker.call(document, root, NodeFilter.SHOW_TEXT);
          let shown = '';
          while (walker.nextNode()) if (!(javaScript && walker.currentNode.parentElement?.closest('noscript'))) shown += walker.currentNode.nodeValue;
          shown = shown.replace(/\s+/g, ' ');
          return texts.filter((text) => !shown.includes(text));
        },
        {texts: [...visit.text], javaScript},
      );
    report.missingText.push(...(await inPage(shownText, [...visit.text])));
  } finally {
    await context.close();
  }
  return report;
}

/** A selector of the elements that hold a spec's Markdown in the page (see `MARKED_MARKDOWN`). */
async function markdownSelector(page: Page): Promise<string> {
  const classLists = await page.evaluate((marked) => Array.from(Document.prototype.querySelectorAll.call(document, marked), (element) => Array.from(element.classList)), MARKED_MARKDOWN);
  const component = markdownComponentClasses(classLists);
  return component.length > 0 ? `${MARKED_MARKDOWN}, ${component.map((name) => `.${name}`).join('')}` : MARKED_MARKDOWN;
}

/**
 * Walks the page: with JavaScript, brings each section into view until React has rendered every one
 * (a section comes to life near the viewport); then, with or without, scrolls through the whole page
 * a screen at a time. At every stop, probes a grid of points of the viewport (`probeViewport`).
 * Driven from the test, a stop per call: without JavaScript, the page runs no timer or frame
 * callback of a script, the test's own included. Returns what the probes found.
 */
async function walkThePage(page: Page, javaScript: boolean): Promise<string[]> {
  const found = new Set<string>();
  const markdown = await markdownSelector(page);
  const probe = async () => {
    for (const finding of await page.evaluate(probeViewport, {markdown, columns: COLUMNS, rows: ROWS})) found.add(finding);
  };
  if (javaScript) {
    const SECTIONS = '.api-content > [data-section-id]';
    const left = () =>
      page.evaluate((selector) => {
        const byReact = (section: Element) => section.firstElementChild !== null && Object.keys(section.firstElementChild).some((key) => key.startsWith('__reactFiber$'));
        const sections = Array.from(Document.prototype.querySelectorAll.call(document, selector));
        return {total: sections.length, left: sections.flatMap((section, index) => (byReact(section) ? [] : [index]))};
      }, SECTIONS);
    for (let pass = 0; pass < 5; pass++) {
      const {left: indexes} = await left();
      if (indexes.length === 0) break;
      for (const index of indexes) {
        const moved = await page.evaluate(
          ({selector, index}) => {
            const section = Document.prototype.querySelectorAll.call(document, selector)[index];
            // A section brought into view brings its neighbours within a screen to life too.
            if (!section || (section.firstElementChild && Object.keys(section.firstElementChild).some((key) => key.startsWith('__reactFiber$')))) return false;
            section.scrollIntoView();
            return true;
          },
          {selector: SECTIONS, index},
        );
        if (!moved) continue;
        await page.waitForTimeout(50);
        await probe();
      }
      await page.waitForTimeout(500);
    }
    const {total, left: indexes} = await left();
    if (indexes.length > 0) found.add(`${indexes.length} of ${total} sections never came to life`);
  }
  for (let y = 0; ; ) {
    const {height, screen} = await page.evaluate((top) => {
      window.scrollTo(0, top);
      return {height: (Reflect.get(Document.prototype, 'documentElement', document) as HTMLElement).scrollHeight, screen: window.innerHeight};
    }, y);
    await page.waitForTimeout(30);
    await probe();
    if (y >= height - screen) break;
    y = Math.min(y + screen, height - screen);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(30);
  await probe();
  return [...found];
}

/**
 * Runs in the page: every point of a grid over the viewport must land on an element of the site's
 * root (not on the document's own `html` or `body`, as an overlay drawn by the page's pseudo-elements
 * would), and on an element of the spec's Markdown only inside that Markdown's own section.
 */
function probeViewport({markdown, columns, rows}: {markdown: string; columns: number; rows: number}): string[] {
  const found: string[] = [];
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const text = (element.textContent ?? '').trim().slice(0, 50);
    return `<${element.localName}${id}${element.getAttribute('alt') ? ` alt="${element.getAttribute('alt')}"` : ''}> ${text}`.trim();
  };
  const root = Document.prototype.getElementById.call(document, '__docusaurus');
  for (let column = 0; column <= columns; column++) {
    for (let row = 0; row <= rows; row++) {
      const x = Math.min(innerWidth - 1, Math.round((column * innerWidth) / columns));
      const y = Math.min(innerHeight - 1, Math.round((row * innerHeight) / rows));
      const element = Document.prototype.elementFromPoint.call(document, x, y);
      if (!element) continue;
      if (!root || !root.contains(element)) {
        found.push(`a point of the viewport is on ${describe(element)}, outside the site's root element`);
        continue;
      }
      const spec = element.closest(markdown);
      if (!spec) continue;
      const section = spec.closest('.api-content > [data-section-id], [data-kit-info]') ?? spec.closest('.redocusaurus');
      const box = section?.getBoundingClientRect();
      if (box && (x < box.left - 1 || x > box.right + 1 || y < box.top - 1 || y > box.bottom + 1)) {
        found.push(`a point of the viewport outside its section is on the spec's ${describe(element)}`);
      }
    }
  }
  return found;
}

/** Runs in the page: its forms, what covers it, its script links (see `HostileReport`). */
function pageFindings({markdown}: {markdown: string}): {forms: string[]; covering: string[]; scriptLinks: string[]} {
  const forms: string[] = [];
  const covering: string[] = [];
  const scriptLinks: string[] = [];
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const text = (element.textContent ?? '').trim().slice(0, 50);
    return `<${element.localName}${id}${element.getAttribute('alt') ? ` alt="${element.getAttribute('alt')}"` : ''}> ${text}`.trim();
  };
  const inSpec = (element: Element) => element.closest(markdown) !== null;
  // The document's own methods: a spec's `<img name="querySelectorAll">` would shadow `document`'s.
  const all = (selector: string) => Array.from(Document.prototype.querySelectorAll.call(document, selector));
  const property = <T>(name: string) => Reflect.get(Document.prototype, name, document) as T;

  // The kit's own console (reference-kit/reference/browser/tryIt/Console.tsx) is a form in a dialog, with password fields.
  const kitConsole = (element: Element) => element.closest('dialog.kit-console') !== null;
  for (const form of all('form')) if (!kitConsole(form)) forms.push(`a form posting to ${form.getAttribute('action') ?? 'this page'}: ${describe(form)}`);
  for (const field of all('input[type="password" i]')) if (!kitConsole(field)) forms.push(`a password field: ${describe(field)}`);
  for (const control of all(`:is(${markdown}) :is(input, button, select, textarea, output, fieldset)`)) forms.push(`a form control of the spec's: ${describe(control)}`);
  for (const element of all('[formaction], [form], [action]')) forms.push(`a form attribute: ${describe(element)}`);

  // Positioned elements of the spec's Markdown, and boxes that reach out of their section.
  const ownSection = (element: Element) => element.closest('.api-content > [data-section-id], [data-kit-info]') ?? element.closest('.redocusaurus');
  const clipping = (element: Element) => {
    const style = getComputedStyle(element);
    return style.overflowX !== 'visible' || style.overflowY !== 'visible' || /paint|strict|content/.test(style.contain);
  };
  for (const container of all(markdown)) {
    const section = ownSection(container);
    const box = section?.getBoundingClientRect();
    for (const element of [container, ...Array.from(container.querySelectorAll('*'))]) {
      const style = getComputedStyle(element);
      if (['fixed', 'absolute', 'sticky'].includes(style.position)) covering.push(`position: ${style.position} on the spec's ${describe(element)}`);
      if (!box || !section) continue;
      // The element's box as it shows: clipped by every ancestor up to its section that clips.
      let {left, top, right, bottom} = element.getBoundingClientRect();
      if (right - left < 1 || bottom - top < 1) continue;
      for (let ancestor = element.parentElement; ancestor && ancestor !== section; ancestor = ancestor.parentElement) {
        if (!clipping(ancestor)) continue;
        const clip = ancestor.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      if (right - left < 1 || bottom - top < 1) continue;
      if (left < box.left - 1 || top < box.top - 1 || right > box.right + 1 || bottom > box.bottom + 1) {
        covering.push(`the spec's ${describe(element)} reaches out of its section (${Math.round(right - left)}×${Math.round(bottom - top)} px at ${Math.round(left)},${Math.round(top)}; the section ${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.left)},${Math.round(box.top)})`);
      }
    }
  }
  // The spec's other elements: its logo (an image of the reference's outside any Markdown), whose
  // wrapper's style Redoc writes from the spec; positioned, it would cover the page.
  for (const image of all('.redocusaurus img')) {
    if (inSpec(image)) continue;
    const stop = image.closest('.menu-content, [data-kit-info], .api-content > [data-section-id]');
    for (let element: Element | null = image; element && element !== stop; element = element.parentElement) {
      const {position} = getComputedStyle(element);
      if (position === 'fixed' || position === 'absolute') covering.push(`position: ${position} on ${describe(element)}, around the image ${describe(image)}`);
    }
  }
  for (const dialog of all('dialog[open]')) if (!dialog.classList.contains('kit-console')) covering.push(`an open dialog: ${describe(dialog)}`);
  try {
    for (const open of all(':popover-open')) covering.push(`an open popover: ${describe(open)}`);
  } catch {
    // A browser without popovers.
  }
  const fullScreen = property<Element | null>('fullscreenElement');
  if (fullScreen) covering.push(`a full-screen element: ${describe(fullScreen)}`);
  for (const element of [property<HTMLElement>('documentElement'), property<HTMLElement>('body')]) {
    for (const pseudo of ['::before', '::after']) {
      const style = getComputedStyle(element, pseudo);
      if (style.content !== 'none' && style.content !== 'normal' && (style.position === 'fixed' || style.position === 'absolute')) {
        covering.push(`${element.localName}${pseudo} is positioned (${style.position}), content ${style.content.slice(0, 40)}`);
      }
    }
  }

  // Addresses that run script when followed or loaded.
  const scheme = (value: string) => /^([a-z][a-z\d+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
  for (const element of all('*')) {
    for (const name of ['href', 'xlink:href', 'src', 'action', 'formaction', 'data']) {
      const value = name === 'xlink:href' ? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href') : element.getAttribute(name);
      if (value === null) continue;
      const kind = scheme(value);
      const image = kind === 'data' && /^\s*data:image\//i.test(value) && name === 'src' && ['img', 'source'].includes(element.localName);
      if (kind === 'javascript' || kind === 'vbscript' || (kind === 'data' && !image)) scriptLinks.push(`${name}="${value.slice(0, 80)}" on ${describe(element)}`);
    }
  }
  return {forms, covering, scriptLinks};
}

/** Every list of the report that must be empty on an inert page, by name, for one assertion each. */
export function reportProblems(report: HostileReport): [string, string[]][] {
  const {noise: _noise, ...problems} = report;
  return Object.entries(problems);
}

/**
 * Asserts that `report` found nothing (softly, one assertion per kind, so that a failure lists every
 * kind it caught), and records on the test what it caught, by payload name, and the noise.
 */
export function expectInert(report: HostileReport, label: string): void {
  const {domPurifyParse, blockedByPolicy} = report.noise;
  const directives = [...new Set(domPurifyParse.map((entry) => entry.split(' ')[0]))];
  test.info().annotations.push({
    type: 'noise',
    description: `${label}: ${domPurifyParse.length} reports of DOMPurify's parse (${directives.join(', ') || 'none'}); blocked by the policy: ${blockedByPolicy.join(', ') || 'nothing'}`,
  });
  const caught = reportProblems(report).filter(([, found]) => found.length > 0);
  if (caught.length > 0) {
    const described = caught.map(([kind, found]) => `${kind}: ${[...new Set(found.flatMap(namesIn))].join(' ') || found.join(' | ').slice(0, 300)}`);
    test.info().annotations.push({type: 'caught', description: `${label}\n${described.join('\n')}`});
  }
  for (const [kind, found] of reportProblems(report)) expect.soft(found, `${label}: ${kind}`).toEqual([]);
}
