/**
 * The theme components as published (docusaurus-theme-redoc/dist), loaded in Node for the docs
 * tests. Docusaurus gives them their `@docusaurus/*` and `@theme/*` imports through webpack
 * aliases; here those few imports are answered by small stand-ins, so that a server render
 * runs the theme's own code (useSpecData, useSpecOptions, Redoc, ApiDoc, ApiDocMdx, ApiSchema)
 * against global data the test chooses. Not the site's swizzled components: the docs describe
 * the packages.
 */
import Module from 'node:module';
import path from 'node:path';
import React from 'react';
import {renderToString} from 'react-dom/server';
import type {LoadContext} from '@docusaurus/types';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import preset, {type PresetOptions} from 'redocusaurus';
import redocPlugin, {validateOptions} from 'docusaurus-plugin-redoc';
import {getGlobalData} from 'docusaurus-theme-redoc/dist/redocData';
import type {SpecProps} from 'docusaurus-theme-redoc/dist/types/common';

/** Global data by plugin name, then by plugin id, as `useGlobalData` returns it. */
export const globalData: Record<string, Record<string, unknown>> = {};

/** The props the last rendered `@theme/Layout` received. */
export let layoutProps: Record<string, unknown> | undefined;

const THEME_DIST = path.join(path.dirname(require.resolve('docusaurus-theme-redoc/package.json')), 'dist');

const standIns: Record<string, unknown> = {
  '@docusaurus/useGlobalData': {
    useAllPluginInstancesData(name: string, options?: {failfast?: boolean}) {
      if (!globalData[name] && options?.failfast) throw new Error(`no global data for ${name}`);
      return globalData[name];
    },
    usePluginData: (name: string, id: string) => globalData[name]?.[id],
  },
  // The build's server render: not a browser, light mode, site at the root.
  '@docusaurus/useIsBrowser': {__esModule: true, default: () => false},
  '@docusaurus/ExecutionEnvironment': {__esModule: true, default: {canUseDOM: false}},
  '@docusaurus/theme-common': {useColorMode: () => ({colorMode: 'light'})},
  '@docusaurus/useBaseUrl': {__esModule: true, default: (url?: string) => (url ? `https://docs.example.com/${url}` : url)},
  '@theme/Layout': {
    __esModule: true,
    default: ({children, ...props}: {children?: React.ReactNode}) => {
      layoutProps = props;
      return React.createElement('main', null, children);
    },
  },
};
const themeModules: Record<string, string> = {
  '@theme/Redoc': path.join(THEME_DIST, 'theme/Redoc'),
  '@theme/useSpecData': path.join(THEME_DIST, 'theme/useSpecData'),
};

type Component<P> = (props: P) => JSX.Element;
interface ThemeComponents {
  useSpecData: (id?: string) => SpecProps | undefined;
  Redoc: Component<Partial<SpecProps> & {className?: string; optionsOverrides?: Record<string, unknown>}>;
  ApiDoc: Component<{specProps: SpecProps; layoutProps?: Record<string, unknown>}>;
  ApiDocMdx: Component<{id?: string}>;
  ApiSchema: Component<{id?: string; pointer: string}>;
  /** The browser build's `Styles` (the server build swaps in ServerStyles). */
  BrowserStyles: Component<object>;
}

let loaded: ThemeComponents | undefined;

/** Requires the published components once, with the stand-ins in place while they load. */
export function themeComponents(): ThemeComponents {
  if (loaded) return loaded;
  const moduleWithLoad = Module as unknown as {_load: (request: string, parent: unknown, isMain: boolean) => unknown};
  const load = moduleWithLoad._load;
  moduleWithLoad._load = (request, parent, isMain) => {
    if (request in standIns) return standIns[request];
    // The theme's server bundle swaps Redoc/Styles for ServerStyles, which collects the two style sheets.
    if (request === './Styles' && (parent as {filename?: string}).filename?.startsWith(path.join(THEME_DIST, 'theme/Redoc'))) {
      return load(path.join(THEME_DIST, 'theme/Redoc/ServerStyles'), parent, isMain);
    }
    if (request in themeModules) return load(themeModules[request]!, parent, isMain);
    // Webpack handles the theme's CSS imports; Node has nothing to do with them.
    if (request.endsWith('.css')) return {};
    return load(request, parent, isMain);
  };
  try {
    const component = (name: string) => require(path.join(THEME_DIST, 'theme', name)).default;
    loaded = {
      useSpecData: require(themeModules['@theme/useSpecData']!).default,
      Redoc: component('Redoc'),
      ApiDoc: component('ApiDoc'),
      ApiDocMdx: component('ApiDocMdx'),
      ApiSchema: component('ApiSchema'),
      BrowserStyles: require(path.join(THEME_DIST, 'theme/Redoc/Styles')).ServerStyles,
    };
  } finally {
    moduleWithLoad._load = load;
  }
  return loaded;
}

/** Server-renders an element, as `docusaurus build` does. */
export function render(element: React.ReactElement): string {
  return renderToString(element);
}

const context = {siteConfig: {baseUrl: '/', url: 'https://docs.example.com'}} as unknown as LoadContext;

/**
 * Fills `globalData` as Docusaurus would for these presets: each theme instance's data under
 * its id, each spec's under its plugin id, after the plugin's own option validation.
 */
export async function loadPresets(presets: PresetOptions[]): Promise<void> {
  for (const key of Object.keys(globalData)) delete globalData[key];
  const themes: Record<string, unknown> = {};
  const specs: Record<string, unknown> = {};
  for (const options of presets) {
    const resolved = preset(context, options);
    // Without `options`, the theme reads redocly.yaml from the working folder: this repository's,
    // which is the kit's site's, not a stock reader's. A reader's site has none.
    for (const [, themeOptions] of resolved.themes) {
      themes[themeOptions.id ?? 'default'] = await getGlobalData({...themeOptions, options: themeOptions.options ?? {}});
    }
    for (const [, pluginOptions] of resolved.plugins) {
      const validated = validateOptions({validate: normalizePluginOptions, options: pluginOptions as unknown} as Parameters<typeof validateOptions>[0]);
      const plugin = redocPlugin(context, validated);
      const content = await plugin.loadContent!();
      const actions = {setGlobalData: (data: unknown) => (specs[validated.id!] = data), createData: async () => '', addRoute: () => {}};
      await plugin.contentLoaded!({content, actions} as unknown as Parameters<NonNullable<typeof plugin.contentLoaded>>[0]);
    }
  }
  globalData['docusaurus-theme-redoc'] = themes;
  globalData['docusaurus-plugin-redoc'] = specs;
}
