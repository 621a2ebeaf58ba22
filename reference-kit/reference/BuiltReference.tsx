/**
 * A reference from a spec loaded at build time, in the browser (the server has
 * ./BuiltReference.server.tsx in its place).
 *
 * A page that loads with the server's HTML keeps it, and brings it to life piece by piece
 * (./LiveReference.tsx): what that costs does not grow with the spec. Without server HTML
 * (client-side navigation, `npm start`) React renders the whole reference (./Reference.tsx), as
 * Redoc's own component would; so does a reference that shows Redoc's search box, which needs the
 * store of the whole spec.
 */
import React, {useState} from 'react';
import Reference from './Reference';
import LiveReference from './LiveReference';
import {useIsHydrating} from './keepServerHtml';
import {useModeOptions, useRedocStore} from './useRedocStore';
import {referenceClassName, type BuiltReferenceProps} from './specData';

function RenderedReference({specProps, optionsOverrides, className}: BuiltReferenceProps): React.ReactElement {
  const {store, modeTheme} = useRedocStore(specProps, optionsOverrides);
  return (
    <div className={referenceClassName(specProps, className)}>
      <Reference store={store} theme={modeTheme} />
    </div>
  );
}

export default function BuiltReference(props: BuiltReferenceProps): React.ReactElement {
  const hydrating = useIsHydrating();
  const {lightThemeOptions} = useModeOptions(props.specProps.themeId ?? 'theme-redoc', props.optionsOverrides);
  // Decided once: whether this reference was rendered by the server and can be kept.
  const [live] = useState(
    () =>
      hydrating &&
      props.specProps.outline !== undefined &&
      props.specProps.pieces !== undefined &&
      Boolean(lightThemeOptions.disableSearch),
  );
  return live ? <LiveReference {...props} /> : <RenderedReference {...props} />;
}
