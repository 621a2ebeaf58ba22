/**
 * The README's "Repository layout" stays true: every folder of the repository is named there (each
 * top-level folder, and each subfolder of a folder whose subfolders the layout lists), and every
 * path it names exists. Node only.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/repoRoot';

/** The paths the layout's code block names: the first word of each line that does not start with a space. */
export function layoutEntries(readme: string): string[] {
  const section = readme.split(/^## Repository layout$/m)[1]?.split(/^## /m)[0];
  const block = section?.match(/^```text\n([\s\S]*?)^```/m)?.[1];
  if (!block) throw new Error('README.md has no "## Repository layout" section with a ```text block');
  return block
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s+/)[0]);
}

/** Folders of the tracked files (a clean clone's), as `a/` and `a/b/`, to the depth given. */
function trackedFolders(): Set<string> {
  const files = execFileSync('git', ['ls-files'], {cwd: REPO_ROOT, encoding: 'utf8'}).split('\n').filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let depth = 1; depth < parts.length && depth <= 2; depth++) folders.add(`${parts.slice(0, depth).join('/')}/`);
  }
  return folders;
}

test.describe("the README's repository layout", () => {
  const entries = layoutEntries(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'));
  const folders = trackedFolders();

  test('names every top-level folder, and every subfolder of a folder it breaks down', () => {
    const named = (folder: string) => entries.some((entry) => entry === folder || entry.startsWith(folder));
    const topLevel = [...folders].filter((folder) => folder.split('/').length === 2);
    const brokenDown = topLevel.filter((folder) => entries.some((entry) => entry.startsWith(folder) && entry !== folder));
    const missing = [
      ...topLevel.filter((folder) => !named(folder)),
      ...[...folders].filter((folder) => folder.split('/').length === 3 && brokenDown.some((parent) => folder.startsWith(parent)) && !entries.includes(folder)),
    ];
    expect(missing, 'add these folders to the README\'s "Repository layout"').toEqual([]);
  });

  test('names nothing that is not there', () => {
    const gone = entries.filter((entry) => (entry.endsWith('/') ? !folders.has(entry) : !fs.existsSync(path.join(REPO_ROOT, entry))));
    expect(gone, 'remove these from the README\'s "Repository layout", or put them back').toEqual([]);
  });

  test('reads the entries of the code block only', () => {
    const readme = '# x\n\n## Repository layout\n\n```text\na/    one\n      a/b/ not an entry\nb.ts  two\n```\n\nc/ prose\n\n## Next\n';
    expect(layoutEntries(readme)).toEqual(['a/', 'b.ts']);
  });
});
