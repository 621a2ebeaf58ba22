import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';

/**
 * Swizzled (ejected) not-found page: the classic theme's text, plus links
 * back into the site so a reader who followed a stale link is not stranded.
 */
export default function NotFound(): JSX.Element {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <Layout>
        <main className="container margin-vert--xl">
          <div className="row">
            <div className="col col--6 col--offset-3">
              <h1 className="hero__title">
                <Translate id="theme.NotFound.title">Page Not Found</Translate>
              </h1>
              <p>
                <Translate id="theme.NotFound.p1">We could not find what you were looking for.</Translate>
              </p>
              <p>
                The page may have moved. Go back to the <Link to="/">home page</Link>, read the{' '}
                <Link to="/docs">documentation</Link> or browse the <Link to="/examples/">examples</Link>.
              </p>
            </div>
          </div>
        </main>
      </Layout>
    </>
  );
}
