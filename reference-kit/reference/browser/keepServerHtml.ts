/**
 * Keeping the server's HTML of an element while React hydrates the page around it.
 *
 * React neither checks nor removes the children of an element rendered with
 * `dangerouslySetInnerHTML` while hydrating: the server's HTML stays, and as long as the element
 * is rendered with the same empty HTML, React leaves its children alone.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';

export const KEEP_SERVER_HTML = {dangerouslySetInnerHTML: {__html: ''}, suppressHydrationWarning: true} as const;

/**
 * True while React hydrates the page the server rendered (`useIsBrowser` turns true after it).
 * Only a production build has server HTML: the development server (`npm start`) renders the page
 * in the browser from nothing (Docusaurus calls `ReactDOM.render` there, not `hydrate`), so there
 * is nothing to keep.
 */
export function useIsHydrating(): boolean {
  const isBrowser = useIsBrowser();
  return process.env.NODE_ENV === 'production' && ExecutionEnvironment.canUseDOM && !isBrowser;
}
