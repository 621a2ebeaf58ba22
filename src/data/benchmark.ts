/**
 * The figures the docs quote from `npm run bench:kit`, read from its data (bench/data/kit.json,
 * shaped by bench/kitData.ts) when the site builds. A figure the data cannot give throws, and the
 * build fails naming it: a page never shows a number the last run did not measure.
 */
// Relative paths, not @site/: tests/scripts/doc-figures.spec.ts imports this module outside webpack.
import {mib, ms, percent, thousands, type KitRunData, type KitSiteData, type MedianFigure} from '../../bench/kitData';
import kitRunJson from '../../bench/data/kit.json';

/** What the docs read of a run: the budgets and the run's logistics stay out of the pages' JavaScript. */
export type QuotedRun = Omit<KitRunData, 'budgets' | 'chromium' | 'minutes'>;

// Property by property, so that webpack leaves the rest of the JSON out of the page's chunk.
export const kitRun: QuotedRun = {
  date: kitRunJson.date,
  commit: kitRunJson.commit,
  dirty: kitRunJson.dirty,
  kitVersion: kitRunJson.kitVersion,
  runs: kitRunJson.runs,
  coldLoadsPerRound: kitRunJson.coldLoadsPerRound,
  partial: kitRunJson.partial,
  sites: kitRunJson.sites as KitRunData['sites'],
};

const PET_STORE = 'petstore';

/** How the docs name each spec of the run, and the shape that makes it worth measuring. */
export const benchmarkSpecs: Readonly<Record<string, {name: string; shape?: string}>> = {
  petstore: {name: 'Pet store'},
  figma: {name: 'Figma REST API', shape: 'a recursive tree of `oneOf` node kinds'},
  'github-webhooks': {name: 'GitHub webhooks', shape: 'no operations'},
  rclone: {name: 'rclone', shape: 'no tags'},
  dialogporten: {name: 'Dialogporten', shape: 'one tag with most of the operations'},
  okta: {name: 'Okta', shape: 'Swagger 2.0'},
  shipengine: {name: 'ShipEngine', shape: 'every schema inlined, no `$ref`'},
  'github-rest': {name: "GitHub's REST API", shape: 'the whole of it'},
};

export class MissingFigure extends Error {}

const seconds = (value: number) => `${thousands(value)} s`;
const times = (value: number) => value.toFixed(2);

/** "a to b unit": the lowest and highest of `values`, formatted. */
function range(values: number[], format: (value: number) => string, what: string): string {
  if (values.length === 0) throw new MissingFigure(`bench/data/kit.json has no ${what}`);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? format(low) : `${format(low).replace(/ .*$/, '')} to ${format(high)}`;
}

/** Every figure the docs quote, by name, each worked out from a run's data. */
export function figuresOf(run: QuotedRun) {
  function site(spec: string, variant: KitSiteData['variant']): KitSiteData | undefined {
    return run.sites.find((candidate) => candidate.spec.id === spec && candidate.variant === variant);
  }

  function missing(what: string): never {
    throw new MissingFigure(`bench/data/kit.json (the run of ${run.date}) has no ${what}: run \`npm run bench:kit\`, or stop quoting it`);
  }

  function required<T>(value: T | null | undefined, what: string): T {
    return value === null || value === undefined ? missing(what) : value;
  }

  /** A median that is a figure: measured, not a lower bound. */
  function measured(figure: MedianFigure, what: string): number {
    if (figure.lowerBound) throw new MissingFigure(`bench/data/kit.json: ${what} is only a lower bound`);
    return required(figure.median, what);
  }

  const kitSites = () => run.sites.filter((candidate) => candidate.variant === 'kit');
  const corpusKitSites = () => kitSites().filter((candidate) => candidate.spec.id !== PET_STORE);
  const petStore = (variant: KitSiteData['variant'] = 'kit') => required(site(PET_STORE, variant), `${variant} pet store site`);

  const coldBlocking = (entry: KitSiteData) => measured(entry.coldLoad.blocking, `${entry.spec.id} (${entry.variant}) cold-load blocking`);
  const builtPeak = (entry: KitSiteData) => (entry.build.ok ? entry.build.peakMiB : missing(`${entry.spec.id} (${entry.variant}) build`));

  const figures = {
    /** Peak memory of the kit's pet store site's build. */
    petStoreBuildPeak: () => mib(builtPeak(petStore())),
    figmaBuildPeak: () => mib(builtPeak(required(site('figma', 'kit'), 'kit Figma site'))),
    githubRestBuildPeak: () => mib(builtPeak(required(site('github-rest', 'kit'), "kit GitHub's REST API site"))),
    githubRestBuildTime: () => {
      const {build} = required(site('github-rest', 'kit'), "kit GitHub's REST API site");
      return seconds(build.ok ? build.seconds : missing("GitHub's REST API build"));
    },
    /** Build time and peak memory of every kit site but GitHub's REST API, lowest to highest. */
    kitBuildTimes: () =>
      range(corpusKitSites().filter((entry) => entry.spec.id !== 'github-rest').concat(petStore()).map((entry) => (entry.build.ok ? entry.build.seconds : missing(`${entry.spec.id} build`))), seconds, 'kit builds'),
    kitBuildPeaks: () => range(corpusKitSites().filter((entry) => entry.spec.id !== 'github-rest').concat(petStore()).map(builtPeak), mib, 'kit builds'),
    /** Each corpus page's cold-load blocking over the pet store page's. */
    coldBlockingPerPetStore: () => range(corpusKitSites().map((entry) => coldBlocking(entry) / coldBlocking(petStore())), times, 'corpus cold loads'),
    /** Stock's pet store page's cold-load blocking over the kit's. */
    stockPerKitPetStore: () => (coldBlocking(petStore('stock')) / coldBlocking(petStore())).toFixed(1),
    /** A click-through's blocking over the same page's cold load. */
    clickPerCold: () =>
      range(kitSites().map((entry) => measured(entry.clickThrough.blocking, `${entry.spec.id} click-through blocking`) / coldBlocking(entry)), times, 'click-throughs'),
    /** The longest task of a cold load, over every kit page. */
    kitLongestTasks: () => range(kitSites().map((entry) => measured(entry.coldLoad.longest, `${entry.spec.id} longest task`)), ms, 'longest tasks'),
    petStoreLongestTask: () => ms(measured(petStore().coldLoad.longest, 'pet store longest task')),
    petStoreLighthouse: () => String(measured(petStore().lighthouse, 'pet store Lighthouse score')),
    stockPetStoreLighthouse: () => String(measured(petStore('stock').lighthouse, 'stock pet store Lighthouse score')),
    corpusLighthouse: () => range(corpusKitSites().map((entry) => measured(entry.lighthouse, `${entry.spec.id} Lighthouse score`)), String, 'Lighthouse scores'),
    /** |height on load − rendered| / rendered, every corpus page at both widths. */
    heightErrors: () =>
      range(corpusKitSites().flatMap((entry) => [required(entry.heightError.phone, `${entry.spec.id} height at 412 px`), required(entry.heightError.desktop, `${entry.spec.id} height at 1280 px`)]), percent, 'heights'),
    /** axe's serious and critical findings on the kit's pages, light and dark, all added up. */
    kitAxeFindings: () =>
      thousands(kitSites().reduce((sum, entry) => {
        const {light, dark} = required(entry.axe, `${entry.spec.id} axe scan`);
        return sum + light + dark;
      }, 0)),
    stockPetStoreAxeFindings: () => {
      const axe = required(petStore('stock').axe, 'stock pet store axe scan');
      return `${thousands(axe.light)} in light mode and ${thousands(axe.dark)} in dark`;
    },
    /** Sections axe scanned on the largest page: all of a small page, a sample of a large one. */
    axeSampleSections: () => {
      const counted = kitSites().flatMap((entry) => required(entry.axe, `${entry.spec.id} axe scan`).sectionsScanned ?? []);
      return thousands(counted.length ? Math.max(...counted) : missing('count of sections axe scanned'));
    },
  };
  return figures;
}

export const benchmarkFigures = figuresOf(kitRun);

export type BenchmarkFigureName = keyof typeof benchmarkFigures;

/** One row of the guide's table: a spec, and the kit's and stock's figures where the run has them. */
export interface BenchmarkRow {
  id: string;
  name: string;
  shape: string;
  kit?: KitSiteData;
  stock?: KitSiteData;
}

export function benchmarkRows(run: QuotedRun = kitRun): BenchmarkRow[] {
  const site = (id: string, variant: KitSiteData['variant']) => run.sites.find((entry) => entry.spec.id === id && entry.variant === variant);
  return [...new Set(run.sites.map((entry) => entry.spec.id))].map((id) => {
    const known = benchmarkSpecs[id];
    if (!known) throw new MissingFigure(`src/data/benchmark.ts names no spec "${id}" of bench/data/kit.json`);
    const {spec} = (site(id, 'kit') ?? site(id, 'stock'))!;
    const operations = spec.webhooks && !spec.operations ? `${thousands(spec.webhooks)} webhooks` : `${thousands(spec.operations)} operations`;
    const size = spec.bytes < 2 ** 20 ? `${thousands(spec.bytes / 1024)} KB` : `${(spec.bytes / 2 ** 20).toFixed(1)} MB`;
    return {id, name: known.name, shape: [known.shape, operations, size].filter(Boolean).join(', '), kit: site(id, 'kit'), stock: site(id, 'stock')};
  });
}
