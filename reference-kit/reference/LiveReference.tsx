/**
 * A reference the server rendered, brought to life piece by piece, at a cost that does not grow
 * with the spec.
 *
 * While the page hydrates, React keeps the server's HTML of the whole reference and renders
 * nothing of it, so hydration costs the same for twenty operations or two thousand, and needs no
 * Redoc: Redoc's code is loaded after (./loadAfterMount.ts), and with it the part that brings the
 * reference to life (./LiveSections.tsx). A page reached by client-side navigation has no server
 * HTML of its own: the elements start empty, and the page's built HTML, fetched while Redoc loads,
 * goes into them.
 */
import React, {useEffect, useLayoutEffect, useRef} from 'react';
import {KEEP_SERVER_HTML} from './keepServerHtml';
import {useModuleAfterMount} from './loadAfterMount';
import {loadLiveSections} from './redocChunks';
import {referenceClassName, type BuiltReferenceProps} from './specData';
// The sections' own CSS (their estimated height) styles the server's HTML: it is the page's, not Redoc's chunk's.
import './Reference.module.css';

export interface LiveReferenceProps extends BuiltReferenceProps {
  /** Where the server's HTML is: in the page as it loaded, or in the page's built HTML, to be fetched. */
  source: 'page' | 'built';
  /** Called when the built HTML cannot be had or does not match this reference. */
  onUnavailable?: () => void;
}

/** The page's HTML in the static build: this page's address, as the server wrote it. */
async function fetchPageHtml(): Promise<string> {
  const response = await fetch(window.location.pathname, {credentials: 'same-origin', headers: {Accept: 'text/html'}});
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.text();
}

export default function LiveReference(props: LiveReferenceProps): React.ReactElement {
  const root = useRef<HTMLDivElement>(null);
  const styles = useRef<HTMLDivElement>(null);
  const pageHtml = useRef<Promise<string>>();
  useEffect(() => {
    if (props.source !== 'built') return;
    pageHtml.current = fetchPageHtml();
    // Handled where it is used (./LiveSections.tsx); until then, not an unhandled rejection.
    pageHtml.current.catch(() => undefined);
    // Fetched once, with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const live = useModuleAfterMount<typeof import('./LiveSections')>(loadLiveSections);

  useLayoutEffect(() => {
    const container = styles.current;
    // styled-components counts on the server's rules for the names registered (./LiveSections.tsx)
    // for as long as the page lives: when the reference goes (client-side navigation), its CSS moves
    // to <head>.
    return () => {
      if (container) document.head.append(...Array.from(container.querySelectorAll('style')));
    };
  }, []);

  const LiveSections = live?.default;
  return (
    <>
      <div ref={styles} className="redocusaurus-styles" {...KEEP_SERVER_HTML} />
      <div ref={root} className={referenceClassName(props.specProps, props.className)} data-kit-reference="" {...KEEP_SERVER_HTML} />
      {LiveSections && root.current && styles.current && <LiveSections {...props} root={root.current} styles={styles.current} pageHtml={pageHtml.current} />}
    </>
  );
}
