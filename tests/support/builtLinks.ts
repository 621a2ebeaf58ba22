/**
 * Checks the links of a built site as a static host would serve it: every internal URL that the
 * built HTML pages (and the sitemap and search index) point at must name a built file under the
 * site's base URL, and every `#fragment` an element id (or an anchor's name) on its target page.
 * Docusaurus checks the links it makes itself; this also sees raw HTML, Redoc's markup, assets and
 * absolute URLs on the site's own origin. URLs on other origins are not checked.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {Parser} from 'htmlparser2';

export interface BuiltSite {
  /** The build's output folder. */
  outDir: string;
  /** The site's origin (`url` in the Docusaurus config). */
  siteUrl: string;
  /** The site's base URL, starting and ending with `/`. */
  baseUrl: string;
}

export interface LinkReport {
  /** How many HTML pages were read. */
  pages: number;
  /** How many internal URLs were checked. */
  checked: number;
  /** One line per broken URL: where it was found, the URL, and what is wrong. */
  problems: string[];
}

/** Attributes that hold one URL, on any element. */
const URL_ATTRIBUTES = ['href', 'xlink:href', 'src', 'poster', 'action'];
/** Attributes that hold a list of image candidates. */
const SRCSET_ATTRIBUTES = ['srcset', 'imagesrcset'];
/**
 * The not-found page: the host serves it in place of any missing path, so it has no URL of its own,
 * and what it links as its own URL (Docusaurus writes `404.html/` as its canonical URL and `404/` in
 * the language menu when trailingSlash is true) names no page. Those links are not checked.
 */
const NOT_FOUND_PAGE = '404.html';
const NOT_FOUND_SELF = /^404(\.html)?\/?$/;
/** `<meta>` entries whose content is a URL of the page or of its image. */
const URL_METAS = new Set(['og:url', 'og:image', 'twitter:image']);

interface PageLinks {
  /** Ids and anchor names on the page, the targets of its fragments. */
  anchors: Set<string>;
  /** Each URL found, with the attribute it came from. */
  urls: {attribute: string; value: string}[];
}

function readPage(html: string): PageLinks {
  const page: PageLinks = {anchors: new Set(), urls: []};
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) page.anchors.add(attributes.id);
        if (name === 'a' && attributes.name) page.anchors.add(attributes.name);
        for (const attribute of URL_ATTRIBUTES) {
          const value = attributes[attribute];
          if (value !== undefined) page.urls.push({attribute: `<${name} ${attribute}>`, value});
        }
        for (const attribute of SRCSET_ATTRIBUTES) {
          const value = attributes[attribute];
          if (value === undefined) continue;
          // "a.png 1x, b.png 2x": each candidate is a URL, then an optional descriptor.
          for (const candidate of value.split(',')) {
            const url = candidate.trim().split(/\s+/)[0];
            if (url) page.urls.push({attribute: `<${name} ${attribute}>`, value: url});
          }
        }
        const meta = attributes.property ?? attributes.name;
        if (name === 'meta' && meta && URL_METAS.has(meta) && attributes.content) {
          page.urls.push({attribute: `<meta ${meta}>`, value: attributes.content});
        }
      },
    },
    {decodeEntities: true},
  );
  parser.write(html);
  parser.end();
  return page;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fs.readdir(path.join(dir, prefix), {withFileTypes: true})) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else files.push(relative);
  }
  return files;
}

/** The URL path a built HTML file is served at: `a/b/index.html` at `<base>a/b/`. */
function pagePath(baseUrl: string, file: string): string {
  return baseUrl + file.replace(/(^|\/)index\.html$/, '$1');
}

/**
 * Reads every HTML page of the build and checks every internal URL in it; also the sitemap's
 * `<loc>`s and the search index's result URLs, which the browser follows the same way.
 */
export async function checkBuiltLinks(site: BuiltSite): Promise<LinkReport> {
  const origin = new URL(site.siteUrl).origin;
  const files = await listFiles(site.outDir);
  const fileSet = new Set(files);
  const pages = new Map<string, PageLinks>();
  for (const file of files.filter((name) => name.endsWith('.html'))) {
    pages.set(file, readPage(await fs.readFile(path.join(site.outDir, file), 'utf8')));
  }

  /** The built file a path under the base names, the way a static host looks it up. */
  const builtFile = (relative: string): string | undefined => {
    const candidates =
      relative === '' || relative.endsWith('/')
        ? [`${relative}index.html`]
        : [relative, `${relative}.html`, `${relative}/index.html`];
    return candidates.find((candidate) => fileSet.has(candidate));
  };

  /**
   * What is wrong with `value`, found on the page served at `from`: undefined when it resolves,
   * `null` when it is not the site's own (another origin or scheme, or a bare `#` that scripts use).
   */
  const problemOf = (value: string, from: string): string | undefined | null => {
    if (value === '' || value === '#') return null;
    let url: URL;
    try {
      url = new URL(value, origin + from);
    } catch {
      return 'not a valid URL';
    }
    if (url.origin !== origin) return null;
    if (!url.pathname.startsWith(site.baseUrl)) return `outside the base URL ${site.baseUrl}`;
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname.slice(site.baseUrl.length));
    } catch {
      return 'a malformed percent-encoding';
    }
    if (from === site.baseUrl + NOT_FOUND_PAGE && NOT_FOUND_SELF.test(relative)) return null;
    const target = builtFile(relative);
    if (!target) return 'no built file';
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && pages.has(target) && !pages.get(target)!.anchors.has(fragment)) {
      return `no element with id "${fragment}" on ${target}`;
    }
    return undefined;
  };

  const problems: string[] = [];
  let checked = 0;
  const check = (where: string, label: string, value: string, from: string) => {
    const problem = problemOf(value, from);
    if (problem === null) return;
    checked += 1;
    if (problem) problems.push(`${where}: ${label} "${value}": ${problem}`);
  };

  for (const [file, page] of pages) {
    for (const {attribute, value} of page.urls) check(file, attribute, value, pagePath(site.baseUrl, file));
  }
  if (fileSet.has('sitemap.xml')) {
    const sitemap = await fs.readFile(path.join(site.outDir, 'sitemap.xml'), 'utf8');
    for (const [, loc] of sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)) check('sitemap.xml', '<loc>', loc!, site.baseUrl);
  }
  for (const file of files.filter((name) => /^search-index.*\.json$/.test(name))) {
    const index = JSON.parse(await fs.readFile(path.join(site.outDir, file), 'utf8')) as {
      documents: {u: string; h?: string}[];
    }[];
    for (const document of index.flatMap((part) => part.documents)) {
      check(file, 'result', document.u + (document.h ?? ''), site.baseUrl);
    }
  }
  return {pages: pages.size, checked, problems};
}
