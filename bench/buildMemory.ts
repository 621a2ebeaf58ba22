/**
 * Where a kit build's memory goes, phase by phase, for one spec: the work the kit's plugin and its
 * server render do with a spec, each step in this process as the build does it, measured after each
 * step (issue 48: a spec of 11,000 operations ran the build out of memory).
 *
 *   node --expose-gc --max-old-space-size=16000 --import tsx bench/buildMemory.ts <spec> [--operations N] [--no-request-samples]
 *
 *   --operations  keep only the first N operations (in the spec's order, every component kept), to see
 *                 how the server render grows with the page
 *   --no-request-samples  as a site with the kit's `requestSamples: false`
 *
 * For each step: the heap it leaves in use once garbage is collected (what the build keeps), and the
 * process's peak resident memory so far (a step's transient peak shows as a rise). After the server
 * render, the number of Redoc's models alive, counted through the inspector: what the render keeps.
 * A report on stdout as JSON lines, one per step; it measures, it asserts nothing.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import v8 from 'node:v8';
import {parseArgs} from 'node:util';
import {loadRedoclyConfig} from 'docusaurus-plugin-redoc';
import {AppStore, ExampleModel, FieldModel, OpenAPIParser, OperationModel, RedocNormalizedOptions, ResponseModel, SchemaModel, loadAndBundleSpec} from 'redoc';
import {renderReference} from '../reference-kit/reference/server/renderReference';
import {recordHeadings} from '../reference-kit/lib/descriptionHeadings';
import {outlineOf} from '../reference-kit/lib/outline';
import {checkNamedSchemas, withModelLimits} from '../reference-kit/lib/modelLimits';
import {DEFAULT_LANGUAGES, withRequestSamples} from '../reference-kit/lib/requestSamples';
import {splitSpec} from '../reference-kit/lib/specPieces';
import {REDOC_METHODS, documentOperations} from '../scripts/sites/openapiOperations';
import {liveInstances} from '../scripts/liveInstances';

// The plugin's own @redocly/openapi-core, which its config loader's configs are made for.
const {bundle} = createRequire(require.resolve('docusaurus-plugin-redoc'))('@redocly/openapi-core') as {
  bundle: (options: {ref: string; config: unknown}) => Promise<{bundle: {parsed: unknown}}>;
};
// The server build gives Redoc the kit's DOMPurify (reference-kit/lib/serverPurify.js), as here.
const redocPurify = createRequire(require.resolve('redoc/package.json'))('dompurify') as {sanitize?: unknown};
const serverPurify = require('../reference-kit/lib/serverPurify.js') as {sanitize: (...args: unknown[]) => unknown};
redocPurify.sanitize = serverPurify.sanitize.bind(serverPurify);
const gc = (globalThis as {gc?: () => void}).gc;
if (!gc) throw new Error('run with node --expose-gc (the usage is at the top of bench/buildMemory.ts)');

/** An OpenAPI document, as JSON. */
type Spec = Record<string, unknown>;

const MiB = 2 ** 20;
const started = Date.now();

/** One step's figures: heap kept after it, peak resident memory so far, its seconds. */
function report(step: string, since: number, extra: Record<string, unknown> = {}): void {
  gc!();
  const heap = v8.getHeapStatistics();
  const line = {
    step,
    seconds: +((Date.now() - since) / 1000).toFixed(1),
    keptMiB: Math.round(heap.used_heap_size / MiB),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    atSeconds: +((Date.now() - started) / 1000).toFixed(1),
    ...extra,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The spec with only its first `count` operations, in the order of its paths. */
function firstOperations(spec: Spec, count: number): Spec {
  const paths: Record<string, unknown> = {};
  let kept = 0;
  for (const [path, item] of Object.entries((spec.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    if (kept >= count) break;
    const operations = Object.keys(item).filter((key) => (REDOC_METHODS as readonly string[]).includes(key));
    const room = count - kept;
    const dropped = operations.slice(room);
    paths[path] = Object.fromEntries(Object.entries(item).filter(([key]) => !dropped.includes(key)));
    kept += Math.min(room, operations.length);
  }
  return {...spec, paths, webhooks: undefined, 'x-webhooks': undefined};
}

async function main(): Promise<void> {
  const {values, positionals} = parseArgs({allowPositionals: true, options: {operations: {type: 'string'}, 'no-request-samples': {type: 'boolean', default: false}}});
  const file = positionals[0];
  const count = values.operations === undefined ? undefined : Number(values.operations);
  if (!file || (count !== undefined && !(Number.isInteger(count) && count > 0))) {
    throw new Error('usage: bench/buildMemory.ts <spec file> [--operations N (a whole number above 0)] [--no-request-samples]');
  }
  report('start', started, {file, bytes: fs.statSync(file).size});

  // The plugin's loadContent: bundled by @redocly/openapi-core, then converted by Redoc.
  let since = Date.now();
  const bundled = await bundle({ref: file, config: await loadRedoclyConfig(undefined)});
  let spec = bundled.bundle.parsed as Spec;
  report('bundle', since);
  since = Date.now();
  const converted = (await loadAndBundleSpec(spec as never)) as unknown as Spec;
  report('convert', since);
  spec = count === undefined ? converted : firstOperations(converted, count);
  const operations = documentOperations(spec).length;
  const copy = () => JSON.parse(JSON.stringify(spec));

  // The kit's dataModules: the store of the whole spec for its outline and headings.
  since = Date.now();
  let store: AppStore | undefined;
  const headings = recordHeadings(() => {
    store = new AppStore(copy(), undefined, {disableSearch: true});
  });
  const outline = outlineOf(store!);
  report('outline store', since, {operations});
  store = undefined;
  report('outline store let go', Date.now(), {headings: Object.keys(headings).length, outlineItems: JSON.stringify(outline).length});

  since = Date.now();
  const options = new RedocNormalizedOptions({});
  checkNamedSchemas({parser: new OpenAPIParser(copy(), undefined, options), options}, file);
  report('named schemas checked', since);

  since = Date.now();
  const withSamples = values['no-request-samples'] ? spec : withRequestSamples(spec, DEFAULT_LANGUAGES, 'https://example.com/');
  report('request samples', since);
  since = Date.now();
  const split = splitSpec(withSamples);
  const texts = [...split.operations.map((piece) => piece[3]), ...split.components.map((piece) => piece[2])];
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  report('pieces', since, {characters});

  // The server render (BuiltReference on the server): the store of the page, rendered in both modes.
  since = Date.now();
  const page = new AppStore(copy(), undefined, {disableSearch: true, untrustedSpec: true});
  withModelLimits(page.options);
  const dark = new RedocNormalizedOptions({untrustedSpec: true}).theme;
  report('page store', since);
  since = Date.now();
  const rendered = renderReference(page, {light: page.options.theme, dark}, {source: file});
  const models = await liveInstances({OperationModel, SchemaModel, FieldModel, ResponseModel, ExampleModel});
  report('server render', since, {htmlCharacters: rendered.html.length, cssCharacters: Object.values(rendered.styles).join('').length, models});
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
