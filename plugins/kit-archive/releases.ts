/**
 * The reference kit's releases: the folder as it is now, and the releases frozen before it.
 *
 * A release is the archive of the folder (./tarball.ts) at a version, the one in the folder's
 * `package.json`. Once published, a release never changes: `npm run kit:release` freezes the
 * folder's version into `releases/` (its archive and a manifest of its files' SHA-256), and every
 * later build publishes the frozen archives as they are, next to the folder's own. The manifests are
 * what the kit's upgrade script (`reference-kit/upgrade.mjs`) compares a reader's files with.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {tarGz, type ArchiveFile} from './tarball';

export interface KitRelease {
  version: string;
  /** The archive's file name in the build: `reference-kit-<version>.tar.gz`. */
  archive: string;
  /** SHA-256 of the archive. */
  sha256: string;
  /** SHA-256 of each file, by its path inside the kit folder. */
  files: Record<string, string>;
}

/** Files a folder accumulates that are no part of it. */
const LEFT_OUT = /(^|\/)(node_modules|\.DS_Store|.*\.log)(\/|$)/;

export const sha256 = (data: Buffer | string): string => crypto.createHash('sha256').update(data).digest('hex');

/** The kit's files, as the archive holds them: `<folder>/<path>`, sorted. Walked by hand: Node 16 has no recursive readdir. */
export function kitFiles(siteDir: string, folder: string): ArchiveFile[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(siteDir, relative), {withFileTypes: true})) {
      const file = `${relative}/${entry.name}`;
      if (LEFT_OUT.test(file)) continue;
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) found.push(file);
    }
  };
  walk(folder);
  return found.sort().map((file) => ({path: file, content: fs.readFileSync(path.join(siteDir, file))}));
}

export function kitVersion(siteDir: string, folder: string): string {
  const manifest = path.join(siteDir, folder, 'package.json');
  const {version} = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {version?: unknown};
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`${manifest}: "version" must be a version such as 1.2.0; got ${JSON.stringify(version)}.`);
  }
  return version;
}

export const archiveName = (folder: string, version?: string): string => `${folder}${version ? `-${version}` : ''}.tar.gz`;

/** The folder's release at its current version, with its archive. */
export function folderRelease(siteDir: string, folder: string): {release: KitRelease; archive: Buffer} {
  const files = kitFiles(siteDir, folder);
  const version = kitVersion(siteDir, folder);
  const archive = tarGz(files);
  const prefix = `${folder}/`;
  return {
    archive,
    release: {
      version,
      archive: archiveName(folder, version),
      sha256: sha256(archive),
      files: Object.fromEntries(files.map((file) => [file.path.slice(prefix.length), sha256(file.content)])),
    },
  };
}

/** The frozen releases in `dir`, oldest first, each checked against its archive. */
export function frozenReleases(dir: string): {release: KitRelease; archive: Buffer}[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const release = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as KitRelease;
      const archive = fs.readFileSync(path.join(dir, release.archive));
      if (sha256(archive) !== release.sha256) throw new Error(`${path.join(dir, release.archive)} is not the archive ${name} describes.`);
      return {release, archive};
    })
    .sort((a, b) => compareVersions(a.release.version, b.release.version));
}

export function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let index = 0; index < 3; index++) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Writes a release's archive and manifest into `dir` (`npm run kit:release`). */
export function freeze(dir: string, {release, archive}: {release: KitRelease; archive: Buffer}): void {
  fs.mkdirSync(dir, {recursive: true});
  fs.writeFileSync(path.join(dir, release.archive), archive);
  fs.writeFileSync(path.join(dir, release.archive.replace(/\.tar\.gz$/, '.json')), `${JSON.stringify(release, null, 2)}\n`);
}
