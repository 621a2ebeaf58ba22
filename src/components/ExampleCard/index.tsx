import React from 'react';
import Link from '@docusaurus/Link';
import type {Example} from '@site/src/data/examples';
import styles from './styles.module.css';

/** One example on the examples index: what it shows, how, and a link to it. */
export default function ExampleCard({example}: {example: Example}): JSX.Element {
  return (
    <article className={styles.card}>
      <h2 className={styles.title}>
        <Link to={example.route}>{example.title}</Link>
      </h2>
      <p>{example.description}</p>
      <p className={styles.uses}>
        <span className={styles.usesLabel}>Uses</span>
        <code>{example.uses}</code>
      </p>
      <p className={styles.meta}>
        Spec <code>{example.specId}</code>
        {example.remote ? ' (fetched at build time, with an offline copy)' : ` from ${example.specFile}`}
      </p>
    </article>
  );
}
