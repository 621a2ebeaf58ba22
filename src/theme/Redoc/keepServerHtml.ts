/**
 * Keeping the server's HTML of an element while React hydrates the page around it.
 *
 * React neither checks nor removes the children of an element rendered with
 * `dangerouslySetInnerHTML` while hydrating: the server's HTML stays. When the element is later
 * rendered with children instead, React clears it first (its "content reset").
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';

export const KEEP_SERVER_HTML = {dangerouslySetInnerHTML: {__html: ''}, suppressHydrationWarning: true} as const;

/** True while React hydrates the page the server rendered (`useIsBrowser` turns true after it). */
export function useIsHydrating(): boolean {
  const isBrowser = useIsBrowser();
  return ExecutionEnvironment.canUseDOM && !isBrowser;
}
