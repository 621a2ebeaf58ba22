/**
 * A reference whose spec the browser fetches: `<Redoc url="…" />` without a `spec`, and a URL spec
 * under `npm start`. Redoc's own loader fetches and bundles it (in a chunk of its own in production,
 * ../lib/specLoader.js), its link addresses that could run script are emptied (../lib/safeLinks.js),
 * and Redoc's standalone component renders it. The server renders only the reference's frame.
 */
import React, {useEffect, useState} from 'react';
import clsx from 'clsx';
import {loadAndBundleSpec, RedocStandalone, type RedocRawOptions} from 'redoc';
import {useColorMode} from '@docusaurus/theme-common';
import {withSafeLinks} from '../lib/safeLinks';
import {useModeOptions} from './useRedocStore';

interface Props {
  url?: string;
  themeId?: string;
  className?: string;
  optionsOverrides?: RedocRawOptions;
}

type Loaded = {spec: object} | {error: string} | undefined;

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
    loadAndBundleSpec(url).then(
      (spec) => {
        withSafeLinks(spec);
        if (current) setLoaded({spec});
      },
      (error: unknown) => current && setLoaded({error: error instanceof Error ? error.message : String(error)}),
    );
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
      {loaded && 'spec' in loaded && <RedocStandalone spec={loaded.spec} options={options} />}
    </div>
  );
}
