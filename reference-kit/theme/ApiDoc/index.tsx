/**
 * `@theme/ApiDoc` of the reference kit: the theme's page (the site's Layout around `Redoc`), with
 * the default title and description read from the spec data's summary, so that showing the page
 * does not parse the spec (../../theme/useSpecData.ts). Same props as the theme's component.
 *
 * A page of a spec rendered as pages (../../lib/referencePages.js) also has the trail to its
 * overview and links to the previous and next pages (./ReferencePages.tsx).
 */
import React from 'react';
import Layout from '@theme/Layout';
import Redoc from '@theme/Redoc';
import type {ApiDocProps} from 'docusaurus-theme-redoc/dist/types/common';
import type {SpecData} from '../../reference/shared/specData';
import {PagesPaginator, PagesTrail, usePageOfHash} from './ReferencePages';

export default function ApiDoc({layoutProps, specProps}: ApiDocProps & {specProps: SpecData}): React.ReactElement {
  const {title, description} = specProps.summary ?? {title: specProps.spec?.info?.title, description: specProps.spec?.info?.description};
  const {pages} = specProps;
  usePageOfHash(pages, specProps.outline);
  return (
    <Layout title={title || 'API Docs'} description={description || 'Open API Reference Docs for the API'} {...layoutProps} {...(pages && !pages.redirects && {title, description})}>
      {pages && <PagesTrail pages={pages} />}
      <Redoc {...specProps} />
      {pages && <PagesPaginator pages={pages} />}
    </Layout>
  );
}
