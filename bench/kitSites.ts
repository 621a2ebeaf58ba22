/**
 * The reader's sites the kit's benchmark builds (bench/kit.ts): one spec per site, at the route the
 * Installation page gives it (`/api/`, the navbar's "API" link), in a copy of the stock reader site
 * (scripts/sites/readerSite.ts) left stock or changed by the kit guide's steps (scripts/sites/kitSite.ts).
 *
 * The guide's steps install (Redoc pinned and patched), so they are applied once, to a base site,
 * and every kit site is a copy of that base with its own spec: one install per run.
 */
import fs from 'node:fs';
import path from 'node:path';
import {readerEnv} from '../scripts/sites/docSnippets';
import {applyGuide} from '../scripts/sites/kitSite';
import {copyReaderSite, removeReaderSite, putReaderSpec} from '../scripts/sites/readerSite';
import {runCommand, type Resources} from '../scripts/sites/runCommand';

/** `kit-plain`: the kit with both of its features off (`requestSamples: false`, `tryIt: false`), to see what they cost. */
export type Variant = 'stock' | 'kit' | 'kit-plain';

/** The kit's options that turn its request samples and its console off, as a reader writes them. */
const FEATURES_OFF = 'requestSamples: false, tryIt: false,';

/** A spec the benchmark renders, each on a site of its own. */
export interface BenchSpec {
  /** `petstore` or a corpus id (bench/corpus.ts). */
  id: string;
  file: string;
  /** As Redoc lists them (scripts/sites/openapiOperations.ts). */
  operations: number;
  webhooks: number;
  bytes: number;
}

export type SiteBuild =
  | {ok: true; resources: Resources; /** Size of the built page, `build/api/index.html`. */ htmlBytes: number}
  | {ok: false; resources?: Resources; /** What went wrong, from the build's last lines. */ error: string};

/** The stock reader site with the guide's steps applied: the base of every kit site of a run. */
export async function makeKitBase(): Promise<string> {
  const base = await copyReaderSite('kit-base');
  try {
    await applyGuide(base);
  } catch (error) {
    await removeReaderSite(base);
    throw error;
  }
  return base;
}

/**
 * A site of the variant rendering the spec: a copy of the stock site, or of the kit base. `slot`
 * names the copy's folder; every kit site gets a name of the same length (the folder's path is
 * written into the bundles), so that their home pages can weigh the same.
 */
export async function makeSite(spec: BenchSpec, variant: Variant, slot: number, kitBase: string | undefined): Promise<string> {
  const isKit = variant !== 'stock';
  if (isKit && !kitBase) throw new Error('a kit site is a copy of the kit base: make it first');
  const dir = await copyReaderSite(`${variant}-${String(slot).padStart(2, '0')}`, isKit ? kitBase : undefined);
  putReaderSpec(dir, spec.file);
  if (variant === 'kit-plain') turnFeaturesOff(dir);
  return dir;
}

/** Writes FEATURES_OFF into the kit's entry of the site's config, beside its `specs`. */
function turnFeaturesOff(siteDir: string): void {
  const config = path.join(siteDir, 'docusaurus.config.js');
  const source = fs.readFileSync(config, 'utf8');
  // The entry's options follow its name, after the template's type comment and in parentheses.
  const entry = /(['"]\.\/reference-kit['"],\s*(?:\/\*\*[\s\S]*?\*\/\s*)?\(?\{)/;
  if (!entry.test(source)) throw new Error(`${config}: no entry of './reference-kit' with its options`);
  fs.writeFileSync(config, source.replace(entry, `$1 ${FEATURES_OFF}`));
}

/**
 * `npm run build` (minified) under GNU time, with a reader's environment and so Node's default
 * heap. A failed build is a result, with the lines that say why.
 */
export async function buildSite(dir: string): Promise<SiteBuild> {
  const {exitCode, output, resources} = await runCommand(['npm', 'run', 'build'], {cwd: dir, env: readerEnv(), measure: true});
  if (exitCode !== 0) return {ok: false, resources, error: failureLines(output)};
  if (!resources) throw new Error('no measurement of the build: is /usr/bin/time (GNU time) installed?');
  return {ok: true, resources, htmlBytes: fs.statSync(path.join(dir, 'build/api/index.html')).size};
}

/**
 * What a failed build's output says went wrong: V8's fatal error when it ran out of memory (its
 * native stack after it says nothing), else the last two lines that are neither npm's epilogue
 * nor GNU time's.
 */
export function failureLines(output: string): string {
  const lines = output.split('\n').map((line) => line.trim()).filter(Boolean);
  const fatal = lines.find((line) => line.startsWith('FATAL ERROR:'));
  if (fatal) return fatal;
  const own = lines.filter((line) => !/^(npm (ERR!|error)|Command (exited|terminated)|> )/.test(line));
  return own.slice(-2).join(' / ') || `no output (${lines.length} lines of npm's and time's own)`;
}
