/**
 * `npm run kit:release`: freezes the reference kit at the version in its package.json, as the
 * archive and manifest the site publishes from then on (./index.ts). Run it when a new version of
 * the kit is ready (version bumped, CHANGELOG.md written), and commit what it writes.
 */
import path from 'node:path';
import {folderRelease, freeze, frozenReleases} from './releases';

const ROOT = path.resolve(__dirname, '../..');
const FOLDER = 'reference-kit';
const RELEASES = path.join(__dirname, 'releases');

const current = folderRelease(ROOT, FOLDER);
const existing = frozenReleases(RELEASES).find(({release}) => release.version === current.release.version);
if (existing) {
  const same = JSON.stringify(existing.release.files) === JSON.stringify(current.release.files);
  console.error(
    same
      ? `${FOLDER} ${current.release.version} is already frozen.`
      : `${FOLDER} ${current.release.version} is frozen with other files: give the kit a new version first.`,
  );
  process.exitCode = same ? 0 : 1;
} else {
  freeze(RELEASES, current);
  console.log(`Froze ${FOLDER} ${current.release.version}: ${path.relative(ROOT, RELEASES)}/${current.release.archive}`);
}
