/**
 * `@theme/ApiSchema` of the reference kit: the theme's component reads the spec through its own
 * copy of useSpecData, so this one is the same component wired to the kit's `@theme/useSpecData`
 * (per-route spec data), and to the kit's store (../../reference/useRedocStore: built once, not
 * again on hydration or for the other colour mode).
 */
import React, {useEffect} from 'react';
import clsx from 'clsx';
import {SchemaDefinition, ThemeProvider} from 'redoc';
import type {ApiSchemaProps} from 'docusaurus-theme-redoc/dist/types/common';
import {useRedocStore} from '../../reference/useRedocStore';
import useSpecData from '@theme/useSpecData';
import 'docusaurus-theme-redoc/dist-jsx/theme/Redoc/styles.css';
import 'docusaurus-theme-redoc/dist-jsx/theme/ApiSchema/styles.css';

export default function ApiSchema({id, example = false, pointer, ...rest}: ApiSchemaProps): React.ReactElement {
  const specProps = useSpecData(id);
  const {store, theme} = useRedocStore(specProps);

  useEffect(() => {
    // A schema on its own has no menu; the store's menu would otherwise track scrolling.
    store.menu.dispose();
  }, [store]);

  return (
    <ThemeProvider theme={theme}>
      <div className={clsx('redocusaurus', 'redocusaurus-schema', !example && 'hide-example')}>
        <SchemaDefinition parser={store.spec.parser} options={store.options} schemaRef={pointer} {...rest} />
      </div>
    </ThemeProvider>
  );
}
