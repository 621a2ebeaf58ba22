/**
 * The reference rendered whole by React from the store of the whole spec (./Reference.tsx), where
 * there is no server HTML to bring to life (./BuiltReference.tsx). Loaded on demand: it brings Redoc.
 */
import React from 'react';
import Reference from '../shared/Reference';
import {useRedocStore} from '../shared/useRedocStore';
import {referenceClassName, type BuiltReferenceProps} from '../shared/specData';

export default function RenderedReference({specProps, optionsOverrides, className}: BuiltReferenceProps): React.ReactElement {
  const {store, modeTheme} = useRedocStore(specProps, optionsOverrides);
  return (
    <div className={referenceClassName(specProps, className)}>
      <Reference store={store} theme={modeTheme} />
    </div>
  );
}
