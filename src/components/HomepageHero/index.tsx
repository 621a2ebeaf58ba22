import React from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import StaticCodeBlock from '@site/plugins/lean-prism/StaticCodeBlock';
// Highlighted at build time: the home page loads no Prism (plugins/lean-prism).
import presetSnippet from '@site/src/data/preset-snippet.ts.txt?highlight';
import styles from './styles.module.css';

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
            <StaticCodeBlock code={presetSnippet} title="docusaurus.config.ts" />
          </div>
        </div>
      </div>
    </header>
  );
}
