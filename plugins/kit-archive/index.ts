/**
 * Publishes the reference kit (reference-kit/) with the site, as one archive a reader downloads
 * into their own site: `<baseUrl>reference-kit.tar.gz`, unpacking to a `reference-kit` folder.
 * Every file of the folder that git would keep goes in; nothing is built or changed on the way.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {tarGz, type ArchiveFile} from './tarball';

export interface Options {
  /** The folder to publish, from the site's folder. */
  folder: string;
  /** The archive's file name in the build. */
  fileName: string;
}

/** Files a folder accumulates that are no part of it. */
const LEFT_OUT = /(^|\/)(node_modules|\.DS_Store|.*\.log)(\/|$)/;

async function filesOf(root: string, folder: string): Promise<ArchiveFile[]> {
  const entries = await fs.readdir(path.join(root, folder), {withFileTypes: true, recursive: true});
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'))
    .filter((file) => !LEFT_OUT.test(file))
    .sort();
  return Promise.all(files.map(async (file) => ({path: file, content: await fs.readFile(path.join(root, file))})));
}

export default function kitArchivePlugin(context: LoadContext, {folder, fileName}: Options): Plugin {
  return {
    name: 'kit-archive',
    async postBuild({outDir}) {
      const files = await filesOf(context.siteDir, folder);
      await fs.writeFile(path.join(outDir, fileName), tarGz(files));
    },
  };
}
