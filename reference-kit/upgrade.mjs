// @ts-check
/**
 * Moves a site's copy of the reference kit to a newer release, keeping the site's own edits.
 *
 *   curl -fsSL <site>/reference-kit-upgrade.mjs | node --input-type=module - <site> [--to <version>]
 *   node reference-kit/upgrade.mjs <site> [--to <version>] [--dir reference-kit] [--dry-run]
 *
 * `<site>` is the address of the documentation site that publishes the kit, ending with `/`. It
 * publishes `reference-kit-releases.json`: each release's archive, its SHA-256 and the SHA-256 of
 * every file in it. The kit in the site (`./reference-kit`) is on the release its `package.json`
 * names (a kit copied before releases had versions is recognised by its files). For every file:
 *
 * - the same as in the new release: nothing to do;
 * - not edited since the old release (its hash is the old release's): replaced by the new one, or
 *   removed if the new release has no such file;
 * - edited, and the new release did not change it: the edit stays;
 * - edited, and the new release changed it too: a conflict. The edited file stays as it is, the new
 *   release's file is written beside it as `<file>.kit-<version>`, and the upgrade ends with exit
 *   code 1 and the list of conflicts, for the reader to merge by hand;
 * - edited, and the new release moved it (its `package.json` lists the files each version moved,
 *   under `moved`): a conflict too, which says where the file went, for the reader to carry the
 *   edit there.
 *
 * A package the new release needs the site to install (`sitePackages` in its package.json) is
 * added to the site's package.json, for the `npm install` that follows.
 *
 * Plain Node.js (16.14 or later), no dependencies: it runs before anything is installed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import zlib from 'node:zlib';

const INDEX = 'reference-kit-releases.json';
/** What the archive unpacks to; the files' paths in the index are relative to it. */
const ARCHIVE_ROOT = 'reference-kit/';

/** @typedef {{version: string; archive: string; sha256: string; files: Record<string, string>}} Release */

class UpgradeError extends Error {}

/** @param {Buffer | string} data */
const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * The body of a GET, following redirects.
 * @param {string} url
 * @returns {Promise<Buffer>}
 */
function download(url, redirects = 5) {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location && redirects > 0) {
        response.resume();
        resolve(download(new URL(response.headers.location, url).href, redirects - 1));
        return;
      }
      if (status !== 200) {
        response.resume();
        reject(new UpgradeError(`${url} answered ${status}.`));
        return;
      }
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    });
    request.on('error', (error) => reject(new UpgradeError(`Could not download ${url}: ${error.message}`)));
  });
}

/**
 * The files of a gzipped ustar archive of plain files, by path.
 * @param {Buffer} gzipped
 */
function untar(gzipped) {
  const tar = zlib.gunzipSync(gzipped);
  /** @type {Map<string, Buffer>} */
  const files = new Map();
  const text = (/** @type {number} */ start, /** @type {number} */ length) =>
    tar.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = text(offset, 100);
    if (!name) break;
    const prefix = text(offset + 345, 155);
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1);
    const body = offset + 512;
    if (type === '0' || type === '') files.set(prefix ? `${prefix}/${name}` : name, tar.subarray(body, body + size));
    offset = body + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** @param {string} a @param {string} b */
function compareVersions(a, b) {
  const parts = (/** @type {string} */ version) => version.split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(x.length, y.length); index++) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Every file under `dir`, by `/`-separated path relative to it, with its SHA-256.
 * @param {string} dir
 */
function localFiles(dir) {
  /** @type {Map<string, string>} */
  const hashes = new Map();
  const walk = (/** @type {string} */ relative) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), {withFileTypes: true})) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(file);
      } else if (entry.isFile() && !/\.kit-\d+\.\d+\.\d+$/.test(file)) {
        hashes.set(file, sha256(fs.readFileSync(path.join(dir, file))));
      }
    }
  };
  walk('');
  return hashes;
}

/**
 * The release the local kit is on: the one its package.json names, or, for a kit copied before
 * releases had versions, the release whose files it shares most of.
 * @param {string} dir
 * @param {Release[]} releases
 * @param {Map<string, string>} local
 */
function currentRelease(dir, releases, local) {
  const manifest = path.join(dir, 'package.json');
  if (fs.existsSync(manifest)) {
    const {version} = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    const named = releases.find((release) => release.version === version);
    if (named) return named;
  }
  const shared = (/** @type {Release} */ release) =>
    Object.entries(release.files).filter(([file, hash]) => local.get(file) === hash).length;
  const best = [...releases].sort((a, b) => shared(b) - shared(a))[0];
  if (!best || shared(best) === 0) {
    throw new UpgradeError(`${dir} matches no release of the kit: neither its package.json nor its files name one.`);
  }
  return best;
}

/**
 * @param {{site: string; to?: string; dir: string; dryRun: boolean; log: (line: string) => void}} options
 * @returns {Promise<{from: string; to: string; conflicts: string[]}>}
 */
export async function upgrade({site, to, dir, dryRun, log}) {
  const base = site.endsWith('/') ? site : `${site}/`;
  if (!fs.existsSync(dir)) throw new UpgradeError(`No kit at ${dir}: run this in the folder that holds reference-kit/.`);
  const index = JSON.parse((await download(base + INDEX)).toString('utf8'));
  /** @type {Release[]} */
  const releases = index.releases;
  const target = releases.find((release) => release.version === (to ?? index.latest));
  if (!target) throw new UpgradeError(`${base} publishes no release ${to ?? index.latest} (it has ${releases.map((r) => r.version).join(', ')}).`);

  const local = localFiles(dir);
  const from = currentRelease(dir, releases, local);
  if (compareVersions(from.version, target.version) >= 0) {
    log(`The kit in ${dir} is on ${from.version}; ${base} has nothing newer than ${target.version}.`);
    return {from: from.version, to: from.version, conflicts: []};
  }

  const archive = await download(base + target.archive);
  if (sha256(archive) !== target.sha256) {
    throw new UpgradeError(`${target.archive} does not have the SHA-256 the release index gives: not upgrading.`);
  }
  const unpacked = untar(archive);
  /** @type {Map<string, Buffer>} */
  const incoming = new Map();
  for (const [name, content] of unpacked) {
    if (!name.startsWith(ARCHIVE_ROOT)) continue;
    const file = name.slice(ARCHIVE_ROOT.length);
    if (sha256(content) !== target.files[file]) throw new UpgradeError(`${name} in ${target.archive} is not the file the release index lists.`);
    incoming.set(file, content);
  }

  const moves = movedFiles(incoming.get('package.json'), from.version, target.version);
  /** @type {Record<'updated' | 'added' | 'removed' | 'kept', string[]>} */
  const done = {updated: [], added: [], removed: [], kept: []};
  /** @type {string[]} */
  const conflicts = [];
  const write = (/** @type {string} */ file, /** @type {Buffer} */ content) => {
    if (dryRun) return;
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), content);
  };
  const files = new Set([...Object.keys(from.files), ...Object.keys(target.files), ...local.keys()]);
  for (const file of [...files].sort()) {
    const mine = local.get(file);
    const old = from.files[file];
    const next = target.files[file];
    const content = incoming.get(file);
    if (mine === next) continue;
    if (mine === old) {
      // Not edited here: take the release's file, or its removal.
      if (next && content) {
        write(file, content);
        done[old ? 'updated' : 'added'].push(file);
      } else {
        if (!dryRun) fs.rmSync(path.join(dir, file));
        done.removed.push(file);
      }
    } else if (old === next) {
      // Edited here (or added, or removed), and the release left it as it was: the edit stays.
      done.kept.push(file);
    } else {
      // Edited here and changed by the release: the reader merges.
      if (content) write(`${file}.kit-${target.version}`, content);
      const moved = moves.get(file);
      conflicts.push(
        !next && moved ? `${file}: edited here, moved in ${moved.version} to ${moved.to.join(' and ')}; your file is kept: carry your edit there, then delete it`
        : !next ? `${file}: edited here, removed in ${target.version}; your file is kept`
        : !mine ? `${file}: removed here, changed in ${target.version}; the new one is ${file}.kit-${target.version}`
        : `${file}: edited here and changed in ${target.version}; the new one is ${file}.kit-${target.version}`,
      );
    }
  }

  const packages = addSitePackages(incoming.get('package.json'), path.join(path.dirname(path.resolve(dir)), 'package.json'), dryRun);

  const verb = dryRun ? 'Would upgrade' : 'Upgraded';
  const movedHere = done.removed.filter((file) => moves.has(file));
  if (movedHere.length) done.removed = done.removed.filter((file) => !moves.has(file));
  log(`${verb} ${dir} from ${from.version} to ${target.version} (${base}).`);
  for (const [what, list] of Object.entries(done)) {
    if (list.length) log(`  ${what === 'kept' ? 'kept your edits of' : what}: ${list.join(', ')}`);
  }
  for (const file of movedHere) log(`  moved: ${file} to ${moves.get(file)?.to.join(' and ')}`);
  if (packages.length) {
    log(`${dryRun ? 'Would add' : 'Added'} to package.json's dependencies, for the new release: ${packages.join(', ')}. Run \`npm install\` to install them.`);
  }
  if (done.updated.concat(done.added, done.removed).some((file) => file.startsWith('patches/'))) {
    log('Redoc\'s patch changed: run `rm -rf node_modules/redoc && npm install` so that it is applied to a fresh copy of Redoc.');
  }
  if (conflicts.length) {
    log(`${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'}: merge the new release's file into yours, then delete the .kit-${target.version} file.`);
    for (const conflict of conflicts) log(`  ${conflict}`);
  }
  log(`What changed: ${dir}/CHANGELOG.md.`);
  return {from: from.version, to: target.version, conflicts};
}

/**
 * The packages the new release needs the site to install (`sitePackages` in its package.json), added
 * to the site's package.json where it lists none of them, for the install that follows.
 * @param {Buffer | undefined} manifest The new release's package.json.
 * @param {string} sitePackageFile
 * @param {boolean} dryRun
 * @returns {string[]} `<name>@<version>` of each package added.
 */
function addSitePackages(manifest, sitePackageFile, dryRun) {
  /** @type {Record<string, string>} */
  const needed = (manifest && JSON.parse(manifest.toString('utf8')).sitePackages) || {};
  if (!fs.existsSync(sitePackageFile)) return [];
  const text = fs.readFileSync(sitePackageFile, 'utf8');
  const site = JSON.parse(text);
  const listed = (/** @type {string} */ name) => [site.dependencies, site.devDependencies].some((list) => list && Object.prototype.hasOwnProperty.call(list, name));
  const missing = Object.entries(needed).filter(([name]) => !listed(name));
  if (missing.length && !dryRun) {
    site.dependencies = Object.fromEntries(Object.entries({...site.dependencies, ...Object.fromEntries(missing)}).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(sitePackageFile, `${JSON.stringify(site, null, /^[ \t]+/m.exec(text)?.[0] ?? '  ')}\n`);
  }
  return missing.map(([name, version]) => `${name}@${version}`);
}

/**
 * The files the releases after `from`, up to `to`, moved: by old path, the new paths and the
 * version that moved them, from the `moved` field of the new release's package.json.
 * @param {Buffer | undefined} manifest
 * @param {string} from
 * @param {string} to
 */
function movedFiles(manifest, from, to) {
  /** @type {Map<string, {version: string; to: string[]}>} */
  const moves = new Map();
  if (!manifest) return moves;
  /** @type {Record<string, Record<string, string[]>>} */
  const moved = JSON.parse(manifest.toString('utf8')).moved ?? {};
  const versions = Object.keys(moved).filter((version) => compareVersions(version, from) > 0 && compareVersions(version, to) <= 0);
  for (const version of versions.sort(compareVersions)) {
    const movedNow = Object.entries(moved[version] ?? {});
    // A file an earlier version moved, moved again: the earlier move now leads where this one does.
    for (const move of moves.values()) {
      move.to = [...new Set(move.to.flatMap((destination) => movedNow.find(([file]) => file === destination)?.[1] ?? [destination]))];
    }
    for (const [file, destinations] of movedNow) moves.set(file, {version, to: destinations});
  }
  return moves;
}

/** @param {string[]} args */
function parseArgs(args) {
  /** @type {{site?: string; to?: string; dir: string; dryRun: boolean}} */
  const options = {dir: 'reference-kit', dryRun: false};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--to') options.to = args[++index];
    else if (arg === '--dir') options.dir = args[++index] ?? options.dir;
    else if (arg === '--dry-run') options.dryRun = true;
    else if (!options.site && /^https?:\/\//.test(arg ?? '')) options.site = arg;
    else throw new UpgradeError(`Unknown argument ${JSON.stringify(arg)}.`);
  }
  if (!options.site) throw new UpgradeError('Give the address of the site that publishes the kit, e.g. https://example.com/docs/.');
  return /** @type {{site: string; to?: string; dir: string; dryRun: boolean}} */ (options);
}

// Run as a command (a file, or piped into `node --input-type=module -`), not when imported.
const invoked = process.argv[1];
const isMain = invoked === '-' || (invoked !== undefined && path.resolve(invoked) === path.resolve(new URL(import.meta.url).pathname));
if (isMain) {
  try {
    const {conflicts} = await upgrade({...parseArgs(process.argv.slice(2)), log: (line) => console.log(line)});
    process.exitCode = conflicts.length ? 1 : 0;
  } catch (error) {
    if (!(error instanceof UpgradeError)) throw error;
    console.error(`reference-kit upgrade: ${error.message}`);
    process.exitCode = 2;
  }
}
