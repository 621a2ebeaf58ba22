/**
 * bench/results.md's writer (bench/benchResults.ts): a benchmark replaces its own section and
 * leaves the rest of the file as it was, the other benchmark's section and the notes written by
 * hand between and after them. Node only, on files in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {writeResultsSection} from '../../bench/benchResults';

let dir: string;
let file: string;
test.beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
  file = path.join(dir, 'results.md');
});
test.afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

const NOTES_AFTER = '### What the run of 00:09 found\n\nA note written by hand.\n';

test('a run replaces its own section and keeps the other section and the notes around them', () => {
  const before = [
    '<!-- bench:site -->\nold site figures\n<!-- /bench:site -->\n',
    '<!-- bench:kit -->\nold kit figures\n<!-- /bench:kit -->\n',
    NOTES_AFTER,
  ].join('\n');
  fs.writeFileSync(file, before);
  writeResultsSection(file, 'kit', '## New kit figures\n');
  expect(fs.readFileSync(file, 'utf8')).toBe(before.replace('old kit figures', '## New kit figures'));
  writeResultsSection(file, 'site', 'new site figures');
  expect(fs.readFileSync(file, 'utf8')).toBe(before.replace('old kit figures', '## New kit figures').replace('old site figures', 'new site figures'));
});

test('a section the file does not have yet goes before the sections after it, or at the end', () => {
  fs.writeFileSync(file, `<!-- bench:kit -->\nkit figures\n<!-- /bench:kit -->\n\n${NOTES_AFTER}`);
  writeResultsSection(file, 'site', 'site figures');
  expect(fs.readFileSync(file, 'utf8')).toBe(
    `<!-- bench:site -->\nsite figures\n<!-- /bench:site -->\n\n<!-- bench:kit -->\nkit figures\n<!-- /bench:kit -->\n\n${NOTES_AFTER}`,
  );

  fs.writeFileSync(file, `<!-- bench:site -->\nsite figures\n<!-- /bench:site -->\n`);
  writeResultsSection(file, 'kit', 'kit figures');
  expect(fs.readFileSync(file, 'utf8')).toBe('<!-- bench:site -->\nsite figures\n<!-- /bench:site -->\n\n<!-- bench:kit -->\nkit figures\n<!-- /bench:kit -->\n');

  fs.rmSync(file);
  writeResultsSection(file, 'kit', 'kit figures');
  expect(fs.readFileSync(file, 'utf8')).toBe('<!-- bench:kit -->\nkit figures\n<!-- /bench:kit -->\n');
});
