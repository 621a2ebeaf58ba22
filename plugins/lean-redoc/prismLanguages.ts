/**
 * Which of the Prism grammars that Redoc's bundle loads a site needs: Redoc highlights code
 * samples (`x-codeSamples`, by their `lang`), fenced code in Markdown, and payload samples of
 * non-JSON media types (XML, CSV) with Prism, and nothing else. Grammars follow Prism's own
 * catalogue (`prismjs/components`) for names, aliases and what each one extends.
 */
import fs from 'node:fs';

interface Component {
  require?: string | string[];
  alias?: string | string[];
}

// The catalogue has no typings; its `languages` also holds a `meta` entry, a string-valued record.
const components = (require('prismjs/components.js') as {languages: Record<string, Component | string>}).languages;

/** The grammars in Prism's main file, and those Redoc's bundle adds (`require("prismjs/components/prism-….js")`). */
const loadedByRedoc = new Set([
  'markup',
  'css',
  'clike',
  'javascript',
  ...Array.from(
    fs.readFileSync(require.resolve('redoc/bundles/redoc.browser.lib.js'), 'utf8').matchAll(/require\("prismjs\/components\/prism-([\w-]+)\.js"\)/g),
    (match) => match[1]!,
  ),
]);

/** Redoc's own names for languages Prism knows by another (its `mapLang`). */
const REDOC_NAMES: Record<string, string> = {
  json: 'js',
  'c++': 'cpp',
  'c#': 'csharp',
  'objective-c': 'objectivec',
  shell: 'bash',
  viml: 'vim',
};

/** What Redoc's payload samples use whatever the spec: XML (markup) and CSV. */
const PAYLOAD_LANGUAGES = ['markup', 'csv'];

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : [value].flat());

/** The loaded grammar named `name`, or aliased so. */
function loadedGrammar(name: string): string | undefined {
  if (loadedByRedoc.has(name)) return name;
  return [...loadedByRedoc].find((id) => {
    const component = components[id];
    return typeof component === 'object' && asList(component.alias).includes(name);
  });
}

/** The grammar Redoc highlights `lang` with, as it looks it up; undefined when it has none (it then uses `clike`). */
export function prismComponentFor(lang: string): string | undefined {
  const name = lang.toLowerCase();
  return loadedGrammar(name) ?? (REDOC_NAMES[name] ? loadedGrammar(REDOC_NAMES[name]) : undefined);
}

/** The components to keep for code in `langs`: theirs, the payloads', and every one they extend. */
export function prismComponentsToKeep(langs: Iterable<string>): Set<string> {
  const keep = new Set<string>();
  const add = (id: string): void => {
    if (keep.has(id)) return;
    keep.add(id);
    const component = components[id];
    if (typeof component === 'object') asList(component.require).forEach(add);
  };
  PAYLOAD_LANGUAGES.forEach(add);
  for (const lang of langs) {
    const id = prismComponentFor(lang);
    if (id) add(id);
  }
  return keep;
}
