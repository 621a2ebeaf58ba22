/**
 * `@theme/ApiSchema` of the reference kit: the theme's component reads the spec through its own
 * copy of useSpecData, so this one is the same component wired to the kit's `@theme/useSpecData`
 * (per-route spec data), and to Redoc's parser of the spec alone (../../reference/useRedocStore:
 * built once, not again on hydration or for the other colour mode, and without the models of the
 * whole reference).
 */
import React, {useMemo} from 'react';
import clsx from 'clsx';
import {OptionsProvider, RedocNormalizedOptions, SchemaDefinition, ThemeProvider} from 'redoc';
import type {ApiSchemaProps} from 'docusaurus-theme-redoc/dist/types/common';
import {useSchemaParser} from '../../reference/shared/useRedocStore';
import useSpecData from '@theme/useSpecData';
import 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/styles.css';
import 'docusaurus-theme-redoc/dist-jsx/theme/ApiSchema/styles.css';

export default function ApiSchema({id, example = false, pointer, ...rest}: ApiSchemaProps): React.ReactElement {
  const specData = useSpecData(id);
  const {parser, options, theme} = useSchemaParser(specData);
  // Redoc's Markdown reads `untrustedSpec` from the options context, which the theme's component
  // leaves at Redoc's defaults: the context gets that one option (on for a spec from a URL, as in
  // `Redoc`), and the schema renders as it did otherwise.
  const untrustedSpec = options.untrustedSpec || specData.isSpecFile === false;
  const markdownOptions = useMemo(() => new RedocNormalizedOptions({untrustedSpec}), [untrustedSpec]);

  return (
    <ThemeProvider theme={theme}>
      <OptionsProvider value={markdownOptions}>
        <div className={clsx('redocusaurus', 'redocusaurus-schema', !example && 'hide-example')}>
          <SchemaDefinition parser={parser} options={options} schemaRef={pointer} {...rest} />
        </div>
      </OptionsProvider>
    </ThemeProvider>
  );
}
