/**
 * `@theme/Redoc` of the reference kit, in place of docusaurus-theme-redoc's: Redoc's reference
 * from a spec loaded at build time (../../reference/BuiltReference), rendered by the server with CSS
 * for both colour modes and brought to life piece by piece in the browser. Same props as the
 * theme's component.
 *
 * Every spec's Markdown is sanitized (Redoc's `untrustedSpec`) unless the site's options turn it
 * off (../../reference/shared/modeOptions.ts); a spec that came from a URL is not the site's own, so
 * its Markdown is sanitized whatever they say. A reference given only a `url` fetches it in the
 * browser (../../reference/FetchedReference).
 */
import React from 'react';
import type {RedocRawOptions} from 'redoc';
import 'docusaurus-theme-redoc/dist-jsx/global';
import 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/styles.css';
import BuiltReference from '../../reference/browser/BuiltReference';
import FetchedReference from '../../reference/browser/FetchedReference';
import type {SpecData} from '../../reference/shared/specData';
import '../../reference/shared/reference.css';

type Props = SpecData & {className?: string; optionsOverrides?: RedocRawOptions};

export default function Redoc(props: Props): React.ReactElement {
  const {className, optionsOverrides, ...specProps} = props;
  const fetched = !props.spec || (process.env.NODE_ENV === 'development' && props.isSpecFile === false);
  const overrides = fetched || props.isSpecFile === false ? {...optionsOverrides, untrustedSpec: true} : optionsOverrides;
  if (fetched) return <FetchedReference url={props.url} themeId={props.themeId} className={className} optionsOverrides={overrides} />;
  return <BuiltReference specProps={specProps} optionsOverrides={overrides} className={className} />;
}
