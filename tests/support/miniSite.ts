/**
 * Builds a small throwaway Docusaurus site that uses this repository's spec
 * handling (scripts/specs.ts) with a chosen list of examples, to test build
 * behaviour (remote URLs, broken specs) without rebuilding the whole site.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {Example} from '../../src/data/examples';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface MiniSiteBuild {
  exitCode: number;
  output: string;
  siteDir: string;
  /** Reads a file of the built site, e.g. `examples/using-remote-url/index.html`. */
  readBuilt(file: string): Promise<string>;
  /** Lists the files at the top of the built site. */
  listBuilt(): Promise<string[]>;
}

export async function buildMiniSite(options: {
  examples: readonly Example[];
  env?: Record<string, string>;
  /** Adds one docs page and the site's search plugin (plugins/api-search), indexing the first example's page. */
  search?: boolean;
}): Promise<MiniSiteBuild> {
  const siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redocusaurus-mini-'));
  await fs.symlink(path.join(REPO_ROOT, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');
  const examples = options.examples.map((example) => ({
    ...example,
    specFile: path.resolve(REPO_ROOT, example.specFile),
  }));
  const search = options.search
    ? {
        apiRoutes: examples.filter((example) => example.kind === 'plugin-route').map((example) => example.route),
        canonicalApiRoute: examples[0]!.route,
        docsRouteBasePath: 'docs',
        indexBlog: false,
      }
    : undefined;
  if (search) {
    await fs.mkdir(path.join(siteDir, 'docs'));
    await fs.writeFile(path.join(siteDir, 'docs/index.md'), '# Mini docs\n\nA page for the search plugin to index.\n');
  }
  const config = `
import {specEntries} from ${JSON.stringify(path.join(REPO_ROOT, 'scripts/specs'))};

export = async () => ({
  title: 'Mini site',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  // The mini site has no home page for the navbar and 404 page to link to.
  onBrokenLinks: 'ignore',
  presets: [
    ['classic', {docs: ${search ? "{routeBasePath: 'docs'}" : 'false'}, blog: false, pages: false}],
    ['redocusaurus', {
      config: ${JSON.stringify(path.join(REPO_ROOT, 'redocly.yaml'))},
      specs: await specEntries(${JSON.stringify(examples)}),
    }],
  ],
  plugins: [
    // No persistent webpack cache. Through the node_modules link it would be the repository's own
    // (node_modules/.cache/webpack), shared with the site's build and every other mini site; a mini
    // build run after another reused its modules and rendered the docs page without the doc's
    // metadata (DocItem: props.content.metadata undefined), and each mini build evicted the site's cache.
    () => ({name: 'mini-site-webpack-cache', configureWebpack: () => ({cache: false})}),
    ${search ? `[${JSON.stringify(path.join(REPO_ROOT, 'plugins/api-search'))}, ${JSON.stringify(search)}],` : ''}
  ],
});
`;
  await fs.writeFile(path.join(siteDir, 'docusaurus.config.ts'), config);
  await fs.writeFile(path.join(siteDir, 'package.json'), '{"private": true}\n');
  // Unminified: the tests read the build's output and HTML, and minifying was the slowest part.
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts/docusaurus.mjs'), 'build', siteDir, '--config', 'docusaurus.config.ts', '--no-minify'],
    {cwd: siteDir, env: {...process.env, ...options.env, FORCE_COLOR: '0'}},
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exitCode = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return {
    exitCode,
    output,
    siteDir,
    readBuilt: (file) => fs.readFile(path.join(siteDir, 'build', file), 'utf8'),
    listBuilt: () => fs.readdir(path.join(siteDir, 'build')),
  };
}

export async function removeMiniSite(build: MiniSiteBuild | undefined): Promise<void> {
  if (build) await fs.rm(build.siteDir, {recursive: true, force: true});
}
