/**
 * Shared by the docs tests: where each docs page comes from, its front matter,
 * and what the sample specs contain (read from the spec files, so the tests
 * follow the specs when they change).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml} from '@redocly/openapi-core';

import {REPO_ROOT} from '../../scripts/repoRoot';

export const REPO = REPO_ROOT;

/** Each docs route of the specification (§2) and the file it is built from. */
export {docPages as DOC_PAGES} from '../support/routes';

export interface FrontMatter {
  title: string;
  description: string;
  sidebar_label?: string;
  hide_table_of_contents?: boolean;
}

export function frontMatter(file: string): FrontMatter {
  const source = fs.readFileSync(path.join(REPO, file), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${file} has no front matter`);
  return parseYaml(match[1]) as FrontMatter;
}

export function readRepoFile(file: string): string {
  return fs.readFileSync(path.join(REPO, file), 'utf8');
}

/* Specs are free-form documents; the tests read them loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export function singleYamlSpec(): Json {
  return parseYaml(readRepoFile('openapi/single-file/openapi.yaml'));
}

export function swaggerSpec(): Json {
  return JSON.parse(readRepoFile('openapi/swagger/swagger.json'));
}
