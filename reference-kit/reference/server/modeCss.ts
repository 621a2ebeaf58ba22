/**
 * The pre-rendered CSS of a Redoc reference, scoped to each colour mode.
 *
 * The server renders the reference once, in the light theme, so its HTML carries the class
 * names styled-components generated for that theme. The dark theme makes other class names
 * for the same elements. For the page to be styled in both modes before (and, section by
 * section, while) the browser hydrates it, the dark rules are rewritten onto the light class
 * names: both renders have the same elements in the same order, so the n-th class attribute
 * of one names the same element as the n-th of the other.
 *
 * Pure string work, used at build time by ReferenceStyles.server.tsx.
 */

/**
 * The scopes add no specificity (`:where`), so the rules weigh what styled-components' own do
 * and the site's CSS overrides them the same way, before and after hydration.
 */
export const LIGHT_SCOPE = ":where(html:not([data-theme='dark']))";
export const DARK_SCOPE = ":where(html[data-theme='dark'])";

/** styled-components' sheet, as `getStyleTags()` or `instance.toString()` writes it: one top-level rule per line. */
export function sheetRules(sheet: string): string[] {
  return sheet
    .replace(/<\/?style[^>]*>/g, '')
    .split('/*!sc*/')
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '' && !rule.startsWith('data-styled.'));
}

/**
 * The class names the sheet holds rules for, by styled-components' component id, as
 * `id:name,name id:name`: the browser registers them (./ReferenceStyles.tsx) so that
 * styled-components does not add the rules again for the HTML the server rendered.
 */
export function sheetClassNames(sheet: string): string {
  return Array.from(sheet.matchAll(/data-styled\.g\d+\[id="([\w-]+)"\]\{content:"([^"]*)"\}/g), ([, id, names]) => {
    return `${id}:${names.split(',').filter(Boolean).join(',')}`;
  }).join(' ');
}

/** Splits at top-level commas, leaving `:not(a, b)` and `[title="a,b"]` whole. */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}

/** The index of the brace that closes the one at `open`. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in Redoc's CSS near: ${css.slice(open, open + 80)}`);
}

/**
 * `css` with the selector list of every style rule replaced by `rewrite(selectors)`, inside
 * grouping at-rules (`@media`, `@supports`) too; `@keyframes` and `@font-face` are left as they are.
 */
function rewriteSelectors(css: string, rewrite: (selectors: string[]) => string[]): string {
  let out = '';
  let position = 0;
  while (position < css.length) {
    const open = css.indexOf('{', position);
    if (open === -1) break;
    const close = closingBrace(css, open);
    const prelude = css.slice(position, open).trim();
    const body = css.slice(open + 1, close);
    if (/^@(media|supports|container|layer)\b/.test(prelude)) out += `${prelude}{${rewriteSelectors(body, rewrite)}}`;
    else if (prelude.startsWith('@')) out += `${prelude}{${body}}`;
    else out += `${rewrite(splitSelectorList(prelude)).join(',')}{${body}}`;
    position = close + 1;
  }
  return out;
}

/** Every style rule of `css` with `scope` in front of each of its selectors. */
export function scopeRules(css: string, scope: string): string {
  return rewriteSelectors(css, (selectors) => selectors.map((selector) => `${scope} ${selector}`));
}

/** The class attributes of `html`, one at a time, split into names. */
function* classAttributes(html: string): Generator<string[]> {
  const attribute = /\sclass="([^"]*)"/g;
  for (let match = attribute.exec(html); match; match = attribute.exec(html)) yield match[1]!.split(/\s+/).filter(Boolean);
}

/**
 * For each class name of the dark render, the light render's class names on the same elements.
 * Fails if the two renders are not the same tree, as the rewrite would then style the wrong elements.
 * The two are read side by side, an attribute at a time: on GitHub's 1,223 operations each render
 * is 61 MB of HTML, and holding every attribute's names took 400 MB.
 */
export function classCorrespondence(lightHtml: string, darkHtml: string): Map<string, Set<string>> {
  const light = classAttributes(lightHtml);
  const dark = classAttributes(darkHtml);
  const correspondence = new Map<string, Set<string>>();
  for (let element = 0; ; element++) {
    const lightNames = light.next();
    const darkNames = dark.next();
    if (lightNames.done || darkNames.done) {
      if (lightNames.done && darkNames.done) return correspondence;
      const count = (rest: Generator<string[]>) => element + 1 + Array.from(rest).length;
      const [lightCount, darkCount] = lightNames.done ? [element, count(dark)] : [count(light), element];
      throw new Error(`The light and dark renders of the reference differ: ${lightCount} and ${darkCount} class attributes.`);
    }
    if (lightNames.value.length !== darkNames.value.length) {
      throw new Error(`The light and dark renders differ at element ${element}: "${lightNames.value.join(' ')}" and "${darkNames.value.join(' ')}".`);
    }
    darkNames.value.forEach((darkName, index) => {
      const lightName = lightNames.value[index]!;
      if (darkName === lightName) return;
      const names = correspondence.get(darkName) ?? new Set<string>();
      names.add(lightName);
      correspondence.set(darkName, names);
    });
  }
}

/**
 * The rules with each class selector of the dark render replaced by the light render's name for
 * the same element; a selector whose class stood for several light names is written once for each.
 */
export function renameClasses(css: string, correspondence: Map<string, Set<string>>): string {
  return rewriteSelectors(css, (selectors) => selectors.flatMap((selector) => renamedSelectors(selector, correspondence)));
}

function renamedSelectors(selector: string, correspondence: Map<string, Set<string>>): string[] {
  let variants = [''];
  let position = 0;
  for (const match of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    const before = selector.slice(position, match.index);
    const names = [...(correspondence.get(match[1]) ?? [match[1]])];
    variants = variants.flatMap((variant) => names.map((name) => `${variant}${before}.${name}`));
    position = match.index! + match[0].length;
  }
  return variants.map((variant) => variant + selector.slice(position));
}

/**
 * Light rules for light mode, the dark rules on the light render's classes for dark mode,
 * and the class names of the light render.
 */
export function modeCss(render: {lightHtml: string; lightSheet: string; darkHtml: string; darkSheet: string}): {
  light: string;
  dark: string;
  classNames: string;
} {
  const correspondence = classCorrespondence(render.lightHtml, render.darkHtml);
  return {
    classNames: sheetClassNames(render.lightSheet),
    light: scopeRules(sheetRules(render.lightSheet).join(''), LIGHT_SCOPE),
    dark: scopeRules(renameClasses(sheetRules(render.darkSheet).join(''), correspondence), DARK_SCOPE),
  };
}
