/**
 * The spec files of the benchmark corpus (bench/corpus.ts), downloaded from the npm registry on
 * first use and cached:
 *
 *   const file = await corpusFile(corpusEntry('figma'));
 *
 * Each package is fetched once with `npm pack <package>@<version>` and checked against the pinned
 * integrity; its tarball is kept, and only the spec file is unpacked from it (the system's tar):
 * Octokit's tarball unpacks to 385 MB, of which the corpus uses 13. The cache is
 * node_modules/.cache/bench-corpus/ under the repository root, or BENCH_CORPUS_CACHE when set.
 */
import {execFile} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {REPO_ROOT} from '../scripts/repoRoot';
import type {CorpusEntry} from './corpus';

export const CORPUS_CACHE = process.env.BENCH_CORPUS_CACHE
  ? path.resolve(process.env.BENCH_CORPUS_CACHE)
  : path.join(REPO_ROOT, 'node_modules', '.cache', 'bench-corpus');

/** One download per package and version in this process, however many callers wait for it. */
const pending = new Map<string, Promise<string>>();

/** Absolute path of the entry's spec file, downloading and unpacking its package the first time. */
export function corpusFile(entry: CorpusEntry): Promise<string> {
  const {package: name, version} = entry.source;
  const key = `${name}@${version}/${entry.source.path}`;
  let file = pending.get(key);
  if (!file) {
    file = fetchSpecFile(entry);
    pending.set(key, file);
    // A failed download may be retried by a later call.
    file.catch(() => pending.delete(key));
  }
  return file;
}

async function fetchSpecFile(entry: CorpusEntry): Promise<string> {
  const {package: name, version, path: specPath} = entry.source;
  const spec = `${name}@${version}`;
  // `@figma/rest-api-spec` 0.43.0 → figma-rest-api-spec-0.43.0, as npm names its tarball.
  const slug = `${name.replace(/^@/, '').replace(/\//g, '-')}-${version}`;
  const specFile = path.join(CORPUS_CACHE, slug, 'package', specPath);
  // Files are only ever renamed into place whole, so one that exists is complete.
  if (fs.existsSync(specFile)) return specFile;

  fs.mkdirSync(CORPUS_CACHE, {recursive: true});
  const work = fs.mkdtempSync(path.join(CORPUS_CACHE, '.download-'));
  try {
    const tarball = await cachedTarball(entry, slug, work);
    await run('tar', ['-xzf', tarball, '-C', work, '--no-same-owner', `package/${specPath}`], work).catch((error: Error) => {
      throw new Error(`${spec}: tar could not unpack package/${specPath} from ${tarball}: ${error.message}`);
    });
    fs.mkdirSync(path.dirname(specFile), {recursive: true});
    // Renaming over a copy another process just made is harmless: both are the same file.
    fs.renameSync(path.join(work, 'package', specPath), specFile);
    return specFile;
  } finally {
    fs.rmSync(work, {recursive: true, force: true});
  }
}

/**
 * The package's tarball in the cache, fetched with `npm pack` when missing. Kept, so that another
 * file of the same package needs no second download; checked against the pinned integrity each time.
 */
async function cachedTarball(entry: CorpusEntry, slug: string, work: string): Promise<string> {
  const {package: name, version} = entry.source;
  const spec = `${name}@${version}`;
  const tarball = path.join(CORPUS_CACHE, `${slug}.tgz`);
  if (fs.existsSync(tarball)) {
    checkIntegrity(entry, tarball, `${tarball} (cached: delete it to download again)`);
    return tarball;
  }
  const report = await run('npm', ['pack', spec, '--pack-destination', work, '--json'], REPO_ROOT).catch((error: Error) => {
    throw new Error(`${spec}: npm pack failed: ${error.message}`);
  });
  const downloaded = path.join(work, packedFilename(spec, report));
  checkIntegrity(entry, downloaded, 'the tarball npm pack downloaded');
  fs.renameSync(downloaded, tarball);
  return tarball;
}

/** Throws unless the tarball's SHA-512 is the pinned one: the facts in corpus.ts were measured on that tarball. */
function checkIntegrity(entry: CorpusEntry, tarball: string, described: string): void {
  const {package: name, version, integrity} = entry.source;
  const actual = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  if (actual !== integrity) {
    throw new Error(`${name}@${version}: ${described} has integrity ${actual}, not the pinned ${integrity}`);
  }
}

/** The tarball's file name from `npm pack --json`'s report. */
function packedFilename(spec: string, report: string): string {
  try {
    const [packed] = JSON.parse(report) as {filename?: unknown}[];
    if (typeof packed?.filename === 'string') return packed.filename;
  } catch {
    // Reported below with the text npm printed.
  }
  throw new Error(`${spec}: npm pack did not report a tarball: ${report.slice(0, 500)}`);
}

/** Runs a command; resolves with its standard output, rejects with its standard error. */
function run(command: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, {cwd, maxBuffer: 16 * 2 ** 20}, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} exited with ${error.code ?? error.message}: ${stderr.trim().slice(-2000)}`));
      else resolve(stdout);
    });
  });
}
