/**
 * A reader's site with the reference kit: a copy of the stock reader site (./readerSite.ts) with the
 * guide's blocks applied as docs/guides/fast-accessible-reference-pages.mdx writes them. Shared by
 * the kit's tests (tests/reader-site/kit.spec.ts) and its benchmark (bench/kit.ts).
 *
 * The guide's first step downloads the kit from this site: its blocks name the site's address as
 * `{{siteAddress}}`, which the site's pages fill in with the deployment's own (src/theme/CodeBlock).
 * The blocks run with the address this repository's build is served on (it must have been built:
 * `npm run build`); nothing else of a block changes.
 *
 * The large spec of the corpus (572 operations of GitHub's API, tests/fixtures/openapi-corpus/)
 * can be added as a second API page, at LARGE_ROUTE.
 */
import fs from 'node:fs';
import path from 'node:path';
import {SITE_ADDRESS, withSiteAddress} from '../../src/theme/CodeBlock/siteAddress';
import {scenarioBlocks, type DocBlock} from './docSnippets';
import {corpusDocument} from './openapiCorpus';
import {applyBlocks} from './readerSite';
import {REPO_ROOT} from '../repoRoot';
import {startBuildServer} from './startBuildServer';

/** The guide's scenario (its page's file name). */
export const KIT_SCENARIO = 'fast-accessible-reference-pages';
/** The route of the Installation page's spec, and of the large one. */
export const API_ROUTE = '/api/';
export const LARGE_ROUTE = '/api/github/';
export const LARGE_SPEC = corpusDocument('github');
/** The newest kit's archive, the one the guide's first step downloads. */
export const NEWEST_ARCHIVE = 'reference-kit.tar.gz';

/**
 * The guide's blocks, in page order; `until: 'pin'` stops before the step that changes the config
 * (the guide's only diff), leaving Redoc pinned and patched under the stock preset.
 */
export function guideBlocks(siteOrigin: string, until: 'all' | 'pin' = 'all'): DocBlock[] {
  const blocks = scenarioBlocks(KIT_SCENARIO).map((block) =>
    block.code.includes(SITE_ADDRESS) ? {...block, code: withSiteAddress(block.code, `${siteOrigin}/`)} : block,
  );
  if (until === 'all') return blocks;
  const configStep = blocks.findIndex((block) => block.apply === 'diff');
  if (configStep === -1) throw new Error(`${KIT_SCENARIO}: no block changes the config`);
  return blocks.slice(0, configStep);
}

/** Where this repository's build is, with the kit's releases in it. */
export function siteBuild(): string {
  const build = path.join(REPO_ROOT, process.env.BUILD_DIR ?? 'build');
  if (!fs.existsSync(path.join(build, 'reference-kit.tar.gz'))) {
    throw new Error(`${build} has no reference-kit.tar.gz: build the site first (npm run build).`);
  }
  return build;
}

/**
 * Applies the guide's blocks to `site`, with this repository's build served for its download.
 * `archive` downloads another of the kit's archives than the newest (a release, by its file name);
 * `env` is added to the environment of the commands.
 */
export async function applyGuide(
  site: string,
  until: 'all' | 'pin' = 'all',
  {archive, env}: {archive?: string; env?: Record<string, string>} = {},
): Promise<void> {
  const server = await startBuildServer({dir: siteBuild()});
  try {
    const written = guideBlocks(server.origin, until);
    const blocks = written.map((block) =>
      archive && block.code.includes(`/${NEWEST_ARCHIVE}`) ? {...block, code: block.code.split(`/${NEWEST_ARCHIVE}`).join(`/${archive}`)} : block,
    );
    if (archive && blocks.every((block, index) => block === written[index])) {
      throw new Error(`${KIT_SCENARIO}: no block downloads ${NEWEST_ARCHIVE}`);
    }
    await applyBlocks(site, blocks, env);
  } finally {
    server.close();
  }
}

/**
 * The large spec as a second API page: its file, and an entry before the Installation page's.
 * `document` puts another document (JSON) in its place, with the same id and route: the bench's
 * way to change only the size of the spec.
 */
export function addLargeSpec(site: string, document?: unknown): void {
  const file = path.join(site, 'openapi/github.json');
  if (document === undefined) fs.copyFileSync(path.join(REPO_ROOT, LARGE_SPEC.file), file);
  else fs.writeFileSync(file, JSON.stringify(document));
  const config = path.join(site, 'docusaurus.config.js');
  const source = fs.readFileSync(config, 'utf8');
  const withEntry = source.replace(/(\n\s*specs: \[\n)/, `$1          {id: 'github', spec: 'openapi/github.json', route: '${LARGE_ROUTE}'},\n`);
  if (withEntry === source) throw new Error(`${config}: no \`specs: [\` to add the large spec to`);
  fs.writeFileSync(config, withEntry);
}
