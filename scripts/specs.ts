/**
 * Build-time handling of the sample specs, used by docusaurus.config.ts.
 *
 * - `assertValidSpec` lints a local spec file with the structural rules only,
 *   so that a broken spec stops the build with the file and the problems named
 *   (the plugin on its own logs bundling problems and carries on).
 * - `resolveRemoteSpec` checks that the remote example's URL serves a spec;
 *   if it does not, the build uses a local copy and says so once.
 * - `codeLanguages` lists the languages of the specs' code samples and fenced
 *   code, for the Prism grammars Redoc needs (plugins/lean-redoc).
 */
import path from 'node:path';
import {bundle, createConfig, lint, parseYaml} from '@redocly/openapi-core';
import type {PluginOptions} from 'docusaurus-plugin-redoc';
import type {Example} from '../src/data/examples';

/** The public spec rendered by the remote-URL example when REMOTE_SPEC_URL is unset. */
export const DEFAULT_REMOTE_SPEC_URL = 'https://redocly.github.io/redoc/openapi.yaml';

const REMOTE_TIMEOUT_MS = 5000;

export class SpecError extends Error {
  override name = 'SpecError';
}

/** Throws a SpecError naming `file` and each structural problem found in it. */
export async function assertValidSpec(file: string): Promise<void> {
  const config = await createConfig({extends: [], rules: {struct: 'error', 'no-unresolved-refs': 'error'}});
  let problems: Awaited<ReturnType<typeof lint>>;
  try {
    problems = await lint({ref: path.resolve(file), config});
  } catch (error) {
    // Unreadable files and YAML syntax errors are thrown, not reported as problems.
    throw new SpecError(`Invalid OpenAPI spec "${file}": ${(error as Error).message}`);
  }
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length === 0) return;
  const lines = errors.slice(0, 10).map((problem) => {
    const where = problem.location[0];
    const pointer = where ? `${path.relative(process.cwd(), where.source.absoluteRef)}#${where.pointer}` : file;
    return `  - ${problem.message} (at ${pointer})`;
  });
  if (errors.length > lines.length) lines.push(`  - …and ${errors.length - lines.length} more`);
  throw new SpecError(`Invalid OpenAPI spec "${file}": ${errors.length} problem(s)\n${lines.join('\n')}`);
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
  const record = document as Record<string, unknown> | null;
  if (!record || typeof record !== 'object' || !('openapi' in record || 'swagger' in record)) {
    return 'the response is not an OpenAPI or Swagger document';
  }
  return undefined;
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

/**
 * The redocusaurus `specs` entries for the given examples: every local file is
 * checked first, the remote example's URL comes from REMOTE_SPEC_URL (strict
 * with REMOTE_SPEC_STRICT=1), and plugin-routed examples get a route and
 * layout props.
 */
export async function specEntries(
  examples: readonly Example[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<PluginOptions[]> {
  await Promise.all(examples.map((example) => assertValidSpec(example.specFile)));
  return Promise.all(
    examples.map(async (example): Promise<PluginOptions> => {
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
