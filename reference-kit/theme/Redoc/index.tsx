/**
 * `@theme/Redoc` of the reference kit, in place of docusaurus-theme-redoc's: Redoc's reference
 * composed from Redoc's parts (../../reference/Reference) so that its sections come to life one by
 * one as the reader reaches them, with one store for both colour modes
 * (../../reference/useRedocStore) and pre-rendered CSS that styles the server's HTML in both modes
 * (../../reference/ReferenceStyles). Same props as the theme's component.
 */
import React from 'react';
import clsx from 'clsx';
import {RedocStandalone, type RedocRawOptions} from 'redoc';
import 'docusaurus-theme-redoc/dist-jsx/global';
import 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/styles.css';
import {useColorMode} from '@docusaurus/theme-common';
import Reference from '../../reference/Reference';
import ReferenceStyles from '../../reference/ReferenceStyles';
import {useModeOptions, useRedocStore, type BuiltSpecProps} from '../../reference/useRedocStore';
import '../../reference/reference.css';

type Props = BuiltSpecProps & {className?: string; optionsOverrides?: RedocRawOptions};

function BuiltReference({className, optionsOverrides, ...specProps}: Props): React.ReactElement {
  const {store, modeTheme, lightTheme, darkTheme, hasLogo} = useRedocStore(specProps, optionsOverrides);
  return (
    <>
      <ReferenceStyles store={store} lightTheme={lightTheme} darkTheme={darkTheme} />
      <div className={clsx('redocusaurus', hasLogo && 'redocusaurus-has-logo', className)}>
        <Reference store={store} theme={modeTheme} />
      </div>
    </>
  );
}

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
  return <BuiltReference {...props} />;
}
