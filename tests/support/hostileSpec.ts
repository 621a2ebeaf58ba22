/**
 * The hostile API description (tests/fixtures/hostile-spec.yaml): markup that runs script in every
 * place a spec's text reaches a page. Each payload pushes its name onto `window.__hostile` if it runs.
 * Shared by the site's build test (tests/build/hostile-spec.spec.ts) and the reader site with the
 * kit (tests/reader-site/kit.spec.ts), which check a page two ways:
 *
 * - without JavaScript: the HTML the server wrote holds no script, event handler, `javascript:`
 *   address or frame of the spec's (`scriptingMarkup`);
 * - with JavaScript: after the page has rendered every section, no payload has run
 *   (`payloadsThatRan`), and the live DOM holds none of that markup either.
 */
import fs from 'node:fs';
import path from 'node:path';
import {Parser} from 'htmlparser2';
import type {Page} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/repoRoot';

export const HOSTILE_SPEC = path.join(REPO_ROOT, 'tests/fixtures/hostile-spec.yaml');

/** The name of every payload in the fixture. */
export function payloadNames(): string[] {
  return [...new Set([...fs.readFileSync(HOSTILE_SPEC, 'utf8').matchAll(/\.(?:push|concat)\('([\w-]+)'\)/g)].map((match) => match[1]!))];
}

/** Text a reader sees on the page, so that a check knows the hostile page did render. */
export const HOSTILE_PAGE_TEXT = ['Lists the items.', 'a normal link'];

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
