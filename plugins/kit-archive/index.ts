/**
 * Publishes the reference kit (reference-kit/) with the site, for readers to download into their own
 * site and to upgrade it later (docs/guides/fast-accessible-reference-pages.mdx):
 *
 * - `<baseUrl>reference-kit.tar.gz`, the folder as it is, under a stable name, and the same archive
 *   as `reference-kit-<version>.tar.gz` (the version in the folder's package.json);
 * - every earlier release frozen in ./releases, under its versioned name, byte for byte;
 * - a `.sha256` file beside each archive (`sha256sum -c` reads it);
 * - `reference-kit-releases.json`, the index the upgrade script reads: each release's archive, its
 *   checksum and its files' checksums;
 * - `reference-kit-upgrade.mjs`, the folder's upgrade script, to run without a kit that has one.
 *
 * Nothing in the folder is built or changed on the way. A folder that differs from the release
 * frozen at its own version stops the build: a published version never changes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {archiveName, folderRelease, frozenReleases, sha256, type KitRelease} from './releases';

export interface Options {
  /** The folder to publish, from the site's folder. */
  folder: string;
  /** Where the frozen releases are, from the site's folder. */
  releases: string;
}

export default function kitArchivePlugin(context: LoadContext, {folder, releases}: Options): Plugin {
  return {
    name: 'kit-archive',
    async postBuild({outDir}) {
      const current = folderRelease(context.siteDir, folder);
      const frozen = frozenReleases(path.join(context.siteDir, releases));
      const sameVersion = frozen.find(({release}) => release.version === current.release.version);
      if (sameVersion && JSON.stringify(sameVersion.release.files) !== JSON.stringify(current.release.files)) {
        throw new Error(
          `${folder}/ has changed since release ${current.release.version} was frozen in ${releases}/: give the kit a new ` +
            `version in ${folder}/package.json, say what changed in ${folder}/CHANGELOG.md, then run \`npm run kit:release\`.`,
        );
      }
      const published = [...frozen.filter((entry) => entry !== sameVersion), sameVersion ?? current];
      const write = (name: string, content: Buffer | string) => fs.writeFile(path.join(outDir, name), content);
      const checksum = (name: string, archive: Buffer) => write(`${name}.sha256`, `${sha256(archive)}  ${name}\n`);
      const stable = archiveName(folder);
      const index: {latest: string; releases: KitRelease[]} = {
        latest: current.release.version,
        releases: published.map(({release}) => release),
      };
      await Promise.all([
        write(stable, current.archive),
        checksum(stable, current.archive),
        ...published.flatMap(({release, archive}) => [write(release.archive, archive), checksum(release.archive, archive)]),
        write(`${folder}-releases.json`, `${JSON.stringify(index, null, 2)}\n`),
        fs.copyFile(path.join(context.siteDir, folder, 'upgrade.mjs'), path.join(outDir, `${folder}-upgrade.mjs`)),
      ]);
    },
  };
}
