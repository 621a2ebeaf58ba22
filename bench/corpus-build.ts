/**
 * What the corpus of real specs costs to build: wall-clock time, CPU time and peak memory of the mini site
 * that tests/build/corpus.spec.ts builds (every corpus page, the search plugin), of one with the
 * largest document only, and of one with the pet store page for comparison. Needs GNU time
 * (`/usr/bin/time`, Debian's `time` package). Run on an idle machine: on a shared one the wall-clock
 * time follows the other load, the CPU time much less.
 *
 *   node --import tsx bench/corpus-build.ts
 */
import {getExample, type Example} from '../src/data/examples';
import {corpus, corpusDocument, corpusExample} from '../scripts/sites/openapiCorpus';
import {buildMiniSite, removeMiniSite} from '../scripts/sites/miniSite';

const sites: {name: string; examples: Example[]}[] = [
  {name: 'every corpus page', examples: corpus.map(corpusExample)},
  {name: 'the GitHub subset only', examples: [corpusExample(corpusDocument('github'))]},
  {name: 'the pet store only', examples: [getExample('using-single-yaml')]},
];

async function main(): Promise<void> {
  const rows: string[] = [
    '| Mini site (search plugin on) | Build time | CPU time (user + system) | Peak memory |',
    '| --- | --- | --- | --- |',
  ];
  for (const site of sites) {
    const build = await buildMiniSite({examples: site.examples, search: true, measure: true});
    try {
      if (build.exitCode !== 0) throw new Error(`${site.name}: the build failed\n${build.output}`);
      if (!build.resources) throw new Error(`${site.name}: no measurement; is /usr/bin/time (GNU time) installed?`);
      const {seconds, cpuSeconds, peakMiB} = build.resources;
      rows.push(`| ${site.name} | ${seconds.toFixed(0)} s | ${cpuSeconds.toFixed(0)} s | ${peakMiB} MiB |`);
      console.log(rows.at(-1));
    } finally {
      await removeMiniSite(build);
    }
  }
  console.log(`\n${rows.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
