import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';

export default function Home() {
  return (
    <Layout title="Home" description="An empty Docusaurus classic site">
      <main className="container margin-vert--lg">
        <h1>Floor</h1>
        <p>An empty Docusaurus classic site.</p>
        <Link className="button button--primary" to="/docs/intro">
          Read the doc
        </Link>
      </main>
    </Layout>
  );
}
