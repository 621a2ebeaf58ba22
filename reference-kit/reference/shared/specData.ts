/**
 * A spec's data as the kit delivers it to a page (../../lib/specDataPlugin.js): the theme's
 * `SpecProps` (the spec, read lazily, its download URL, its theme id), and what the page needs
 * before it parses the spec. Also what the browser's and the server's reference share
 * (../browser/BuiltReference.tsx and ../server/BuiltReference.tsx, which the server build swaps).
 */
import clsx from 'clsx';
import type {RedocRawOptions} from 'redoc';
import type {SpecProps} from 'docusaurus-theme-redoc/dist/types/common';
import type {RecordedHeadings} from '../../lib/descriptionHeadings';
import type {OutlineItem} from '../../lib/outline';
import type {PieceStore} from './pieceStore';
import type {TryItOptions} from './TryIt';

export type {OutlineItem};

export interface SpecDataMeta {
  url?: string;
  /** The spec's file (relative to the site) or URL, as the site's config names it: for the build's errors. */
  source?: string;
  themeId?: string;
  isSpecFile?: boolean;
  /** The headings Redoc finds in the spec's descriptions, found by the build. */
  descriptionHeadings?: RecordedHeadings;
  /** The reference's menu tree, each item with the part of the spec that holds it. */
  outline?: OutlineItem[];
  /** What the page's title, description and class names need. */
  summary?: {title: string; description: string; hasLogo: boolean};
  /** The operations' "Try it" console, as the kit's `tryIt` option sets it; none when absent. */
  tryIt?: TryItOptions;
  /** For a page of a spec rendered as pages (../../lib/referencePages.js). */
  pages?: ReferencePagesMeta;
}

/** A link to a page of a spec rendered as pages. */
export interface ReferencePageLink {
  title: string;
  permalink: string;
}

/** Where a page of a spec rendered as pages is among the others (../../lib/specDataPlugin.js writes it). */
export interface ReferencePagesMeta {
  overview: ReferencePageLink;
  /** The page's own title. */
  current: string;
  previous?: ReferencePageLink;
  next?: ReferencePageLink;
  /** On the overview only: by the id of a tag's section or of an untagged operation, the page that holds it. */
  redirects?: Record<string, string>;
}

export type SpecData = SpecProps &
  SpecDataMeta & {
    /** The spec's pieces, parsed one by one as the reference's sections need them (./pieceStore.ts). */
    pieces?: PieceStore;
  };

/** What the kit's `Redoc` hands to the reference it renders. */
export interface BuiltReferenceProps {
  specProps: SpecData;
  optionsOverrides?: RedocRawOptions;
  className?: string;
}

/** The reference's class names, the same on the server and in the browser. */
export function referenceClassName(specProps: SpecData, className?: string): string {
  const hasLogo = specProps.summary?.hasLogo ?? Boolean((specProps.spec.info as {'x-logo'?: unknown} | undefined)?.['x-logo']);
  return clsx('redocusaurus', hasLogo && 'redocusaurus-has-logo', className);
}
