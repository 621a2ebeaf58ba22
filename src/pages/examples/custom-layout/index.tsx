import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Redoc from '@theme/Redoc';
import useSpecData from '@theme/useSpecData';
import {getExample} from '@site/src/data/examples';
import styles from './styles.module.css';

const example = getExample('using-custom-layout');

/** The site Layout around the Redoc component, with our own introduction above it. */
export default function CustomLayout(): JSX.Element {
  const specProps = useSpecData('using-custom-layout');
  return (
    <Layout title={example.title} description={example.description}>
      <header className={styles.intro}>
        <div className="container">
          <h1>Custom layout</h1>
          <p>
            This page is a React component in <code>src/pages</code>. It wraps the theme&apos;s <code>Redoc</code>{' '}
            component in the site <code>Layout</code>, so it can put content like this paragraph around the reference.
            The spec comes from the <code>{example.specId}</code> entry, which has no route of its own. See the{' '}
            <Link to="/examples/">other examples</Link>.
          </p>
        </div>
      </header>
      <Redoc {...specProps} />
    </Layout>
  );
}
