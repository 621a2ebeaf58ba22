import React from 'react';
import Layout from '@theme/Layout';
import HomepageHero from '@site/src/components/HomepageHero';
import FeatureList from '@site/src/components/FeatureList';
import {features} from '@site/src/data/features';

export default function Home(): JSX.Element {
  return (
    <Layout
      title="OpenAPI reference pages for Docusaurus"
      description="Redocusaurus adds Redoc API reference pages, rendered at build time from OpenAPI and Swagger specs, to a Docusaurus 2 site.">
      <HomepageHero />
      <main className="container margin-vert--xl">
        <h2>What you get</h2>
        <FeatureList features={features} />
      </main>
    </Layout>
  );
}
