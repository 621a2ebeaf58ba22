/**
 * `@theme/Redoc` of the reference kit, in place of docusaurus-theme-redoc's: Redoc's reference
 * from a spec loaded at build time (../../reference/BuiltReference), rendered by the server with CSS
 * for both colour modes and brought to life piece by piece in the browser. Same props as the
 * theme's component.
 */
import React from 'react';
import clsx from 'clsx';
import {RedocStandalone, type RedocRawOptions} from 'redoc';
import 'docusaurus-theme-redoc/dist-jsx/global';
import 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/styles.css';
import {useColorMode} from '@docusaurus/theme-common';
import BuiltReference from '../../reference/BuiltReference';
import {useModeOptions} from '../../reference/useRedocStore';
import type {SpecData} from '../../reference/specData';
import '../../reference/reference.css';

type Props = SpecData & {className?: string; optionsOverrides?: RedocRawOptions};

/** A spec given by URL only is fetched in the browser, as the theme does in development. */
function FetchedReference({className, optionsOverrides, url, themeId = 'theme-redoc'}: Props): React.ReactElement {
  const {lightThemeOptions, darkThemeOptions} = useModeOptions(themeId, optionsOverrides);
  const options = useColorMode().colorMode === 'dark' ? darkThemeOptions : lightThemeOptions;
  return (
    <div className={clsx('redocusaurus', className)}>
      <RedocStandalone specUrl={url} options={options} />
    </div>
  );
}

export default function Redoc(props: Props): React.ReactElement {
  const isDevMode = process.env.NODE_ENV === 'development';
  if ((isDevMode && props.isSpecFile === false) || !props.spec) return <FetchedReference {...props} />;
  const {className, optionsOverrides, ...specProps} = props;
  return <BuiltReference specProps={specProps} optionsOverrides={optionsOverrides} className={className} />;
}
