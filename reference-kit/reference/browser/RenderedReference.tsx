/**
 * The reference rendered whole by React from the store of the whole spec (../shared/Reference.tsx),
 * where there is no server HTML to bring to life (./BuiltReference.tsx), with the held sections' CSS
 * (../shared/heldCss.ts) the server would have written. Loaded on demand: it brings Redoc.
 */
import React, {useMemo} from 'react';
import Reference from '../shared/Reference';
import {heldCss} from '../shared/heldCss';
import {useRedocStore} from '../shared/useRedocStore';
import {referenceClassName, type BuiltReferenceProps} from '../shared/specData';

export default function RenderedReference({specProps, optionsOverrides, className}: BuiltReferenceProps): React.ReactElement {
  const {store, modeTheme, lightTheme} = useRedocStore(specProps, optionsOverrides);
  const css = useMemo(() => heldCss(lightTheme), [lightTheme]);
  return (
    <div className={referenceClassName(specProps, className)}>
      <style dangerouslySetInnerHTML={{__html: css}} />
      <Reference store={store} theme={modeTheme} />
    </div>
  );
}
