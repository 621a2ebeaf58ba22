/**
 * Server build of ../browser/BuiltReference.tsx (the build swaps the module, see ../../lib/themePlugin.js).
 *
 * Renders the reference in both colour modes, part by part (./renderReference.ts), and writes its
 * style sheets, then its HTML, in the elements the browser reads them from (../shared/contract.js).
 * The renders build Redoc's models within limits (../../lib/modelLimits.js): past them, options
 * expand no more fields, and a schema that would need too many models fails the build with an
 * error that names the spec and the schema. A section Redoc cannot render fails the build with the
 * spec, the section's JSON pointer and what to do.
 */
import React from 'react';
import {renderReference} from './renderReference';
import {tallPageWarning} from './sectionEstimates';
import {useRedocStore} from '../shared/useRedocStore';
import {referenceClassName, type BuiltReferenceProps} from '../shared/specData';
import {ATTR, CLASS} from '../shared/contract';
import {modelLimitError, withModelLimits} from '../../lib/modelLimits';
import {TRY_IT_HIDDEN_WITHOUT_SCRIPTS} from '../shared/TryIt';

export default function BuiltReference({specProps, optionsOverrides, className}: BuiltReferenceProps): React.ReactElement {
  const {store, lightTheme, darkTheme} = useRedocStore(specProps, optionsOverrides);
  const source = specProps.source ?? specProps.url ?? 'the spec of this page';
  withModelLimits(store.options);
  let rendered;
  try {
    rendered = renderReference(store, {light: lightTheme, dark: darkTheme}, {source, knownFailure: (error) => modelLimitError(error, source)});
  } catch (error) {
    throw modelLimitError(error, source) ?? error;
  }
  // Nothing reads the spec or the store after this render: what they hold goes, page after page of a
  // large build. The store's effects, which dispose of it in the browser, do not run on the server,
  // and Redoc's menu stays subscribed to its history, one object for the whole process, until then.
  store.dispose();
  specProps.pieces?.release();
  const warning = tallPageWarning(rendered.estimatedHeight, source, specProps.pages !== undefined);
  if (warning) console.warn(`[WARNING] ${warning}`);
  const {styles, html} = rendered;
  return (
    <>
      <div className={CLASS.styles}>
        <style {...{[ATTR.classNames]: styles.classNames}} dangerouslySetInnerHTML={{__html: styles.light}} />
        <style dangerouslySetInnerHTML={{__html: styles.dark}} />
        <style dangerouslySetInnerHTML={{__html: styles.held}} />
        <style {...{[ATTR.heights]: styles.heightsKey}} dangerouslySetInnerHTML={{__html: styles.heights}} />
        {specProps.tryIt && <noscript dangerouslySetInnerHTML={{__html: `<style>${TRY_IT_HIDDEN_WITHOUT_SCRIPTS}</style>`}} />}
      </div>
      <div className={referenceClassName(specProps, className)} {...{[ATTR.reference]: ''}} dangerouslySetInnerHTML={{__html: html}} />
    </>
  );
}
