/**
 * The stores built from Redoc's options (./modeOptions.ts): the whole spec's, and a parser for a schema on its own.
 *
 * The theme's own hook builds a second store (spec parsing, menu, full re-render of the
 * reference) right after hydration, because its options change when the browser takes over:
 * `scrollYOffset` goes from 0 to the navbar selector. Redoc reads that offset only after mounting
 * (its sticky sidebar starts at "0px" and measures in componentDidMount), so the browser's value
 * can be used from the first render, and the rendered markup still matches the server's. A store
 * is then rebuilt only when what the reader sees changes: the spec or the options; a colour mode
 * switch only changes the theme. Stores are built with the description headings the build found
 * (../../lib/descriptionHeadings.js).
 */
import {useEffect, useMemo} from 'react';
import {AppStore, OpenAPIParser, RedocNormalizedOptions, type RedocRawOptions} from 'redoc';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode} from '@docusaurus/theme-common';
import {useModeOptions} from './modeOptions';
import {replayHeadings} from '../../lib/descriptionHeadings';
import type {SpecData} from './specData';
import {withTryIt} from './TryIt';

/** The store of the whole spec, for a reference React renders in full (./Reference.tsx). */
export function useRedocStore({spec, url, themeId = 'theme-redoc', descriptionHeadings, tryIt}: SpecData, optionsOverrides?: RedocRawOptions) {
  const {lightThemeOptions, darkThemeOptions} = useModeOptions(themeId, optionsOverrides);
  const fullUrl = useBaseUrl(url ?? '', {absolute: true});
  const {colorMode} = useColorMode();

  // The two modes' options differ only in their theme, which Redoc reads only through
  // styled-components' ThemeProvider: one store serves both, and a switch of colour mode
  // changes the theme it is rendered with, not the parsed spec and menu.
  // Options are plain data from the plugin's config; their JSON says when they changed.
  const optionsKey = JSON.stringify(lightThemeOptions);
  const store = useMemo(
    () => {
      const built = replayHeadings(descriptionHeadings, () => new AppStore(spec, fullUrl, lightThemeOptions));
      withTryIt(built.options, tryIt, fullUrl);
      return built;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the options are covered by their key
    [spec, fullUrl, optionsKey, descriptionHeadings, tryIt],
  );
  const darkTheme = useMemo(() => new RedocNormalizedOptions(darkThemeOptions).theme, [darkThemeOptions]);

  useEffect(() => {
    // Scrolls to the URL's hash and marks the active menu item, once the reference is in the page.
    store.onDidMount();
    return () => store.dispose();
  }, [store]);

  return {
    store,
    /** The theme of the colour mode shown now. */
    modeTheme: colorMode === 'dark' ? darkTheme : store.options.theme,
    lightTheme: store.options.theme,
    darkTheme,
  };
}

/**
 * Redoc's parser of the spec, for a schema on its own (ApiSchema): a schema needs no menu and no
 * models of the operations, which the store of the whole spec would build. Its theme is light
 * until hydration is over, as the server rendered it, then the reader's.
 */
export function useSchemaParser({spec, url, themeId = 'theme-redoc'}: SpecData) {
  const {lightThemeOptions, darkThemeOptions} = useModeOptions(themeId);
  const fullUrl = useBaseUrl(url ?? '', {absolute: true});
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();
  const options = useMemo(() => new RedocNormalizedOptions(lightThemeOptions), [lightThemeOptions]);
  const parser = useMemo(() => new OpenAPIParser(spec, fullUrl, options), [spec, fullUrl, options]);
  const darkTheme = useMemo(() => new RedocNormalizedOptions(darkThemeOptions).theme, [darkThemeOptions]);
  return {parser, options, theme: isBrowser && colorMode === 'dark' ? darkTheme : options.theme};
}
