/**
 * The search index's cache key: the part of its file name that changes
 * whenever anything the index is built from changes.
 *
 * The key has to be in the search bar's code, which webpack bundles before the
 * pages the index is read from exist. So it is a hash of the index's inputs,
 * all known by then: the loaded content of every plugin (each spec as Redoc's
 * plugin bundled and converted it, remote ones included; the docs and pages
 * lists), the site config, the site's docs and src files (the text of docs and
 * pages), the installed package versions (Redoc's markup), what changes the
 * pages' markup beyond those versions (the reference kit, which renders the API
 * pages, with Redoc's patch; the site's own patches; Redoc's options in
 * redocly.yaml), and the indexing code with its options. A change to any of
 * them gives a new file name, so no browser or CDN serves an index older than
 * the pages; a change to nothing keeps the name, so the index stays cached
 * across identical deploys.
 */
import {createHash, type Hash} from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Site folders whose files become the text of docs and pages. */
const SOURCE_DIRS = ['docs', 'src'];
/** Pins the packages whose output is indexed (Redoc's markup above all). */
const LOCK_FILE = 'package-lock.json';
/**
 * What shapes the indexed markup that the lock file does not pin: the reference kit (its server
 * render, and Redoc's patch in reference-kit/patches/, which patch-package applies after the
 * install), the site's patches of Docusaurus, and Redoc's options. A folder's files, or a file.
 */
const MARKUP_SOURCES = ['reference-kit', 'patches', 'redocly.yaml'];

export interface CacheKeyInputs {
  siteDir: string;
  /** Docusaurus's `allContent`: every plugin's loaded content, by plugin name and id. */
  allContent: unknown;
  siteConfig: unknown;
  /** The search plugin's options, as the index is built with them. */
  options: unknown;
  /** Files of the indexing code itself. */
  codeFiles: string[];
}

/** The files under `dir`, sorted; `dir` itself when it is a file; none when it is missing. */
async function filesUnder(dir: string): Promise<string[]> {
  if ((await fs.stat(dir).catch(() => undefined))?.isFile()) return [dir];
  const entries = await fs.readdir(dir, {withFileTypes: true, recursive: true}).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

async function updateWithFile(hash: Hash, file: string, name: string): Promise<void> {
  const content = await fs.readFile(file).catch(() => undefined);
  if (content === undefined) return;
  // The name too, so that moving text from one page to another changes the key.
  hash.update(`${name}\0${content.length}\0`);
  hash.update(content);
}

/** Eight hex digits, as the search plugin names hashed index files. */
export async function searchIndexKey(inputs: CacheKeyInputs): Promise<string> {
  const hash = createHash('sha256');
  // Content names files by absolute path: the same site in another folder has the same index.
  const loaded = JSON.stringify([inputs.allContent, inputs.siteConfig, inputs.options]) ?? '';
  hash.update(loaded.split(inputs.siteDir).join('@site'));
  for (const file of inputs.codeFiles) await updateWithFile(hash, file, path.basename(file));
  await updateWithFile(hash, path.join(inputs.siteDir, LOCK_FILE), LOCK_FILE);
  for (const dir of [...SOURCE_DIRS, ...MARKUP_SOURCES]) {
    for (const file of await filesUnder(path.join(inputs.siteDir, dir))) {
      await updateWithFile(hash, file, path.relative(inputs.siteDir, file));
    }
  }
  return hash.digest('hex').slice(0, 8);
}
