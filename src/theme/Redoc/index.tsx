/**
 * Swizzled `@theme/Redoc` (ejected from docusaurus-theme-redoc 1.6.4): the same markup,
 * with the store from ./useRedocStore so that hydration does not build the reference twice.
 */
import React from 'react';
import clsx from 'clsx';
import {Redoc as RedocComponent, RedocStandalone, type RedocRawOptions} from 'redoc';
import type {SpecProps} from 'docusaurus-theme-redoc/dist/types/common';
// The theme swaps this module for one that inlines Redoc's styles in the server render.
import {ServerStyles} from 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/Styles';
import 'docusaurus-theme-redoc/dist-jsx/global';
import 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/styles.css';
import {useModeOptions, useRedocStore} from './useRedocStore';
import {useColorMode} from '@docusaurus/theme-common';

type Props = SpecProps & {className?: string; optionsOverrides?: RedocRawOptions};

function BuiltReference({className, optionsOverrides, ...specProps}: Props): JSX.Element {
  const {store, lightThemeOptions, darkThemeOptions, hasLogo} = useRedocStore(specProps, optionsOverrides);
  return (
    <>
      <ServerStyles specProps={specProps} lightThemeOptions={lightThemeOptions} darkThemeOptions={darkThemeOptions} />
      <div className={clsx('redocusaurus', hasLogo && 'redocusaurus-has-logo', className)}>
        <RedocComponent store={store} />
      </div>
    </>
  );
}

/** A spec given by URL only is fetched in the browser, as the theme does in development. */
function FetchedReference({className, optionsOverrides, url, themeId = 'theme-redoc'}: Props): JSX.Element {
  const {lightThemeOptions, darkThemeOptions} = useModeOptions(themeId, optionsOverrides);
  const options = useColorMode().colorMode === 'dark' ? darkThemeOptions : lightThemeOptions;
  return (
    <div className={clsx('redocusaurus', className)}>
      <RedocStandalone specUrl={url} options={options} />
    </div>
  );
}

export default function Redoc(props: Props): JSX.Element {
  const isDevMode = process.env.NODE_ENV === 'development';
  if ((isDevMode && props.isSpecFile === false) || !props.spec) return <FetchedReference {...props} />;
  return <BuiltReference {...props} />;
}
