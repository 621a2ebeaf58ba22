/**
 * The parts of a spec's pages around each page's reference (../../lib/referencePages.js): the trail
 * to the overview above it, the previous and next pages below it, and the step that takes a link
 * written for the one-page reference (`#tag/pet/operation/addPet`) to the page that holds it.
 */
import React, {useEffect} from 'react';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import PaginatorNavLink from '@theme/PaginatorNavLink';
import clsx from 'clsx';
import styles from './styles.module.css';
import type {OutlineItem, ReferencePagesMeta} from '../../reference/shared/specData';

/** The entry of `sections` (ids of sections) that holds the section `id`: itself, or one it is under. */
export function holderOf<T>(id: string, sections: Record<string, T>): T | undefined {
  for (let end = id.length; end > 0; end = id.lastIndexOf('/', end - 1)) {
    const held = sections[id.slice(0, end)];
    if (held !== undefined) return held;
  }
  return undefined;
}

/** The trail above a page: the overview, then the page. */
export function PagesTrail({pages}: {pages: ReferencePagesMeta}): React.ReactElement | null {
  if (pages.redirects) return null;
  return (
    <nav className={clsx('container padding-top--md', styles.trail)} aria-label="Breadcrumbs">
      <ul className="breadcrumbs">
        <li className="breadcrumbs__item">
          <Link className="breadcrumbs__link" to={pages.overview.permalink}>
            {pages.overview.title}
          </Link>
        </li>
        <li className="breadcrumbs__item breadcrumbs__item--active">
          <span className={clsx('breadcrumbs__link', styles.currentCrumb)} aria-current="page">
            {pages.current}
          </span>
        </li>
      </ul>
    </nav>
  );
}

/** The previous and next pages, in the order of the spec's menu. */
export function PagesPaginator({pages}: {pages: ReferencePagesMeta}): React.ReactElement {
  return (
    <nav className="pagination-nav container margin-vert--lg" aria-label="API reference pages">
      {pages.previous && <PaginatorNavLink {...pages.previous} subLabel={<>Previous</>} />}
      {pages.next && <PaginatorNavLink {...pages.next} subLabel={<>Next</>} isNext />}
    </nav>
  );
}

/**
 * Takes a hash this page does not hold to the page that does: the overview knows every page's
 * sections (`redirects`); a page sends what is not its own to the overview.
 */
export function usePageOfHash(pages: ReferencePagesMeta | undefined, outline: OutlineItem[] | undefined): void {
  const history = useHistory();
  const {hash} = useLocation();
  useEffect(() => {
    if (!pages || hash.length < 2) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // Not percent-encoded: the id as written.
    }
    if (pages.redirects) {
      const page = holderOf(id, pages.redirects);
      if (page !== undefined) history.replace(page + hash);
      return;
    }
    const own = Object.fromEntries((outline ?? []).map((item) => [item.id, true]));
    if (!holderOf(id, own)) history.replace(pages.overview.permalink + hash);
  }, [pages, outline, hash, history]);
}
