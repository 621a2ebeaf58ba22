import React from 'react';
import {benchmarkFigures, type BenchmarkFigureName} from '@site/src/data/benchmark';
import styles from './styles.module.css';

/** A figure of the last `npm run bench:kit` run, worked out from its data when the page builds. */
export default function BenchmarkFigure({of}: {of: BenchmarkFigureName}): JSX.Element {
  const figure = benchmarkFigures[of];
  if (!figure) throw new Error(`<BenchmarkFigure of="${of}">: no such figure in src/data/benchmark.ts`);
  return <span className={styles.figure}>{figure()}</span>;
}
