/**
 * Build-time handling of the sample specs, used by docusaurus.config.ts.
 *
 * - `assertValidSpec` checks a local spec file for what breaks a page (unreadable,
 *   bad syntax, not OpenAPI 3 or Swagger 2, unresolved `$ref`s), so that such a spec
 *   stops the build with the file and the problem named (the plugin on its own logs
 *   bundling problems and carries on); structural findings Redoc renders through are warnings.
 * - `resolveRemoteSpec` checks that the remote example's URL serves a spec;
 *   if it does not, the build uses a local copy and says so once.
 * - `codeLanguages` lists the languages of the specs' code samples and fenced
 *   code, for the Prism grammars Redoc needs (plugins/lean-redoc).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {bundle, createConfig, lint, parseYaml} from '@redocly/openapi-core';
import type {PluginOptions} from 'docusaurus-plugin-redoc';
import type {Example} from '../../src/data/examples';
import type {KitSpecOptions} from '../../reference-kit';

/** The public spec rendered by the remote-URL example when REMOTE_SPEC_URL is unset. */
export const DEFAULT_REMOTE_SPEC_URL = 'https://redocly.github.io/redoc/openapi.yaml';

const REMOTE_TIMEOUT_MS = 5000;

export class SpecError extends Error {
  override name = 'SpecError';
}

type LintProblem = Awaited<ReturnType<typeof lint>>[number];

/** At most this many findings of one kind are listed per file. */
const LISTED_PROBLEMS = 10;

/** A file as messages name it: relative to the working directory when inside it, else absolute. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** One line per problem, `message (at file#/pointer)`. */
function problemLines(problems: readonly LintProblem[], file: string): string[] {
  const lines = problems.slice(0, LISTED_PROBLEMS).map((problem) => {
    const where = problem.location[0];
    // Redocly's pointers start with their own `#`: `#/components/schemas/Pet`.
    const pointer = where ? `${shownPath(where.source.absoluteRef)}${where.pointer}` : file;
    return `  - ${problem.message} (at ${pointer})`;
  });
  if (problems.length > lines.length) lines.push(`  - …and ${problems.length - lines.length} more`);
  return lines;
}

/** Why a parsed document cannot be a Redoc page, or undefined when it can. */
function documentProblem(document: unknown): string | undefined {
  const record = document as Record<string, unknown> | null;
  if (!record || typeof record !== 'object' || Array.isArray(record)) return 'it is not a YAML or JSON object';
  const isOpenApi3 = typeof record.openapi === 'string' && /^3\./.test(record.openapi);
  const isSwagger2 = String(record.swagger) === '2.0';
  if (!isOpenApi3 && !isSwagger2) {
    const found =
      'openapi' in record
        ? `it says \`openapi: ${String(record.openapi)}\``
        : 'swagger' in record
          ? `it says \`swagger: ${String(record.swagger)}\``
          : 'it has no `openapi` or `swagger` field';
    return `it is neither OpenAPI 3 (\`openapi: 3.x\`) nor Swagger 2 (\`swagger: "2.0"\`): ${found}`;
  }
  // Redoc reads the page's title and description from it, and fails without it.
  if (!record.info || typeof record.info !== 'object') return 'it has no `info` object, which Redoc needs for the page';
  return undefined;
}

/**
 * Checks a local spec for what would break its page, and throws a SpecError naming `file` and the
 * problem: a file that cannot be read, a YAML or JSON syntax error, a document that is neither
 * OpenAPI 3 nor Swagger 2 (or has no `info`), a `$ref` that resolves to nothing. Structural lint
 * findings that Redoc renders through (OpenAPI 3.0's `nullable` without a `type`, a missing
 * `scopes`…) are passed to `warn`, naming the file and the pointer, and the build goes on.
 */
export async function assertValidSpec(file: string, warn: (message: string) => void = console.warn): Promise<void> {
  const invalid = (reason: string) => new SpecError(`Invalid OpenAPI spec "${file}": ${reason}`);
  let source: string;
  try {
    source = await fs.readFile(file, 'utf8');
  } catch (error) {
    throw invalid(`the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let document: unknown;
  try {
    document = parseYaml(source); // YAML is a superset of JSON
  } catch (error) {
    throw invalid(`YAML/JSON syntax error: ${(error as Error).message}`);
  }
  const problem = documentProblem(document);
  if (problem) throw invalid(problem);

  const config = await createConfig({extends: [], rules: {struct: 'warn', 'no-unresolved-refs': 'error'}});
  let problems: LintProblem[];
  try {
    problems = await lint({ref: path.resolve(file), config});
  } catch (error) {
    throw invalid((error as Error).message);
  }
  const errors = problems.filter((finding) => finding.severity === 'error');
  if (errors.length > 0) {
    throw invalid(`${errors.length} problem(s)\n${problemLines(errors, file).join('\n')}`);
  }
  const warnings = problems.filter((finding) => finding.severity === 'warn');
  if (warnings.length > 0) {
    warn(
      `[spec check] Warning: "${file}" has ${warnings.length} lint finding(s) that Redoc renders through; ` +
        `the build goes on.\n${problemLines(warnings, file).join('\n')}`,
    );
  }
}

/** Why a remote URL was not usable, or undefined when it serves an OpenAPI or Swagger document. */
export async function probeRemoteSpec(url: string, timeoutMs = REMOTE_TIMEOUT_MS): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(url, {signal: AbortSignal.timeout(timeoutMs)});
  } catch (error) {
    const cause = (error as {cause?: {code?: string; message?: string}}).cause;
    if ((error as Error).name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
    const described: Record<string, string> = {
      ENOTFOUND: 'host not found (ENOTFOUND)',
      EAI_AGAIN: 'host name lookup failed (EAI_AGAIN)',
      ECONNREFUSED: 'connection refused (ECONNREFUSED)',
      ECONNRESET: 'connection reset (ECONNRESET)',
    };
    const code = cause?.code ?? '';
    return described[code] ?? (code || cause?.message || (error as Error).message);
  }
  if (!response.ok) return `HTTP ${response.status}`;
  let document: unknown;
  try {
    document = parseYaml(await response.text()); // YAML is a superset of JSON
  } catch (error) {
    return `the response is not YAML or JSON (${(error as Error).message.split('\n')[0]})`;
  }
  const problem = documentProblem(document);
  return problem && `the response is not an OpenAPI or Swagger document: ${problem}`;
}

export interface RemoteSpecChoice {
  /** What to pass as the plugin's `spec`: the URL, or the local fallback file. */
  spec: string;
  /** True when the fallback file is used. */
  fallback: boolean;
}

/**
 * Uses `url` when it serves a spec; otherwise warns once and uses `fallbackFile`,
 * or throws the same message when `strict` is set.
 */
export function resolveRemoteSpec(options: RemoteSpecOptions): Promise<RemoteSpecChoice> {
  // Fetch and warn only once per build.
  return oncePerBuild(`remote:${JSON.stringify(options, ['url', 'fallbackFile', 'strict', 'timeoutMs'])}`, () =>
    chooseRemoteSpec(options),
  );
}

/**
 * Docusaurus loads the config more than once per build: work the config starts (fetching the remote
 * spec, bundling every spec for its code languages) is done on the first load and reused after.
 */
const builds = new Map<string, Promise<unknown>>();
function oncePerBuild<T>(key: string, work: () => Promise<T>): Promise<T> {
  if (!builds.has(key)) builds.set(key, work());
  return builds.get(key) as Promise<T>;
}

interface RemoteSpecOptions {
  url: string;
  fallbackFile: string;
  strict?: boolean;
  timeoutMs?: number;
  warn?: (message: string) => void;
}

async function chooseRemoteSpec(options: RemoteSpecOptions): Promise<RemoteSpecChoice> {
  const {url, fallbackFile, strict = false, timeoutMs, warn = console.warn} = options;
  const reason = await probeRemoteSpec(url, timeoutMs);
  if (!reason) return {spec: url, fallback: false};
  const message = `[remote spec] Could not load ${url}: ${reason}. Local copy: ${fallbackFile}.`;
  if (strict) {
    throw new SpecError(`${message} REMOTE_SPEC_STRICT=1 is set, so the build stops instead of using it.`);
  }
  warn(`${message} The build goes on with the local copy.`);
  return {spec: fallbackFile, fallback: true};
}

const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/**
 * The redocusaurus `specs` entries for the given examples: every local file is
 * checked first, the remote example's URL comes from REMOTE_SPEC_URL (strict
 * with REMOTE_SPEC_STRICT=1), and plugin-routed examples get a route and
 * layout props.
 */
export async function specEntries(
  examples: readonly Example[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<KitSpecOptions[]> {
  // Checked on every load of the config, so that the development server checks an edited spec again;
  // Docusaurus loads the config more than once per build, and each warning is printed once.
  await Promise.all(examples.map((example) => assertValidSpec(example.specFile, warnOnce)));
  return Promise.all(
    examples.map(async (example): Promise<KitSpecOptions> => {
      const spec = example.remote
        ? (
            await resolveRemoteSpec({
              url: env.REMOTE_SPEC_URL || DEFAULT_REMOTE_SPEC_URL,
              fallbackFile: example.specFile,
              strict: env.REMOTE_SPEC_STRICT === '1',
            })
          ).spec
        : example.specFile;
      return {
        id: example.specId,
        spec,
        ...(example.kind === 'plugin-route' && {
          route: example.route,
          layout: {title: example.title, description: example.description},
        }),
        ...(example.pages && {pages: example.pages}),
      };
    }),
  );
}

/** An opening code fence in Markdown, with the language in its info string. */
const FENCE_LANGUAGE = /^ {0,3}(?:```|~~~)[ \t]*([^\s`{]+)/gm;

/**
 * Every language Redoc highlights in `document`: the `lang` of its code samples (`x-codeSamples`,
 * or Redoc's older `x-code-samples`) and of the fenced code in its Markdown (any string).
 */
function collectCodeLanguages(document: unknown, langs: Set<string>): void {
  if (typeof document === 'string') {
    for (const match of document.matchAll(FENCE_LANGUAGE)) langs.add(match[1]!);
    return;
  }
  if (Array.isArray(document)) {
    document.forEach((item) => collectCodeLanguages(item, langs));
    return;
  }
  if (!document || typeof document !== 'object') return;
  for (const [key, value] of Object.entries(document)) {
    if ((key === 'x-codeSamples' || key === 'x-code-samples') && Array.isArray(value)) {
      for (const sample of value) {
        const lang = (sample as {lang?: unknown} | null)?.lang;
        if (typeof lang === 'string') langs.add(lang);
      }
    }
    collectCodeLanguages(value, langs);
  }
}

/** The languages of the code in the specs of `entries` (files or URLs, each bundled with its references). */
export function codeLanguages(entries: readonly Pick<PluginOptions, 'spec'>[]): Promise<string[]> {
  const specs = entries.map(({spec}) => spec);
  return oncePerBuild(`code-languages:${JSON.stringify(specs)}`, async () => {
    const config = await createConfig({extends: []});
    const langs = new Set<string>();
    for (const spec of specs) {
      const {bundle: document} = await bundle({ref: /^https?:\/\//.test(spec) ? spec : path.resolve(spec), config});
      collectCodeLanguages(document.parsed, langs);
    }
    return [...langs].sort();
  });
}
