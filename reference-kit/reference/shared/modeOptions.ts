/**
 * Redoc's options for both colour modes, as the page's reference is rendered with them. Nothing
 * here loads Redoc: a page reads its options while it hydrates, and Redoc's code comes later, in a
 * task of its own (../browser/LiveReference.tsx).
 */
import {useMemo} from 'react';
import type {RedocRawOptions} from 'redoc';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {usePluginData, useAllPluginInstancesData} from '@docusaurus/useGlobalData';
import type {GlobalData} from 'docusaurus-theme-redoc/dist/types/options';
import {sanitizesMarkdown, withKitDefaults, withPalette} from './palettes';

/** What docusaurus-theme-redoc publishes for one theme id: Redoc's options and the two modes' themes. */
function useThemeData(themeId: string): GlobalData {
  const instances = useAllPluginInstancesData('docusaurus-theme-redoc', {failfast: true}) as Record<string, GlobalData>;
  return (usePluginData('docusaurus-theme-redoc', themeId) as GlobalData | undefined) ?? Object.values(instances)[0]!;
}

/**
 * The options for both modes: the site's Redoc options over the kit's defaults, each mode with its
 * theme and palette (./palettes), then the page's `optionsOverrides` on top, and the scroll offset
 * the browser measures (a selector by default; the server has no page to measure). The overrides
 * are merged here, not by the theme's hook: that one merges them with lodash's `merge` into the
 * theme data every page shares, so one page's overrides (a docs page's `ApiDocMdx` layout, say)
 * stayed on every API page after it until a reload.
 */
export function useModeOptions(themeId: string, optionsOverrides?: RedocRawOptions) {
  const {options, lightTheme, darkTheme} = useThemeData(themeId);
  return useMemo(() => {
    const forMode = (mode: 'light' | 'dark', theme: GlobalData['lightTheme']) => {
      // `options.theme` is the site's own Redoc theme (redocly.yaml, or the preset's `options`): it wins over the kit's palette.
      const modeOptions = withPalette(withKitDefaults({...options, theme} as RedocRawOptions), mode, optionsOverrides, options.theme);
      return {
        ...modeOptions,
        untrustedSpec: sanitizesMarkdown(modeOptions),
        scrollYOffset: ExecutionEnvironment.canUseDOM ? modeOptions.scrollYOffset : 0,
      };
    };
    return {lightThemeOptions: forMode('light', lightTheme), darkThemeOptions: forMode('dark', darkTheme)};
  }, [options, lightTheme, darkTheme, optionsOverrides]);
}
