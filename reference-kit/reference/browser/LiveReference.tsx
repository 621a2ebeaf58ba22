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
import {responseText} from './slices';
import {referenceClassName, type BuiltReferenceProps} from '../shared/specData';
import {ATTR, CLASS} from '../shared/contract';

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
  return responseText(response);
}

/**
 * Records what the reader clicks in the server's menu before it comes to life (Redoc's code arrives
 * after the page has hydrated: on a phone, a second or more): the last item clicked (or chosen with
 * Enter or Space), and whether the phone's menu button was tapped an odd number of times. Returns
 * a function that stops recording and gives the elements to click again once the menu works.
 */
function recordEarlyClicks(root: HTMLElement): () => HTMLElement[] {
  const menu = root.querySelector<HTMLElement>(`.${CLASS.menu}`);
  const button = menu?.nextElementSibling instanceof HTMLElement ? menu.nextElementSibling : undefined;
  let item: HTMLElement | undefined;
  let toggles = 0;
  const onClick = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    if (button?.contains(event.target)) {
      toggles += 1;
      return;
    }
    const label = event.target.closest<HTMLElement>(`li[${ATTR.menuItem}]`)?.querySelector<HTMLElement>(':scope > label');
    if (label && menu?.contains(label)) item = label;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') onClick(event);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    return [...(button && toggles % 2 === 1 ? [button] : []), ...(item ? [item] : [])];
  };
}

export default function LiveReference(props: LiveReferenceProps): React.ReactElement {
  const root = useRef<HTMLDivElement>(null);
  const styles = useRef<HTMLDivElement>(null);
  const pageHtml = useRef<Promise<string>>();
  const earlyClicks = useRef<() => HTMLElement[]>();
  useEffect(() => {
    if (props.source === 'page' && root.current) {
      earlyClicks.current = recordEarlyClicks(root.current);
      return () => void earlyClicks.current?.();
    }
    pageHtml.current = fetchPageHtml();
    // Handled where it is used (./LiveSections.tsx); until then, not an unhandled rejection.
    pageHtml.current.catch(() => undefined);
    return undefined;
    // Fetched once, with the page; recorded once, until the menu comes to life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const takeEarlyClicks = () => {
    const take = earlyClicks.current;
    earlyClicks.current = undefined;
    return take?.() ?? [];
  };
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
      <div ref={styles} className={CLASS.styles} {...KEEP_SERVER_HTML} />
      <div ref={root} className={referenceClassName(props.specProps, props.className)} {...{[ATTR.reference]: ''}} {...KEEP_SERVER_HTML} />
      {LiveSections && root.current && styles.current && <LiveSections {...props} root={root.current} styles={styles.current} pageHtml={pageHtml.current} takeEarlyClicks={takeEarlyClicks} />}
    </>
  );
}
