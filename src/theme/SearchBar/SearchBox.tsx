/**
 * The navbar's search box, loaded as a chunk of its own when the reader
 * reaches for search (./index.tsx).
 *
 * The index and the query are @easyops-cn/docusaurus-search-local's; the box
 * is the site's own, so that each result is a link: a combobox whose listbox
 * options are `<a href>` elements. The browser then opens a result in a new
 * tab on a middle click or Ctrl/⌘-click and shows its URL, and assistive
 * technology gets the option as a link to that URL. Focus stays in the input
 * (`aria-activedescendant`): arrows move through the results, Enter opens the
 * selected one, Escape closes the list.
 */
import React, {useCallback, useEffect, useRef, useState} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {usePluginData} from '@docusaurus/useGlobalData';
import {fetchIndexes} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/fetchIndexes';
import {SearchSourceFactory} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/SearchSourceFactory';
import type {SearchBarGlobalData} from '../../../plugins/api-search';
import {toHits, type Hit} from './hits';
import {isMacPlatform} from './platform';
import styles from './styles.module.css';

type SearchSource = ReturnType<typeof SearchSourceFactory>;

/** Loaded once per visit; the navbar, and with it this box, mounts anew on every page. */
let searchSource: Promise<SearchSource> | undefined;

function loadSearchSource(baseUrl: string, limit: number): Promise<SearchSource> {
  // Twice the limit: hits on the same place merge into one (./hits.ts).
  searchSource ??= fetchIndexes(baseUrl, '').then(({wrappedIndexes, zhDictionary}) =>
    SearchSourceFactory(wrappedIndexes, zhDictionary, limit * 2),
  );
  searchSource.catch(() => (searchSource = undefined));
  return searchSource;
}

/** Ids for the listbox; React 17 has no useId, and the box renders in the browser only. */
let boxCount = 0;

/** A click the browser should handle itself: a new tab or window, a download. */
const isModifiedClick = (event: React.MouseEvent) =>
  event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

export default function SearchBox(): JSX.Element {
  const {searchBarShortcut, searchBarShortcutHint, searchResultLimits} = usePluginData(
    '@easyops-cn/docusaurus-search-local',
  ) as SearchBarGlobalData;
  const baseUrl = useBaseUrl('/');
  const history = useHistory();
  const [listboxId] = useState(() => `search-results-${(boxCount += 1)}`);
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<SearchSource>();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let current = true;
    loadSearchSource(baseUrl, searchResultLimits).then(
      (loaded) => current && setSource(() => loaded),
      (error: unknown) => console.warn('The search index could not be loaded.', error),
    );
    return () => {
      current = false;
    };
  }, [baseUrl, searchResultLimits]);

  useEffect(() => {
    if (!source || !query.trim()) {
      setHits([]);
      return;
    }
    source(query, (results) => setHits(toHits(results, searchResultLimits)));
    // The best hit is selected, so Enter opens it.
    setActive(0);
  }, [source, query, searchResultLimits]);

  useEffect(() => {
    if (!searchBarShortcut) return undefined;
    const isMac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(isMac ? event.metaKey : event.ctrlKey) || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [searchBarShortcut]);

  const openHit = useCallback(
    (hit: Hit) => {
      setOpen(false);
      input.current?.blur();
      history.push(hit.href);
    },
    [history],
  );

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = hits.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (count > 0) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter' && open && hits[active]) {
      event.preventDefault();
      openHit(hits[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && query.trim() !== '' && source !== undefined;
  const optionId = (index: number) => `${listboxId}-${index}`;
  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  return (
    <div
      className={clsx('navbar__search', styles.searchBar)}
      dir="ltr"
      data-search-box=""
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}>
      <input
        ref={input}
        className="navbar__search-input"
        placeholder={label}
        aria-label={label}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded && hits.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={expanded && hits[active] ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {searchBarShortcut && searchBarShortcutHint && query === '' && (
        <div className={styles.hint}>
          <kbd>{isMacPlatform() ? '⌘' : 'ctrl'}</kbd>
          <kbd>K</kbd>
        </div>
      )}
      <div
        className={styles.results}
        hidden={!expanded}
        // Keeps the focus (and so the open list) in the input when a result is pressed.
        onMouseDown={(event) => event.button === 0 && event.preventDefault()}>
        <div role="listbox" id={listboxId} aria-label={translate({id: 'theme.SearchBar.results', message: 'Search results'})}>
          {hits.map((hit, index) => (
            <a
              key={hit.href}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              href={hit.href}
              tabIndex={-1}
              className={clsx(styles.hit, index === active && styles.hitActive)}
              onMouseMove={() => setActive(index)}
              onClick={(event) => {
                if (isModifiedClick(event)) return;
                event.preventDefault();
                openHit(hit);
              }}>
              <span className={styles.hitTitle}>{hit.title}</span>
              {hit.context && <span className={styles.hitContext}>{hit.context}</span>}
            </a>
          ))}
        </div>
        {hits.length === 0 && (
          <p role="status" className={styles.noResults}>
            {translate({id: 'theme.SearchBar.noResultsText', message: 'No results'})}
          </p>
        )}
        {hits.length > 0 && (
          <Link
            className={styles.seeAll}
            to={`/search?q=${encodeURIComponent(query)}`}
            tabIndex={-1}
            onClick={() => setOpen(false)}>
            {translate({id: 'theme.SearchBar.seeAll', message: 'See all results'})}
          </Link>
        )}
      </div>
    </div>
  );
}
