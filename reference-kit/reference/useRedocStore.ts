/**
 * One Redoc store per spec and options, shared by the kit's Redoc and ApiSchema.
 *
 * The theme's own hook builds a second store (spec parsing, menu, full re-render of the
 * reference) right after hydration, because its options change when the browser takes
 * over: `scrollYOffset` goes from 0 to the navbar selector. Redoc reads that offset only
 * after mounting (its sticky sidebar starts at "0px" and measures in componentDidMount),
 * so the browser's value can be used from the first render, and the rendered markup still
 * matches the server's. The store is then rebuilt only when what the reader sees changes:
 * the spec or the options; a colour mode switch only changes the theme. It is built with the
 * description headings the build found (../lib/descriptionHeadings.js).
 */
import {useEffect, useMemo} from 'react';
import {AppStore, RedocNormalizedOptions, type RedocRawOptions} from 'redoc';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode} from '@docusaurus/theme-common';
import {usePluginData, useAllPluginInstancesData} from '@docusaurus/useGlobalData';
import type {SpecProps} from 'docusaurus-theme-redoc/dist/types/common';
import type {GlobalData} from 'docusaurus-theme-redoc/dist/types/options';
import {withKitDefaults, withPalette} from './palettes';
import {replayHeadings, type RecordedHeadings} from '../lib/descriptionHeadings';

/** The spec's data as ../lib/specDataPlugin.js delivers it. */
export type BuiltSpecProps = SpecProps & {descriptionHeadings?: RecordedHeadings};

/** What docusaurus-theme-redoc publishes for one theme id: Redoc's options and the two modes' themes. */
function useThemeData(themeId: string): GlobalData {
  const instances = useAllPluginInstancesData('docusaurus-theme-redoc', {failfast: true}) as Record<string, GlobalData>;
  return (usePluginData('docusaurus-theme-redoc', themeId) as GlobalData | undefined) ?? Object.values(instances)[0]!;
}

/**
 * The options for both modes: the site's Redoc options over the kit's defaults, each mode with its
 * theme and palette (./palettes), then the page's `optionsOverrides` on top. The overrides are
 * merged here, not by the theme's hook: that one merges them with lodash's `merge` into the theme
 * data every page shares, so one page's overrides (a docs page's `ApiDocMdx` layout, say) stayed
 * on every API page after it until a reload.
 */
export function useModeOptions(themeId: string, optionsOverrides?: RedocRawOptions) {
  const {options, lightTheme, darkTheme} = useThemeData(themeId);
  return useMemo(() => {
    const forMode = (mode: 'light' | 'dark', theme: GlobalData['lightTheme']) =>
      withPalette(withKitDefaults({...options, theme} as RedocRawOptions), mode, optionsOverrides);
    return {lightThemeOptions: forMode('light', lightTheme), darkThemeOptions: forMode('dark', darkTheme)};
  }, [options, lightTheme, darkTheme, optionsOverrides]);
}

export function useRedocStore(
  {spec, url, themeId = 'theme-redoc', descriptionHeadings}: BuiltSpecProps,
  optionsOverrides?: RedocRawOptions,
) {
  const {lightThemeOptions, darkThemeOptions} = useModeOptions(themeId, optionsOverrides);
  // The configured scroll offset (a selector by default); the server has no page to measure.
  const scrollYOffset = ExecutionEnvironment.canUseDOM ? lightThemeOptions.scrollYOffset : 0;
  const fullUrl = useBaseUrl(url ?? '', {absolute: true});
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();

  // The two modes' options differ only in their theme, which Redoc reads only through
  // styled-components' ThemeProvider: one store serves both, and a switch of colour mode
  // changes the theme it is rendered with, not the parsed spec and menu.
  const options = {...lightThemeOptions, scrollYOffset};
  // Options are plain data from the plugin's config; their JSON says when they changed.
  const optionsKey = JSON.stringify(options);
  const store = useMemo(
    () => replayHeadings(descriptionHeadings, () => new AppStore(spec, fullUrl, options)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `options` is covered by its key
    [spec, fullUrl, optionsKey, descriptionHeadings],
  );
  const darkTheme = useMemo(() => new RedocNormalizedOptions(darkThemeOptions).theme, [darkThemeOptions]);

  useEffect(() => {
    // Scrolls to the URL's hash and marks the active menu item, once the reference is in the page.
    store.onDidMount();
    return () => store.dispose();
  }, [store]);

  return {
    store,
    /**
     * The theme of the colour mode shown now. React keeps the server's class names when it
     * hydrates, so this is right from the first render only where the page has CSS for the light
     * render's classes in both modes (the reference, ./ReferenceStyles).
     */
    modeTheme: colorMode === 'dark' ? darkTheme : store.options.theme,
    /** The same, but light until hydration is over, for markup styled by the browser only (ApiSchema). */
    theme: isBrowser && colorMode === 'dark' ? darkTheme : store.options.theme,
    lightTheme: store.options.theme,
    darkTheme,
    hasLogo: Boolean((spec.info as {'x-logo'?: unknown} | undefined)?.['x-logo']),
  };
}
