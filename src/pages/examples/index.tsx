import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import ExampleCard from '@site/src/components/ExampleCard';
import {examples} from '@site/src/data/examples';
import styles from './styles.module.css';

export default function Examples(): JSX.Element {
  return (
    <Layout
      title="Examples"
      description="Live API reference pages built by redocusaurus from a sample pet store API: single and multi-file YAML, Swagger 2.0, a remote URL, a custom page and a custom layout.">
      <main className="container margin-vert--xl">
        <h1>Examples</h1>
        <p>
          Each page below is built by this site from a sample pet store API, with the option or component named on its
          card. The spec files are in the <code>openapi/</code> folder of this site&apos;s repository; the{' '}
          <Link to="/docs/getting-started/plugin-options">plugin options</Link> page explains each option.
        </p>
        <ul className={styles.grid}>
          {examples.map((example) => (
            <li key={example.specId}>
              <ExampleCard example={example} />
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}
