/**
 * A reference from a spec loaded at build time, in the browser (the server has
 * ../server/BuiltReference.tsx in its place).
 *
 * The reference comes to life piece by piece from the server's HTML (./LiveReference.tsx), at a
 * cost that does not grow with the spec: the HTML the page loaded with, or, on a page reached by
 * client-side navigation, the page's HTML in the static build, fetched. Without a static build
 * (`npm start`), when that HTML cannot be had, or for a reference that shows Redoc's search box
 * (which needs the store of the whole spec), React renders the whole reference (../shared/Reference.tsx),
 * as Redoc's own component would (./RenderedReference.tsx).
 *
 * Nothing of this module or of the live reference loads Redoc: Redoc's code comes after the page
 * is in, in a task of its own (./loadAfterMount.ts).
 */
import React, {useState} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import LiveReference from './LiveReference';
import {KEEP_SERVER_HTML, useIsHydrating} from './keepServerHtml';
import {useModuleAfterMount} from './loadAfterMount';
import {loadRenderedReference} from './redocChunks';
import {afterAllPieces} from '../shared/pieceStore';
import {useModeOptions} from '../shared/modeOptions';
import {referenceClassName, type BuiltReferenceProps} from '../shared/specData';
import {ATTR, CLASS} from '../shared/contract';

/** The whole reference, once Redoc is loaded; until then the server's HTML, kept, or an empty frame. */
function RenderedReference(props: BuiltReferenceProps): React.ReactElement {
  const rendered = useModuleAfterMount<typeof import('./RenderedReference')>(() => afterAllPieces(props.specProps.pieces, loadRenderedReference));
  const className = referenceClassName(props.specProps, props.className);
  if (rendered) return <rendered.default {...props} />;
  return (
    <>
      <div className={CLASS.styles} {...KEEP_SERVER_HTML} />
      <div className={className} {...{[ATTR.reference]: ''}} {...KEEP_SERVER_HTML} />
    </>
  );
}

/** Only a production build has built HTML to fetch: the development server renders pages in the browser. */
const HAS_BUILT_HTML = process.env.NODE_ENV === 'production' && ExecutionEnvironment.canUseDOM && typeof fetch === 'function';

export default function BuiltReference(props: BuiltReferenceProps): React.ReactElement {
  const hydrating = useIsHydrating();
  const {lightThemeOptions} = useModeOptions(props.specProps.themeId ?? 'theme-redoc', props.optionsOverrides);
  // Decided once: where the server's HTML of this reference is, if it can be used at all.
  const [source, setSource] = useState<'page' | 'built' | 'none'>(() => {
    const {outline, pieces} = props.specProps;
    if (outline === undefined || pieces === undefined || !lightThemeOptions.disableSearch) return 'none';
    if (hydrating) return 'page';
    return HAS_BUILT_HTML ? 'built' : 'none';
  });
  if (source === 'none') return <RenderedReference {...props} />;
  return <LiveReference {...props} source={source} onUnavailable={() => setSource('none')} />;
}
