/**
 * The pre-rendered CSS of a Redoc reference, scoped to each colour mode.
 *
 * The page carries the HTML of the light render, with the class names styled-components generated
 * for the light theme; the dark render generates other names for the same elements. For the page
 * to be styled in both modes before (and, section by section, while) the browser brings it to
 * life, the dark rules are rewritten onto the light names, paired in the order each render
 * generated them (./classNames.ts). Pure string work on styled-components' style sheets, at build
 * time (./renderReference.ts).
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
 * `id:name,name id:name`: the browser registers them (../browser/LiveSections.tsx) so that
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

/**
 * For each class name of the dark render, the light render's names for the same elements: the
 * names each render generated, in order (./classNames.ts). Fails if the two renders are not the
 * same tree, as the rewrite would then style the wrong elements.
 */
export function classCorrespondence(lightNames: string[], darkNames: string[]): Map<string, Set<string>> {
  if (lightNames.length !== darkNames.length) {
    throw new Error(`The light and dark renders of the reference differ: ${lightNames.length} and ${darkNames.length} styled elements.`);
  }
  const correspondence = new Map<string, Set<string>>();
  darkNames.forEach((darkName, index) => {
    const lightName = lightNames[index]!;
    if (darkName === lightName) return;
    const names = correspondence.get(darkName) ?? new Set<string>();
    names.add(lightName);
    correspondence.set(darkName, names);
  });
  return correspondence;
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
export function modeCss(render: {lightNames: string[]; lightSheet: string; darkNames: string[]; darkSheet: string}): {
  light: string;
  dark: string;
  classNames: string;
} {
  const correspondence = classCorrespondence(render.lightNames, render.darkNames);
  return {
    classNames: sheetClassNames(render.lightSheet),
    light: scopeRules(sheetRules(render.lightSheet).join(''), LIGHT_SCOPE),
    dark: scopeRules(renameClasses(sheetRules(render.darkSheet).join(''), correspondence), DARK_SCOPE),
  };
}
