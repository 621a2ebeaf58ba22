/**
 * A reference whose spec the browser fetches: `<Redoc url="…" />` without a `spec`, and a URL spec
 * under `npm start`. Redoc's own loader fetches and bundles it (in a chunk of its own in production,
 * ../../lib/specLoader.js) and Redoc's standalone component renders it; the kit's Redoc patch checks
 * the link, logo and colour values it renders (`kitSafeUrl`, `kitSafeColor`). The server renders
 * only the reference's frame, and Redoc's code is loaded in the browser with the spec
 * (./loadAfterMount.ts).
 */
import React, {useEffect, useState} from 'react';
import clsx from 'clsx';
import type {RedocRawOptions, RedocStandalone} from 'redoc';
import {useColorMode} from '@docusaurus/theme-common';
import {nextTask} from '../shared/tasks';
import {useModeOptions} from '../shared/modeOptions';

interface Props {
  url?: string;
  themeId?: string;
  className?: string;
  optionsOverrides?: RedocRawOptions;
}

type Loaded = {spec: object; Standalone: typeof RedocStandalone} | {error: string} | undefined;

export default function FetchedReference({url, themeId = 'theme-redoc', className, optionsOverrides}: Props): React.ReactElement {
  const {lightThemeOptions, darkThemeOptions} = useModeOptions(themeId, optionsOverrides);
  const options = useColorMode().colorMode === 'dark' ? darkThemeOptions : lightThemeOptions;
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    if (!url) {
      setLoaded({error: 'the reference has neither a spec nor a URL to fetch one from.'});
      return undefined;
    }
    let current = true;
    // As given, like Redoc's own `specUrl`: a relative URL is fetched from the page's address.
    nextTask()
      .then(() => import(/* webpackChunkName: "reference-fetched" */ 'redoc'))
      .then(async ({loadAndBundleSpec, RedocStandalone: Standalone}) => {
        const spec = await loadAndBundleSpec(url);
        if (current) setLoaded({spec, Standalone});
      })
      .catch((error: unknown) => current && setLoaded({error: error instanceof Error ? error.message : String(error)}));
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <div className={clsx('redocusaurus', className)}>
      {loaded === undefined && <p role="status">Loading the API description…</p>}
      {loaded && 'error' in loaded && (
        <p role="alert">
          Could not load the API description{url ? ` from ${url}` : ''}: {loaded.error}
        </p>
      )}
      {loaded && 'spec' in loaded && <loaded.Standalone spec={loaded.spec} options={options} />}
    </div>
  );
}
