/**
 * The code blocks of the docs, read from the MDX (scripts/sites/docSnippets.ts): each is marked
 * as applied to a reader's site or not pasted, for a reason; and the ones the reader-site builds
 * do not run (a v0 config, the alternatives of one option, a private spec) go through the
 * installed plugin's own option validation, the preset's expansion and the theme's merging here.
 * The quoted error messages and the loading and download behaviour the pages describe are
 * checked against the installed packages too. Node only: no browser page is opened.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import {expect, test} from '@playwright/test';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import type {LoadContext} from '@docusaurus/types';
import preset, {type PresetOptions} from 'redocusaurus';
import redocPlugin, {validateOptions, type PluginOptions} from 'docusaurus-plugin-redoc';
import {getGlobalData} from 'docusaurus-theme-redoc/dist/redocData';
import type {ThemeOptions} from 'docusaurus-theme-redoc';
import {AppStore, RedocNormalizedOptions} from 'redoc';
import {allBlocks, applyDiff, conventionProblems, deepMerge, readBlocks, where, type DocBlock} from '../../scripts/sites/docSnippets';
import {READER_BUILDS} from '../reader-site/scenarios';

const context = {siteConfig: {baseUrl: '/', url: 'https://docs.example.com'}} as unknown as LoadContext;

/** The one block of a page whose title is `title`, applied or not as asked. */
function block(page: string, title: string, kind: 'apply' | 'noapply'): DocBlock {
  const found = readBlocks(page).filter((candidate) => candidate.title === title && Boolean(candidate[kind]));
  expect(found.map(where), `${page}: one ${kind} block titled "${title}"`).toHaveLength(1);
  return found[0];
}

/** A JavaScript block that is one expression (an options object, a presets entry), evaluated. */
function evaluate<T>(source: DocBlock): T {
  return vm.runInNewContext(`(${source.code}\n)`, {process: {env: {}}}, {filename: where(source)}) as T;
}

/** What Docusaurus does with a plugin's options before using them. */
function validate(options: unknown): PluginOptions {
  return validateOptions({validate: normalizePluginOptions, options} as Parameters<typeof validateOptions>[0]);
}

type PresetEntry = [string, PresetOptions];
const MIGRATING = 'docs/guides/migrating-to-v1.mdx';
const PLUGIN_OPTIONS = 'docs/getting-started/plugin-options.mdx';
const THEME_OPTIONS = 'docs/getting-started/theme-options.mdx';

test.describe('the code block convention', () => {
  test('every block under docs/ is applied to a reader site or says why not', () => {
    const blocks = allBlocks();
    expect(blocks.length).toBeGreaterThan(30);
    expect(blocks.flatMap(conventionProblems)).toEqual([]);
    expect(blocks.filter((candidate) => candidate.apply).length).toBeGreaterThan(20);
  });

  test('every scenario of applied blocks is built by a reader-site test', () => {
    const built = Object.values(READER_BUILDS).flat();
    const scenarios = [...new Set(allBlocks().filter((candidate) => candidate.apply).map((candidate) => candidate.scenario))];
    expect(scenarios.filter((scenario) => !built.includes(scenario))).toEqual([]);
    expect(built.filter((scenario) => !scenarios.includes(scenario))).toEqual([]);
  });

  test('a block that names no reason, or no file, is reported', () => {
    const base = readBlocks(PLUGIN_OPTIONS)[0];
    expect(conventionProblems({...base, apply: undefined, noapply: undefined})[0]).toMatch(/needs exactly one of/);
    expect(conventionProblems({...base, apply: undefined, noapply: 'output'})[0]).toMatch(/needs a reason/);
    expect(conventionProblems({...base, title: 'docusaurus.config.js, shortened'})[0]).toMatch(/needs title=/);
    expect(conventionProblems({...base, code: 'presets: [\n'})[0]).toMatch(/diff line 1 starts with/);
  });

  test('diffs: parts found in order, context kept, removed lines dropped', () => {
    const file = ['a', '  b', 'c', 'd', 'b', 'e'].join('\n');
    expect(applyDiff(file, ' b\n+x\n')).toBe(['a', '  b', 'c', 'd', 'b', 'x', 'e'].join('\n'));
    expect(applyDiff(file, '   b\n-c\n+C\n d\n@@ later @@\n b\n+y\n')).toBe(['a', '  b', 'C', 'd', 'b', 'y', 'e'].join('\n'));
    // A part's lines are consecutive in the file, so this one is not found.
    expect(() => applyDiff(file, ' a\n c\n')).toThrow(/not in the file/);
    expect(deepMerge({a: {b: 1, c: [1]}, d: 1}, {a: {c: [2]}, e: 2})).toEqual({a: {b: 1, c: [2]}, d: 1, e: 2});
  });
});

test.describe('plugin options', () => {
  test('the spec entries shown but not built pass the plugin option validation', () => {
    const entries = [
      ...evaluate<PluginOptions[]>(block(PLUGIN_OPTIONS, 'specs entries', 'noapply')),
      evaluate<PluginOptions>(block(PLUGIN_OPTIONS, 'specs entry', 'noapply')),
      ...evaluate<PresetEntry>(block(MIGRATING, 'v1', 'noapply'))[1].specs,
      ...evaluate<PresetEntry>(block(PLUGIN_OPTIONS, 'presets entry', 'noapply'))[1].specs,
      ...evaluate<PresetOptions>(block(THEME_OPTIONS, 'preset options', 'noapply')).specs,
    ];
    expect(entries.length).toBeGreaterThan(6);
    for (const entry of entries) expect(() => validate(entry), JSON.stringify(entry)).not.toThrow();
  });

  test('the layout keys of the example are the props that the Layout of Docusaurus 2.4 reads', async () => {
    const layoutSource = await fs.readFile(require.resolve('@docusaurus/theme-classic/lib/theme/Layout/index.js'), 'utf8');
    const destructured = /const \{([^}]*)\} = props;/.exec(layoutSource)?.[1] ?? '';
    const read = destructured
      .replace(/\/\/.*$/gm, '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    expect(read.sort()).toEqual(['children', 'description', 'noFooter', 'title', 'wrapperClassName']);
    const layoutDiff = readBlocks(PLUGIN_OPTIONS).find((candidate) => candidate.apply === 'diff' && candidate.code.includes('layout: {'));
    const keys = [...(layoutDiff?.code ?? '').matchAll(/^\+ {14}(\w+):/gm)].map((match) => match[1]);
    expect(keys.sort()).toEqual(['description', 'title', 'wrapperClassName']);
  });

  test('the v0 options of the migration guide are rejected, each by name', () => {
    const [, v0Options] = evaluate<PresetEntry>(block(MIGRATING, 'v0: 1.x rejects the spec options and ignores the theme keys', 'noapply'));
    const v0Keys = new Set<string>();
    for (const entry of v0Options.specs as unknown as Record<string, unknown>[]) {
      expect(() => validate(entry), JSON.stringify(entry)).toThrow(/is not allowed/);
      for (const [key, value] of Object.entries(entry)) {
        if (key === 'spec') continue;
        v0Keys.add(key);
        expect(() => validate({spec: entry.spec, [key]: value})).toThrow(`"${key}" is not allowed`);
      }
    }
    expect([...v0Keys].sort()).toEqual(['addRoute', 'routePath', 'specUrl']);
  });

  test('the error messages quoted by the pages are the real ones', async () => {
    expect(() => validate({spec: 'a.yaml', route: 'https://example.com/api/'})).toThrow('"route" must be a valid relative uri');
    // Spec ids are Docusaurus plugin ids: ^[\w-]+$.
    expect(validate({id: 'pets-v2', spec: 'a.yaml'}).id).toBe('pets-v2');
    expect(validate({id: 'pets_v2', spec: 'a.yaml'}).id).toBe('pets_v2');
    expect(() => validate({id: 'pets.v2', spec: 'a.yaml'})).toThrow(
      'Illegal plugin ID value "pets.v2": it should only contain alphanumerics, underscores, and dashes.',
    );
    expect(() => validate({id: 'pets/v2', spec: 'a.yaml'})).toThrow('Illegal plugin ID value');
    const noSpec = redocPlugin(context, {...validate({}), themeId: 'theme-redoc'} as PluginOptions);
    await expect(noSpec.loadContent!()).rejects.toThrow('Document or reference is required.');
    const missing = redocPlugin(context, validate({id: 'missing', spec: 'openapi/does-not-exist.yaml'}));
    // The installation page warns that the path in the message is one folder above the current one.
    const oneUp = path.resolve(process.cwd(), '..', 'openapi/does-not-exist.yaml');
    await expect(missing.loadContent!()).rejects.toThrow(`ENOENT: no such file or directory, open '${oneUp}'`);
  });
});

test.describe('migration guide', () => {
  test('v0 theme keys are dropped without a word; their v1 names reach Redoc', async () => {
    // Nothing to reject them: the 1.x theme exports no option validation.
    const themeModule = await import('docusaurus-theme-redoc');
    expect(Object.keys(themeModule)).not.toEqual(expect.arrayContaining(['validateOptions']));
    expect(Object.keys(themeModule)).not.toEqual(expect.arrayContaining(['validateThemeConfig']));

    const [, v0Options] = evaluate<PresetEntry>(block(MIGRATING, 'v0: 1.x rejects the spec options and ignores the theme keys', 'noapply'));
    expect(Object.keys(v0Options.theme ?? {}).sort()).toEqual(['primaryColor', 'redocOptions', 'redocTheme']);
    const [, v1Options] = evaluate<PresetEntry>(block(MIGRATING, 'v1', 'noapply'));
    // The v0 theme as the v1 theme receives it from the preset.
    const v0Theme = preset(context, {specs: [], theme: v0Options.theme}).themes[0][1];
    const fromV0 = await getGlobalData(v0Theme);
    expect(fromV0.options).not.toHaveProperty('hideDownloadButton');
    expect(fromV0.options).not.toHaveProperty('expandResponses');
    expect(fromV0.lightTheme?.typography?.fontSize).toBe('var(--ifm-font-size-base)');
    expect(fromV0.lightTheme?.colors?.primary?.main).toBe('#1f7a8c');

    const fromV1 = await getGlobalData(preset(context, v1Options).themes[0][1]);
    expect(fromV1.options).toMatchObject({hideDownloadButton: true, expandResponses: '200'});
    expect(fromV1.lightTheme?.typography?.fontSize).toBe('15px');
    expect(fromV1.lightTheme?.colors?.primary?.main).toBe('#1f7a8c');
  });
});

test.describe('preset', () => {
  test('the preset entry of the reference becomes one theme and one plugin per spec', () => {
    const [name, options] = evaluate<PresetEntry>(block(PLUGIN_OPTIONS, 'presets entry', 'noapply'));
    expect(name).toBe('redocusaurus');
    const resolved = preset(context, options);
    expect(resolved.themes).toHaveLength(1);
    expect(resolved.themes[0][1]).toMatchObject({id: 'theme-redoc-public', options: 'redocly.yaml', primaryColor: '#1f7a8c'});
    expect(resolved.plugins.map(([, plugin]) => plugin)).toEqual([
      expect.objectContaining({id: 'petstore', themeId: 'theme-redoc-public', config: 'redocly.yaml', debug: false}),
    ]);
  });

  test('default ids follow the position, and the preset debug replaces a per-spec one', () => {
    const resolved = preset(context, {
      specs: [{spec: 'a.yaml'}, {spec: 'b.yaml', debug: true}],
    });
    expect(resolved.plugins.map(([, plugin]) => [plugin.id, plugin.debug, plugin.themeId])).toEqual([
      ['plugin-redoc-0', false, 'theme-redoc'],
      ['plugin-redoc-1', false, 'theme-redoc'],
    ]);
    const withId = preset(context, {id: 'partners', specs: [{spec: 'a.yaml', themeId: 'ignored'}]});
    expect(withId.plugins[0][1]).toMatchObject({id: 'plugin-redoc-partners-0', themeId: 'theme-redoc-partners'});
  });
});

test.describe('theme options', () => {
  let scratch: string;
  test.beforeEach(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'redoc-theme-'));
  });
  test.afterEach(() => fs.rm(scratch, {recursive: true, force: true}));

  /** A file block of a page, written to the scratch folder under its title. */
  async function written(page: string, title: string): Promise<string> {
    const file = path.join(scratch, title);
    await fs.writeFile(file, block(page, title, 'apply').code);
    return file;
  }

  test('redocly.yaml: Redoc options on top of the defaults, theme overrides in both modes', async () => {
    const data = await getGlobalData({options: await written(THEME_OPTIONS, 'redocly.yaml')});
    expect(data.options).toMatchObject({
      scrollYOffset: 'nav.navbar',
      expandSingleSchemaField: true,
      menuToggle: true,
      suppressWarnings: true,
      disableSearch: true,
      hideDownloadButton: false,
      expandResponses: '200,201',
    });
    for (const mode of [data.lightTheme, data.darkTheme]) {
      expect(mode).toMatchObject({typography: {fontSize: '15px'}, sidebar: {width: '280px'}});
    }
    expect(data.lightTheme?.sidebar?.backgroundColor).toBe('#ffffff');
    expect(data.darkTheme?.sidebar?.backgroundColor).toBe('rgb(24, 25, 26)');
  });

  test('a mistyped config path is no error: the defaults, silently', async () => {
    const data = await getGlobalData({options: path.join(scratch, 'redocly.yml')});
    expect(data.options).toEqual({scrollYOffset: 'nav.navbar', expandSingleSchemaField: true, menuToggle: true, suppressWarnings: true});
  });

  test('primaryColor and primaryColorDark, with #25c2a0 when unset', async () => {
    const data = await getGlobalData({primaryColor: '#1f7a8c', primaryColorDark: '#7fd1e0', options: {}});
    expect(data.lightTheme?.colors?.primary?.main).toBe('#1f7a8c');
    expect(data.darkTheme?.colors?.primary?.main).toBe('#7fd1e0');
    const plain = await getGlobalData({options: {}});
    expect(plain.lightTheme?.colors?.primary?.main).toBe('#25c2a0');
    expect(plain.darkTheme?.colors?.primary?.main).toBe('#25c2a0');
    const onlyLight = await getGlobalData({primaryColor: '#123456', options: {}});
    expect(onlyLight.darkTheme?.colors?.primary?.main).toBe('#123456');
    // Not Docusaurus's default: Infima's primary is another colour (the classic template's two
    // are checked in a reader's site, tests/reader-site/installation.spec.ts).
    const infima = await fs.readFile(require.resolve('infima/dist/css/default/default.css'), 'utf8');
    expect(/--ifm-color-primary: (#\w+);/.exec(infima)?.[1]).toBe('#3578e5');
  });

  test('suppressWarnings is never read by the installed Redoc: its warnings still reach the console', async () => {
    const bundles = path.join(path.dirname(require.resolve('redoc/package.json')), 'bundles');
    const scripts = (await fs.readdir(bundles)).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      expect(await fs.readFile(path.join(bundles, file), 'utf8'), file).not.toContain('suppressWarnings');
    }

    const {options} = await getGlobalData({options: {}});
    expect(options).toMatchObject({suppressWarnings: true});
    // A tag group naming a tag the spec does not have: Redoc warns while building its menu.
    const spec = {
      openapi: '3.0.3',
      info: {title: 'Warnings', version: '1.0.0'},
      paths: {'/pets': {get: {tags: ['pets'], responses: {'200': {description: 'OK'}}}}},
      'x-tagGroups': [{name: 'Animals', tags: ['pets', 'unicorns']}],
    };
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      new AppStore(spec as unknown as ConstructorParameters<typeof AppStore>[0], undefined, {...options, scrollYOffset: 0});
    } finally {
      console.warn = warn;
    }
    expect(warnings).toContain('Non-existing tag "unicorns" is added to the group "Animals"');
  });

  test('menuToggle and the dark grays are Redoc defaults already; the dark borders are swapped', async () => {
    const redocDefaults = new RedocNormalizedOptions({});
    expect(redocDefaults.menuToggle).toBe(true);
    const {options, darkTheme} = await getGlobalData({options: {}});
    expect(options.menuToggle).toBe(true);
    expect(darkTheme?.colors?.gray).toEqual({50: '#FAFAFA', 100: '#F5F5F5'});
    expect(redocDefaults.theme.colors.gray).toEqual(darkTheme?.colors?.gray);
    expect(redocDefaults.theme.colors.border).toEqual({dark: 'rgba(0,0,0, 0.1)', light: '#ffffff'});
    expect(darkTheme?.colors?.border).toEqual({dark: '#ffffff', light: 'rgba(0,0,0, 0.1)'});
  });

  test('a CSS variable as primaryColor: Redoc cannot derive its shades', async () => {
    const {options, lightTheme} = await getGlobalData({primaryColor: 'var(--ifm-color-primary)', options: {}});
    const spec = {openapi: '3.0.3', info: {title: 'Colour', version: '1.0.0'}, paths: {}};
    expect(() => new AppStore(spec as unknown as ConstructorParameters<typeof AppStore>[0], undefined, {...options, scrollYOffset: 0, theme: lightTheme})).toThrow(
      "Couldn't parse the color string. Please provide the color as a string in hex, rgb, rgba, hsl or hsla notation.",
    );
  });

  test('overrides win over primaryColor and over the dark adjustments', async () => {
    const data = await getGlobalData({
      primaryColor: '#1f7a8c',
      options: {},
      theme: {colors: {primary: {main: '#000000'}}, sidebar: {backgroundColor: '#eeeeee'}},
    });
    expect(data.lightTheme?.colors?.primary?.main).toBe('#000000');
    expect(data.darkTheme?.colors?.primary?.main).toBe('#000000');
    expect(data.darkTheme?.sidebar?.backgroundColor).toBe('#eeeeee');
  });

  test('the deprecated keys still work, and `theme` replaces redocly.yaml keys one level deep', async () => {
    const deprecated = evaluate<PresetOptions>(block(THEME_OPTIONS, 'preset options', 'noapply'));
    const data = await getGlobalData(deprecated.theme as ThemeOptions);
    expect(data.options).toMatchObject({disableSearch: true, hideDownloadButton: true, menuToggle: true});
    expect(data.lightTheme?.typography?.fontSize).toBe('15px');

    const combined = await getGlobalData({
      options: await written(THEME_OPTIONS, 'redocly.yaml'),
      theme: {typography: {fontWeightBold: '700'}},
    });
    // typography from redocly.yaml (fontSize: 15px) is replaced as a whole, so the common default comes back.
    expect(combined.lightTheme?.typography?.fontSize).toBe('var(--ifm-font-size-base)');
    expect(combined.lightTheme?.typography?.fontWeightBold).toBe('700');
    expect(combined.lightTheme?.sidebar?.width).toBe('280px');
  });
});

test.describe('loading and the download link', () => {
  let outDir: string;
  test.beforeEach(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redoc-docs-'));
  });
  test.afterEach(async () => {
    await fs.rm(outDir, {recursive: true, force: true});
  });

  /** Runs one plugin instance through load, contentLoaded and postBuild, as a build does. */
  async function build(options: PluginOptions) {
    const plugin = redocPlugin({...context, outDir} as LoadContext, validate({...options, themeId: 'theme-redoc'}));
    const content = await plugin.loadContent!();
    let data: {url: string; isSpecFile: boolean; spec: {openapi?: string; paths: Record<string, unknown>}} | undefined;
    const routes: {path: string; component: string}[] = [];
    const actions = {
      createData: async (name: string) => name,
      addRoute: (route: {path: string; component: string}) => routes.push(route),
      setGlobalData: (value: typeof data) => (data = value),
    };
    await plugin.contentLoaded!({content, actions} as unknown as Parameters<NonNullable<typeof plugin.contentLoaded>>[0]);
    await plugin.postBuild!({content} as unknown as Parameters<NonNullable<typeof plugin.postBuild>>[0]);
    const written = await fs.readdir(path.join(outDir, 'redocusaurus')).catch(() => []);
    return {data: data!, routes, written};
  }

  test('a local Swagger file: converted for Redoc, written as Swagger 2.0 YAML for download', async () => {
    const {data, routes, written} = await build({id: 'swagger', spec: 'openapi/swagger/swagger.json', route: '/api/'});
    expect(data.isSpecFile).toBe(true);
    expect(data.spec.openapi).toMatch(/^3\./);
    expect(data.url).toBe(path.join('redocusaurus', 'swagger.yaml'));
    expect(routes).toEqual([expect.objectContaining({path: '/api/', component: '@theme/ApiDoc'})]);
    expect(written).toEqual(['swagger.yaml']);
    const copy = await fs.readFile(path.join(outDir, 'redocusaurus', 'swagger.yaml'), 'utf8');
    expect(copy).toMatch(/^swagger: '2.0'/);
  });

  test('a local file with `url`: the button uses it and nothing is written; no route, no page', async () => {
    const {data, routes, written} = await build({
      id: 'petstore',
      spec: 'openapi/single-file/openapi.yaml',
      url: 'https://example.com/downloads/petstore.yaml',
    });
    expect(data.url).toBe('https://example.com/downloads/petstore.yaml');
    expect(routes).toEqual([]);
    expect(written).toEqual([]);
  });

  test('a multi-file spec is bundled into one document', async () => {
    const {data, written} = await build({id: 'multi', spec: 'openapi/multi-file/openapi.yaml'});
    const copy = await fs.readFile(path.join(outDir, 'redocusaurus', 'multi.yaml'), 'utf8');
    expect(written).toEqual(['multi.yaml']);
    expect(copy).not.toMatch(/\$ref: '?\.{0,2}\/?[\w-]+\/[\w/-]+\.ya?ml/);
    expect(Object.keys(data.spec.paths).length).toBeGreaterThan(5);
  });

  /** A small spec with one internal operation, written to the scratch folder. */
  async function partnerSpec(): Promise<string> {
    const file = path.join(outDir, 'partner.yaml');
    await fs.writeFile(
      file,
      [
        'openapi: 3.0.3',
        'info: {title: Partner API, version: 1.0.0}',
        'paths:',
        '  /orders:',
        '    get: {summary: List orders, responses: {"200": {description: OK}}}',
        '  /internal/reindex:',
        '    post: {summary: Reindex, x-internal: true, responses: {"204": {description: Done}}}',
      ].join('\n'),
    );
    return file;
  }

  test('the config file with remove-x-internal drops internal operations; the object form and a mistyped path do not', async () => {
    const spec = await partnerSpec();
    const configFile = path.join(outDir, 'redocly.public.yaml');
    await fs.writeFile(configFile, block(PLUGIN_OPTIONS, 'redocly.public.yaml', 'apply').code);
    const fromFile = await build({id: 'public-api', spec, config: configFile});
    expect(Object.keys(fromFile.data.spec.paths)).toEqual(['/orders']);
    const copy = await fs.readFile(path.join(outDir, 'redocusaurus', 'public-api.yaml'), 'utf8');
    expect(copy).not.toContain('/internal/reindex');

    const fromObject = await build({id: 'object', spec, config: {styleguide: {decorators: {'remove-x-internal': 'on'}}}});
    expect(Object.keys(fromObject.data.spec.paths)).toContain('/internal/reindex');
    const mistyped = await build({id: 'mistyped', spec, config: path.join(outDir, 'redocly.public.yml')});
    expect(Object.keys(mistyped.data.spec.paths)).toContain('/internal/reindex');
  });

  test('the private spec entry downloads with its header; its button links to the private URL', async () => {
    const spec = await fs.readFile(await partnerSpec());
    const server = http.createServer((request, response) => {
      response.statusCode = request.headers.authorization === 'Bearer docs-token' ? 200 : 401;
      response.end(response.statusCode === 200 ? spec : 'unauthorized');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.API_DOCS_TOKEN = 'Bearer docs-token';
    try {
      const shown = block(PLUGIN_OPTIONS, 'specs entry', 'noapply');
      const entry = evaluate<PluginOptions>({...shown, code: shown.code.replaceAll('https://api.example.com', origin)});
      const {data, written} = await build(entry);
      expect(data.isSpecFile).toBe(false);
      expect(data.url).toBe(`${origin}/openapi.yaml`);
      expect(written).toEqual([]);
      expect(Object.keys(data.spec.paths)).toContain('/orders');
      await expect(build({id: 'anonymous', spec: `${origin}/openapi.yaml`, config: {}})).rejects.toThrow(/401/);
    } finally {
      delete process.env.API_DOCS_TOKEN;
      server.close();
    }
  });
});
