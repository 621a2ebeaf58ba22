/**
 * Keeping the server's HTML of an element while React hydrates the page around it.
 *
 * React neither checks nor removes the children of an element rendered with
 * `dangerouslySetInnerHTML` while hydrating: the server's HTML stays. When the element is later
 * rendered with children instead, React clears it first (its "content reset").
 */
import {useEffect, useRef, useState, type RefObject} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {wakeNearViewport} from './hydrationQueue';

export const KEEP_SERVER_HTML = {dangerouslySetInnerHTML: {__html: ''}, suppressHydrationWarning: true} as const;

/**
 * True while React hydrates the page the server rendered (`useIsBrowser` turns true after it).
 * Only a production build has server HTML: the development server (`npm start`) renders the page
 * in the browser from nothing (Docusaurus calls `ReactDOM.render` there, not `hydrate`), so there
 * is nothing to keep, and a part that waited to be woken would stay empty.
 */
export function useIsHydrating(): boolean {
  const isBrowser = useIsBrowser();
  return process.env.NODE_ENV === 'production' && ExecutionEnvironment.canUseDOM && !isBrowser;
}

/**
 * Whether a part of the reference renders its content: at once on the server and after client
 * navigation; when hydrating, only once it comes near the viewport (./hydrationQueue), in a task
 * of its own. Until then it keeps the server's HTML (`KEEP_SERVER_HTML` on the element of `ref`).
 */
export function useRenderedNearViewport<T extends Element>(): {ref: RefObject<T>; rendered: boolean} {
  const hydrating = useIsHydrating();
  const [rendered, setRendered] = useState(!hydrating);
  const ref = useRef<T>(null);
  useEffect(() => {
    if (rendered || !ref.current) return undefined;
    return wakeNearViewport(ref.current, () => setRendered(true));
  }, [rendered]);
  return {ref, rendered};
}
