/**
 * The config snippets of the docs (tests/fixtures/snippets) against the
 * installed packages: the plugin's own option validation, the preset's
 * expansion, the theme's merging, and the loading and download behaviour the
 * pages describe. Node only: no browser page is opened.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import type {LoadContext} from '@docusaurus/types';
import preset, {type PresetOptions} from 'redocusaurus';
import redocPlugin, {validateOptions, type PluginOptions} from 'docusaurus-plugin-redoc';
import {getGlobalData} from 'docusaurus-theme-redoc/dist/redocData';
import {AppStore, RedocNormalizedOptions} from 'redoc';

import {specs as idSpecs} from '../fixtures/snippets/plugin-options/id';
import {specs as specSpecs} from '../fixtures/snippets/plugin-options/spec';
import {spec as urlSpec} from '../fixtures/snippets/plugin-options/url';
import {specs as routeSpecs} from '../fixtures/snippets/plugin-options/route';
import {spec as layoutSpec} from '../fixtures/snippets/plugin-options/layout';
import {specs as configSpecs} from '../fixtures/snippets/plugin-options/config';
import {options as debugOptions} from '../fixtures/snippets/plugin-options/debug';
import {redocusaurus as presetEntry} from '../fixtures/snippets/preset-options';
import {redocusaurus as v1Entry} from '../fixtures/snippets/migrating/v1';
import {options as colorOptions} from '../fixtures/snippets/theme-options/colors';
import {options as deprecatedOptions} from '../fixtures/snippets/theme-options/deprecated';
import installationTs from '../fixtures/snippets/installation-ts';
import multipleApis from '../fixtures/snippets/multiple-apis';
import multiplePresets from '../fixtures/snippets/multiple-presets';
import themeIdConfig from '../fixtures/snippets/plugin-options/theme-id';
import {REPO} from './helpers';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const v0 = require('../fixtures/snippets/migrating/v0.js') as {
  redocusaurus: [string, {specs: Record<string, unknown>[]; theme: Record<string, unknown>}];
};
// eslint-disable-next-line @typescript-eslint/no-var-requires
const installationJs = require('../fixtures/snippets/installation-js.js') as typeof installationTs;

const SNIPPETS = path.join(REPO, 'tests/fixtures/snippets');
const context = {siteConfig: {baseUrl: '/', url: 'https://docs.example.com'}} as unknown as LoadContext;

/** What Docusaurus does with a plugin's options before using them. */
function validate(options: unknown): PluginOptions {
  return validateOptions({validate: normalizePluginOptions, options} as Parameters<typeof validateOptions>[0]);
}

/** The options object of the `redocusaurus` entry of a snippet config. */
function redocusaurusOptions(config: {presets?: readonly unknown[]}): PresetOptions[] {
  return (config.presets ?? [])
    .filter((entry): entry is [string, PresetOptions] => Array.isArray(entry) && entry[0] === 'redocusaurus')
    .map((entry) => entry[1]);
}

test.describe('plugin option snippets', () => {
  test('every spec entry shown on the pages passes the plugin option validation', () => {
    const entries: PluginOptions[] = [
      ...idSpecs,
      ...specSpecs,
      urlSpec,
      ...routeSpecs,
      layoutSpec,
      ...configSpecs,
      ...debugOptions.specs,
      ...presetEntry[1].specs,
      ...v1Entry[1].specs,
      ...colorOptions.specs,
      ...deprecatedOptions.specs,
      ...[installationTs, installationJs, multipleApis, multiplePresets].flatMap((config) =>
        redocusaurusOptions(config).flatMap((options) => options.specs),
      ),
    ];
    expect(entries.length).toBeGreaterThan(15);
    for (const entry of entries) expect(() => validate(entry), JSON.stringify(entry)).not.toThrow();
    const [, pluginOptions] = themeIdConfig.plugins![0] as [string, PluginOptions];
    expect(validate(pluginOptions).themeId).toBe('brand-theme');
  });

  test('the layout snippet uses only props that the Layout of Docusaurus 2.4 reads', async () => {
    const layoutSource = await fs.readFile(require.resolve('@docusaurus/theme-classic/lib/theme/Layout/index.js'), 'utf8');
    const destructured = /const \{([^}]*)\} = props;/.exec(layoutSource)?.[1] ?? '';
    const read = destructured
      .replace(/\/\/.*$/gm, '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    expect(read.sort()).toEqual(['children', 'description', 'noFooter', 'title', 'wrapperClassName']);
    for (const key of Object.keys(layoutSpec.layout ?? {})) expect(read, key).toContain(key);
  });

  test('the JavaScript and TypeScript installation snippets are the same config', () => {
    expect(installationJs).toEqual(installationTs);
  });

  test('the v0 options of the migration guide are rejected, each by name', () => {
    const [, v0Options] = v0.redocusaurus;
    const v0Keys = new Set<string>();
    for (const entry of v0Options.specs) {
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

    const [, v0Options] = v0.redocusaurus;
    expect(Object.keys(v0Options.theme).sort()).toEqual(['primaryColor', 'redocOptions', 'redocTheme']);
    const [, v1Options] = v1Entry;
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

test.describe('preset snippets', () => {
  test('the preset options snippet becomes one theme and one plugin per spec', () => {
    const [, options] = presetEntry;
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

  test('two presets with ids give their specs different themes', () => {
    const [publicApis, partnerApis] = redocusaurusOptions(multiplePresets).map((options) => preset(context, options));
    expect(publicApis.themes[0][1].id).not.toEqual(partnerApis.themes[0][1].id);
    expect(publicApis.plugins[0][1].themeId).toBe(publicApis.themes[0][1].id);
    expect(partnerApis.plugins[0][1].themeId).toBe(partnerApis.themes[0][1].id);
  });

  test('the multiple APIs navbar dropdown links to every spec route', () => {
    const [options] = redocusaurusOptions(multipleApis);
    const navbar = (multipleApis.themeConfig as {navbar: {items: {items: {to: string}[]}[]}}).navbar;
    expect(navbar.items[0].items.map((item) => item.to)).toEqual(options.specs.map((spec) => spec.route));
  });
});

test.describe('theme option snippets', () => {
  test('redocly.yaml: Redoc options on top of the defaults, theme overrides in both modes', async () => {
    const data = await getGlobalData({options: path.join(SNIPPETS, 'theme-options/redocly.yaml')});
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

  test('primaryColor and primaryColorDark, with #25c2a0 when unset', async () => {
    const data = await getGlobalData({...colorOptions.theme, options: {}});
    expect(data.lightTheme?.colors?.primary?.main).toBe('#1f7a8c');
    expect(data.darkTheme?.colors?.primary?.main).toBe('#7fd1e0');
    const plain = await getGlobalData({options: {}});
    expect(plain.lightTheme?.colors?.primary?.main).toBe('#25c2a0');
    const onlyLight = await getGlobalData({primaryColor: '#123456', options: {}});
    expect(onlyLight.darkTheme?.colors?.primary?.main).toBe('#123456');
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
    const data = await getGlobalData(deprecatedOptions.theme!);
    expect(data.options).toMatchObject({disableSearch: true, hideDownloadButton: true, menuToggle: true});
    expect(data.lightTheme?.typography?.fontSize).toBe('15px');

    const combined = await getGlobalData({
      options: path.join(SNIPPETS, 'theme-options/redocly.yaml'),
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

  test('a config file with remove-x-internal drops internal operations; the object form does not', async () => {
    const spec = await partnerSpec();
    const [partnerEntry] = configSpecs;
    expect(partnerEntry.config).toBe('redocly.partners.yaml');
    const fromFile = await build({
      ...partnerEntry,
      spec,
      config: path.join(SNIPPETS, 'plugin-options/redocly.partners.yaml'),
    });
    expect(Object.keys(fromFile.data.spec.paths)).toEqual(['/orders']);
    const copy = await fs.readFile(path.join(outDir, 'redocusaurus', 'partner-api.yaml'), 'utf8');
    expect(copy).not.toContain('/internal/reindex');

    const fromObject = await build({id: 'object', spec, config: {styleguide: {decorators: {'remove-x-internal': 'on'}}}});
    expect(Object.keys(fromObject.data.spec.paths)).toContain('/internal/reindex');
  });

  test('a config object with resolve headers downloads a private spec', async () => {
    const spec = await fs.readFile(await partnerSpec());
    const server = http.createServer((request, response) => {
      response.statusCode = request.headers.authorization === 'Bearer docs-token' ? 200 : 401;
      response.end(response.statusCode === 200 ? spec : 'unauthorized');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.API_DOCS_TOKEN = 'Bearer docs-token';
    try {
      const [, privateEntry] = configSpecs;
      const config = JSON.parse(JSON.stringify(privateEntry.config).replaceAll('https://api.example.com', origin));
      const {data} = await build({...privateEntry, spec: `${origin}/openapi.yaml`, config});
      expect(data.isSpecFile).toBe(false);
      expect(data.url).toBe(`${origin}/openapi.yaml`);
      expect(Object.keys(data.spec.paths)).toContain('/orders');
      await expect(build({id: 'anonymous', spec: `${origin}/openapi.yaml`, config: {}})).rejects.toThrow(/401/);
    } finally {
      delete process.env.API_DOCS_TOKEN;
      server.close();
    }
  });
});
