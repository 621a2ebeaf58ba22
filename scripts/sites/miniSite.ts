/**
 * Builds a small throwaway Docusaurus site that uses this repository's spec
 * handling (scripts/build/specs.ts) with a chosen list of examples, to test build
 * behaviour (remote URLs, broken specs) without rebuilding the whole site, and
 * to measure such builds (bench/corpus-build.ts).
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {Example} from '../../src/data/examples';
import {REPO_ROOT} from '../repoRoot';
import {runCommand, type Resources} from './runCommand';

export interface MiniSiteBuild {
  exitCode: number;
  output: string;
  /** The build's wall-clock time, CPU time (user and system) and peak resident memory, when built with `measure`. */
  resources?: Resources;
  siteDir: string;
  /** Reads a file of the built site, e.g. `examples/using-remote-url/index.html`. */
  readBuilt(file: string): Promise<string>;
  /** Lists the files at the top of the built site. */
  listBuilt(): Promise<string[]>;
  /** Serves the built site on 127.0.0.1 (scripts/cli/serve-build.mjs, on a free port). */
  serve(): Promise<BuiltSiteServer>;
}

export interface BuiltSiteServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  close(): Promise<void>;
}

/** Serves `dir` with scripts/cli/serve-build.mjs on a port the system picks; resolves once it listens. */
async function serveBuilt(dir: string): Promise<BuiltSiteServer> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/cli/serve-build.mjs'), '--dir', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`serve-build.mjs exited (${code}) before listening: ${printed}`)));
  });
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill();
      }),
  };
}

export async function buildMiniSite(options: {
  examples: readonly Example[];
  env?: Record<string, string>;
  /** Adds one docs page and the site's search plugin (plugins/api-search), indexing each API page section by section. */
  search?: boolean;
  /** The docs page's Markdown (a line of text by default, with `search`); given without `search`, the docs page alone. */
  docsMarkdown?: string;
  /** Options of the reference kit's own, beside the specs (JSON), e.g. `{contentSecurityPolicy: false}`. */
  kitOptions?: Record<string, unknown>;
  /** Runs the build under GNU time (`/usr/bin/time`, Debian's `time` package) to measure it. */
  measure?: boolean;
}): Promise<MiniSiteBuild> {
  const siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redocusaurus-mini-'));
  await fs.symlink(path.join(REPO_ROOT, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');
  const examples = options.examples.map((example) => ({
    ...example,
    specFile: path.resolve(REPO_ROOT, example.specFile),
  }));
  const apiRoutes = examples.filter((example) => example.kind === 'plugin-route').map((example) => example.route);
  const search = options.search
    ? {
        apiRoutes,
        indexedApiRoutes: apiRoutes,
        docsRouteBasePath: 'docs',
        indexBlog: false,
      }
    : undefined;
  const docs = search !== undefined || options.docsMarkdown !== undefined;
  if (docs) {
    await fs.mkdir(path.join(siteDir, 'docs'));
    await fs.writeFile(path.join(siteDir, 'docs/index.md'), options.docsMarkdown ?? '# Mini docs\n\nA page for the search plugin to index.\n');
  }
  const config = `
import {specEntries} from ${JSON.stringify(path.join(REPO_ROOT, 'scripts/build/specs'))};

export = async () => ({
  title: 'Mini site',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  // The mini site has no home page for the navbar and 404 page to link to.
  onBrokenLinks: 'ignore',
  presets: [
    ['classic', {docs: ${docs ? "{routeBasePath: 'docs'}" : 'false'}, blog: false, pages: false}],
    // The redocusaurus preset through the reference kit, as the site uses it.
    [${JSON.stringify(path.join(REPO_ROOT, 'reference-kit'))}, {
      config: ${JSON.stringify(path.join(REPO_ROOT, 'redocly.yaml'))},
      specs: await specEntries(${JSON.stringify(examples)}),
      ...${JSON.stringify(options.kitOptions ?? {})},
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
  const command = [
    process.execPath,
    path.join(REPO_ROOT, 'scripts/build/docusaurus.mjs'),
    ...['build', siteDir, '--config', 'docusaurus.config.ts', '--no-minify'],
  ];
  const {exitCode, output, resources} = await runCommand(command, {cwd: siteDir, env: {...process.env, ...options.env}, measure: options.measure});
  return {
    exitCode,
    output,
    resources,
    siteDir,
    readBuilt: (file) => fs.readFile(path.join(siteDir, 'build', file), 'utf8'),
    listBuilt: () => fs.readdir(path.join(siteDir, 'build')),
    serve: () => serveBuilt(path.join(siteDir, 'build')),
  };
}

export async function removeMiniSite(build: MiniSiteBuild | undefined): Promise<void> {
  if (build) await fs.rm(build.siteDir, {recursive: true, force: true});
}
