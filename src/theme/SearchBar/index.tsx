/**
 * Swizzled `@theme/SearchBar`: the navbar's search box.
 *
 * The search box (./SearchBox.tsx) imports lunr and the search plugin's index
 * code, and the navbar is in the main bundle, so using it directly would put
 * all of that on every page's critical path. This renders a plain input with
 * the same look and name instead (also on the server: React 17 cannot
 * server-render `React.lazy`) and swaps in the real box, loaded as a chunk of
 * its own, as soon as the reader focuses or hovers the box or presses the
 * shortcut. Focus and whatever was typed carry over to the real input.
 */
import React, {useCallback, useEffect, useRef, useState, type ComponentType} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useIsomorphicLayoutEffect} from '@docusaurus/theme-common';
import type {SearchBarGlobalData} from '../../../plugins/api-search';
import {isMacPlatform} from './platform';
import styles from './styles.module.css';

type SearchBarComponent = ComponentType<Record<string, unknown>>;

/** The real search box once loaded; kept for the next page, whose navbar mounts anew. */
let loadedSearchBar: SearchBarComponent | undefined;
let loading: Promise<SearchBarComponent> | undefined;

function loadSearchBar(): Promise<SearchBarComponent> {
  // Through the theme alias: TypeScript (Node16 resolution) wants extensions on relative dynamic imports,
  // which webpack would not resolve; src/types/search-box.d.ts types the alias.
  loading ??= import(/* webpackChunkName: "search-bar" */ '@theme/SearchBar/SearchBox').then(
    (module: {default: SearchBarComponent}) => (loadedSearchBar = module.default),
    (error: unknown) => {
      // Try again on the next focus or hover (e.g. after a network blip).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** What the reader had done in the placeholder input when the real one replaced it. */
interface InputState {
  focused: boolean;
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/**
 * Gives the real input the placeholder's text and focus. The value goes in
 * through an `input` event so that the search bar's React state follows
 * (React ignores values set through the `value` property).
 */
function restoreInput(input: HTMLInputElement, state: InputState): void {
  if (state.focused) input.focus();
  if (state.value) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, state.value);
    input.dispatchEvent(new Event('input', {bubbles: true}));
  }
  if (state.focused) input.setSelectionRange(state.selectionStart, state.selectionEnd);
}

export default function SearchBar(props: Record<string, unknown>): JSX.Element {
  const isBrowser = useIsBrowser();
  const {searchBarShortcut, searchBarShortcutHint} = usePluginData(
    '@easyops-cn/docusaurus-search-local',
  ) as SearchBarGlobalData;
  // Undefined while hydrating, as on the server; set at once on later pages.
  const [RealSearchBar, setRealSearchBar] = useState(() => loadedSearchBar);
  const slot = useRef<HTMLDivElement>(null);
  const handOver = useRef<InputState>();
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const load = useCallback(() => {
    loadSearchBar().then(
      (Component) => {
        if (!mounted.current) return;
        const input = slot.current?.querySelector('input');
        if (input) {
          handOver.current = {
            focused: document.activeElement === input,
            value: input.value,
            selectionStart: input.selectionStart,
            selectionEnd: input.selectionEnd,
          };
        }
        setRealSearchBar(() => Component);
      },
      (error: unknown) => console.warn('The search bar could not be loaded; it will be tried again.', error),
    );
  }, []);

  // Until the reader reaches for search, only the shortcut is watched: it focuses the
  // placeholder, which loads the real search bar. Nothing is fetched on pages where
  // nobody searches, so the search code is not part of any page's first load.
  useEffect(() => {
    if (RealSearchBar) return undefined;
    const isMac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      if (!searchBarShortcut || !(isMac ? event.metaKey : event.ctrlKey) || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      slot.current?.querySelector('input')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [RealSearchBar, searchBarShortcut]);

  // The placeholder input is gone by now and focus with it: hand over in a microtask, which runs
  // before the browser handles the next key press, and after React has finished this commit
  // (an `input` event dispatched during a commit would have its value reset by React).
  useIsomorphicLayoutEffect(() => {
    const state = handOver.current;
    const input = slot.current?.querySelector('input');
    handOver.current = undefined;
    if (RealSearchBar && state && input) queueMicrotask(() => restoreInput(input, state));
  }, [RealSearchBar]);

  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  return (
    <div className={styles.slot} ref={slot}>
      {RealSearchBar ? (
        <RealSearchBar {...props} />
      ) : (
        <div className={clsx('navbar__search', styles.searchBar)} dir="ltr" data-search-placeholder="">
          <input
            placeholder={label}
            aria-label={label}
            className="navbar__search-input"
            onFocus={load}
            onMouseEnter={load}
          />
          {searchBarShortcut && searchBarShortcutHint && isBrowser && (
            <div className={styles.hint}>
              <kbd>{isMacPlatform() ? '⌘' : 'ctrl'}</kbd>
              <kbd>K</kbd>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
