import React from 'react';
import Link from '@docusaurus/Link';
import type {Feature} from '@site/src/data/features';
import styles from './styles.module.css';

/** A grid of feature cards, each with a link to the page that explains it. */
export default function FeatureList({features}: {features: readonly Feature[]}): JSX.Element {
  return (
    <ul className={styles.grid}>
      {features.map((feature) => (
        <li key={feature.title} className={styles.feature}>
          <h3>{feature.title}</h3>
          <p>{feature.description}</p>
          <Link to={feature.link.to}>{feature.link.label} →</Link>
        </li>
      ))}
    </ul>
  );
}
