import React from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import styles from './styles.module.css';

const PRESET_SNIPPET = `presets: [
  'classic',
  ['redocusaurus', {
    specs: [{id: 'petstore', spec: 'openapi.yaml', route: '/api/'}],
    theme: {primaryColor: '#1f7a8c'},
  }],
],`;

/** The first screen of the home page: what the preset does and where to go next. */
export default function HomepageHero(): JSX.Element {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <div className="container">
        <div className={styles.columns}>
          <div>
            <h1 className={styles.title}>{siteConfig.title}</h1>
            <p className={styles.tagline}>{siteConfig.tagline}</p>
            <p>
              Give the preset your OpenAPI or Swagger files and it adds API reference pages to your Docusaurus 2
              site: rendered by Redoc at build time, styled like the rest of your docs, in light and dark mode.
            </p>
            <div className={styles.buttons}>
              <Link className="button button--primary button--lg" to="/docs/getting-started/Installation">
                Get started
              </Link>
              <Link className="button button--secondary button--lg" to="/examples/">
                See the examples
              </Link>
            </div>
          </div>
          <div className={styles.snippet}>
            <CodeBlock language="ts" title="docusaurus.config.ts">
              {PRESET_SNIPPET}
            </CodeBlock>
          </div>
        </div>
      </div>
    </header>
  );
}
