/**
 * The code blocks of the docs, read from the Markdown and MDX files at test time, and what a
 * reader does with each one. The tests have no second copy of any snippet: they read, check and
 * apply what the pages show.
 *
 * ## The convention
 *
 * Every fenced code block under `docs/` has a language and says, in its meta string (the words
 * after the language), either what a reader does with it or why it is not pasted:
 *
 * | meta | the block is | applied by |
 * | --- | --- | --- |
 * | `title="<path>" apply="file"` | a whole file of the reader's site, at `<path>` | writing it |
 * | `title="<path>" apply="merge"` | a JSON object (```json) for a JSON file, e.g. `package.json` lines or `tsconfig.json` options | merging it, deep, into the file: objects are merged key by key, anything else (arrays included) replaces the old value |
 * | `title="<path>" apply="diff"` | a change to an existing file (```diff) | as a unified diff: each part (hunk) is found in the file, after the part before it, by its ` ` (context) and `-` lines, consecutive; `-` lines are dropped and `+` lines put in their place; a line starting with `@@` separates two parts, and the rest of it is a note for the reader ("the classic preset's options stay as they are") |
 * | `apply="run"` | commands (```bash) | running the block with bash in the site's root folder |
 * | `noapply="<reason>"` | not something to paste: output, this site's own source, a config shown to fail... | nothing; the reason is required |
 *
 * In a diff, context and `-` lines match lines of the file exactly, apart from trailing spaces (an
 * empty line of the block is an empty context line). A part made only of `+` lines goes right after
 * the part before it (or at the top of the file). Keep parts small: the `docs` build applies the
 * diffs of several pages to one config, so a part must still be found after the diffs of the pages
 * before it (tests/reader-site/docs.spec.ts).
 *
 * Blocks are grouped into **scenarios**, each applied in page order to a fresh copy of a reader's
 * site (scripts/sites/readerSite.ts), then type-checked and built. A block belongs to the scenario
 * named after its page's file (`installation`, `plugin-options`...), or to the one its
 * `scenario="<name>"` meta word names. The `installation` scenario is special: it is how the
 * fixture makes the stock reader site itself.
 *
 * Docusaurus 2.4.3 reads only `title="..."` (for the block's title), `{1,3-4}` line ranges and
 * `showLineNumbers` from the meta string; MDX 1 passes the other `key=value` words to the code
 * block component as props, which ignores them. So `apply`, `noapply` and `scenario` are invisible
 * to the reader. (A title holds the file's path only: it is what the reader sees above the code.)
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {REPO_ROOT} from '../repoRoot';

const DOCS_DIR = path.join(REPO_ROOT, 'docs');

export type ApplyMode = 'file' | 'merge' | 'diff' | 'run';
const APPLY_MODES: readonly ApplyMode[] = ['file', 'merge', 'diff', 'run'];

export interface DocBlock {
  /** The page, relative to the repository: `docs/getting-started/Installation.mdx`. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** The whole meta string, as Docusaurus receives it. */
  meta: string;
  /** The meta string's `key="value"` words. */
  attributes: Record<string, string>;
  title?: string;
  apply?: ApplyMode;
  noapply?: string;
  scenario: string;
  code: string;
}

/** `docs/getting-started/Installation.mdx:35`, for messages. */
export function where(block: DocBlock): string {
  return `${block.page}:${block.line}`;
}

/** `key="value"`, `key='value'` and `key=value` words of a meta string. */
export function parseMeta(meta: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of meta.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g)) {
    attributes[match[1]] = match[2] ?? match[3] ?? match[4];
  }
  return attributes;
}

/** The scenario a page's blocks belong to unless they name another: the file name, lower case. */
export function pageScenario(page: string): string {
  return path.basename(page).replace(/\.mdx?$/, '').toLowerCase();
}

/** Every fenced code block of one page, in order. */
export function readBlocks(page: string): DocBlock[] {
  const lines = fs.readFileSync(path.join(REPO_ROOT, page), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(lines[index]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end++) {
      const close = /^(\s*)(`{3,}|~{3,})\s*$/.exec(lines[end]);
      if (close && close[2][0] === fence[0] && close[2].length >= fence.length) break;
      body.push(lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end].trimStart());
    }
    if (end === lines.length) throw new Error(`${page}:${index + 1}: a code fence that is never closed`);
    const attributes = parseMeta(meta);
    blocks.push({
      page,
      line: index + 1,
      lang,
      meta: meta.trim(),
      attributes,
      title: attributes.title,
      apply: attributes.apply as ApplyMode | undefined,
      noapply: attributes.noapply,
      scenario: attributes.scenario ?? pageScenario(page),
      code: body.length ? `${body.join('\n')}\n` : '',
    });
    index = end;
  }
  return blocks;
}

/** Every page under docs/, relative to the repository, in a stable order. */
export function docPages(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) found.push(path.relative(REPO_ROOT, file));
    }
  };
  walk(DOCS_DIR);
  return found.sort();
}

export function allBlocks(): DocBlock[] {
  return docPages().flatMap(readBlocks);
}

/** The blocks of one scenario that a reader applies, in page order. */
export function scenarioBlocks(scenario: string, pages: readonly string[] = docPages()): DocBlock[] {
  return pages.flatMap(readBlocks).filter((block) => block.apply && block.scenario === scenario);
}

/** What is wrong with a block's markup under the convention above; empty when nothing is. */
export function conventionProblems(block: DocBlock): string[] {
  const problems: string[] = [];
  const at = where(block);
  if (!block.lang) problems.push(`${at}: a code block without a language`);
  if (Boolean(block.apply) === Boolean(block.noapply !== undefined)) {
    problems.push(`${at}: needs exactly one of apply="file|merge|diff|run" and noapply="<reason>"`);
  }
  if (block.noapply !== undefined && block.noapply.trim().split(/\s+/).length < 3) {
    problems.push(`${at}: noapply needs a reason a reader of the source understands, not "${block.noapply}"`);
  }
  if (block.apply && !APPLY_MODES.includes(block.apply)) problems.push(`${at}: unknown apply="${block.apply}"`);
  if (block.apply && block.apply !== 'run') {
    const title = block.title ?? '';
    if (!/^[\w@./-]+$/.test(title) || title.startsWith('/') || title.split('/').includes('..')) {
      problems.push(`${at}: apply="${block.apply}" needs title="<path in the reader's site>", got "${title}"`);
    }
  }
  if (block.apply === 'merge') {
    if (block.lang !== 'json') problems.push(`${at}: apply="merge" blocks are json`);
    else {
      try {
        const value: unknown = JSON.parse(block.code);
        if (!isObject(value)) problems.push(`${at}: apply="merge" needs a JSON object`);
      } catch (error) {
        problems.push(`${at}: not JSON: ${(error as Error).message}`);
      }
    }
  }
  if (block.apply === 'diff') {
    if (block.lang !== 'diff') problems.push(`${at}: apply="diff" blocks are diff`);
    const bad = block.code
      .trimEnd()
      .split('\n')
      .findIndex((text) => text !== '' && !/^[ +-]/.test(text) && !text.startsWith('@@'));
    if (bad >= 0) problems.push(`${at}: diff line ${bad + 1} starts with neither " ", "+", "-" nor "@@"`);
  }
  if (block.apply === 'run' && block.lang !== 'bash') problems.push(`${at}: apply="run" blocks are bash`);
  return problems;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merged key by key; anything else in `patch` replaces what `base` had. */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isObject(base) || !isObject(patch)) return patch;
  const merged: Record<string, unknown> = {...base};
  for (const [key, value] of Object.entries(patch)) merged[key] = deepMerge(base[key], value);
  return merged;
}

/** Reads a JSON file that may have comments and trailing commas, as tsconfig.json does. */
function readJsonWithComments(file: string): unknown {
  const {config, error} = ts.parseConfigFileTextToJson(file, fs.readFileSync(file, 'utf8'));
  if (error) throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  return config;
}

/** `text` changed by a diff block's lines, as described in the header. */
export function applyDiff(text: string, diff: string, at = 'diff'): string {
  const file = text.split('\n');
  const hunks: string[][] = [[]];
  for (const line of diff.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('@@')) hunks.push([]);
    else hunks[hunks.length - 1].push(line === '' ? ' ' : line);
  }
  const same = (a: string, b: string) => a.trimEnd() === b.trimEnd();
  const out: string[] = [];
  let next = 0;
  for (const hunk of hunks) {
    const old = hunk.filter((line) => line[0] !== '+').map((line) => line.slice(1));
    let found = next;
    if (old.length) {
      found = -1;
      for (let start = next; start + old.length <= file.length && found < 0; start++) {
        if (old.every((line, offset) => same(file[start + offset], line))) found = start;
      }
      if (found < 0) throw new Error(`${at}: these lines are not in the file (after line ${next}):\n${old.join('\n')}`);
    }
    out.push(...file.slice(next, found));
    let index = found;
    for (const line of hunk) {
      if (line[0] === '+') out.push(line.slice(1));
      else if (line[0] === ' ') out.push(file[index++]);
      else index++;
    }
    next = index;
  }
  out.push(...file.slice(next));
  return out.join('\n');
}

/** Environment for commands run in a reader's site: none of this repository's settings. */
export function readerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {...process.env, FORCE_COLOR: '0', NO_UPDATE_NOTIFIER: '1', ...extra};
  for (const key of Object.keys(env)) if (key.startsWith('npm_') || key === 'NODE_OPTIONS' || key === 'INIT_CWD') delete env[key];
  // Installs ask the registry no more than needed, and stay quiet.
  Object.assign(env, {npm_config_audit: 'false', npm_config_fund: 'false', npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false'});
  return env;
}

/** Applies one block to the site in `siteDir`; `run` blocks go through `run`. */
export async function applyBlock(
  siteDir: string,
  block: DocBlock,
  run: (script: string, cwd: string) => Promise<void>,
): Promise<void> {
  const at = where(block);
  const problems = conventionProblems(block);
  if (problems.length) throw new Error(problems.join('\n'));
  if (block.apply === 'run') return run(block.code, siteDir);
  const target = path.join(siteDir, block.title!);
  if (block.apply === 'file') {
    fs.mkdirSync(path.dirname(target), {recursive: true});
    fs.writeFileSync(target, block.code);
  } else if (block.apply === 'merge') {
    const merged = deepMerge(fs.existsSync(target) ? readJsonWithComments(target) : {}, JSON.parse(block.code));
    fs.writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
  } else if (block.apply === 'diff') {
    if (!fs.existsSync(target)) throw new Error(`${at}: ${block.title} does not exist in the site`);
    fs.writeFileSync(target, applyDiff(fs.readFileSync(target, 'utf8'), block.code, at));
  }
}
