import React from 'react';
import {benchmarkRows, kitRun} from '@site/src/data/benchmark';
import {mib, ms, thousands, type KitSiteData, type MedianFigure} from '@site/bench/kitData';
import styles from './styles.module.css';

/** Text with `code` spans, as the spec shapes are written. */
function withCode(text: string): React.ReactNode[] {
  return text.split('`').map((part, index) => (index % 2 ? <code key={index}>{part}</code> : part));
}

function buildCell(site: KitSiteData): string {
  const {build} = site;
  if (build.ok) return mib(build.peakMiB);
  const outOfMemory = /heap out of memory|heap limit|Ineffective mark-compacts/i.test(build.error);
  return `${outOfMemory ? 'out of memory' : 'build failed'}${build.seconds === null ? '' : ` after ${thousands(build.seconds)} s`}`;
}

function medianCell(site: KitSiteData, pick: (site: KitSiteData) => MedianFigure): string {
  if (!site.build.ok) return 'no page';
  const figure = pick(site);
  if (figure.median === null) return 'not measured';
  return `${figure.lowerBound ? '≥ ' : ''}${ms(figure.median)}`;
}

/** Stock's figures in one cell: its build, then its page's, as the kit's columns give them. */
function stockCell(site: KitSiteData | undefined): string {
  if (!site) return '—';
  if (!site.build.ok) return buildCell(site);
  return [buildCell(site), medianCell(site, (each) => each.coldLoad.blocking), medianCell(site, (each) => each.clickThrough.blocking)].join('; ');
}

/** The kit, spec by spec, and stock where the run built it: the last `npm run bench:kit` run (bench/data/kit.json). */
export default function BenchmarkTable(): JSX.Element {
  const rows = benchmarkRows();
  return (
    <figure className={styles.benchmark}>
      <div className={styles.scroller} tabIndex={0} role="region" aria-label="Benchmark figures, kit against stock">
        <table>
          <thead>
            <tr>
              <th scope="col">Spec</th>
              <th scope="col">Build: peak memory</th>
              <th scope="col">Cold load: blocked after first paint</th>
              <th scope="col">After a click</th>
              <th scope="col">Stock redocusaurus: the same three</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  {row.name} <span className={styles.shape}>({withCode(row.shape)})</span>
                </th>
                <td>{row.kit ? buildCell(row.kit) : 'not in this run'}</td>
                <td>{row.kit ? medianCell(row.kit, (site) => site.coldLoad.blocking) : 'not in this run'}</td>
                <td>{row.kit ? medianCell(row.kit, (site) => site.clickThrough.blocking) : 'not in this run'}</td>
                <td>{stockCell(row.stock)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption>
        Kit {kitRun.kitVersion}, run of {kitRun.date.slice(0, 10)} on commit <code>{kitRun.commit.slice(0, 7)}</code>
        {kitRun.dirty ? ' with uncommitted changes' : ''}: medians of {kitRun.runs * kitRun.coldLoadsPerRound} cold loads and{' '}
        {kitRun.runs} clicks a page{kitRun.partial ? '; a partial run, not comparable with a full one' : ''}. The kit's figures are in the
        three columns after the spec; “—” marks a spec this run did not build with stock redocusaurus, whose pages of the larger specs take
        minutes per load. “≥” marks a page still busy when its recording stopped.
      </figcaption>
    </figure>
  );
}
