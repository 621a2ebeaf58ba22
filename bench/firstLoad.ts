// Measures what a first visit to a page downloads: the HTML, scripts and style
// sheets it needs until it has hydrated and the network is quiet. Shared by the
// route tests (tests/site/routes.spec.ts) and the benchmarks (bench/lighthouse.ts, bench/kit.ts).
import zlib from 'node:zlib';
import type {Page} from 'playwright-core';

export type LoadedKind = 'document' | 'script' | 'stylesheet';

export interface LoadedFile {
  url: string;
  kind: LoadedKind;
  /** Size of the body as served uncompressed. */
  bytes: number;
  /** Size after gzip at level 6, the default of zlib and of most servers (nginx, Apache, CDNs). */
  gzipBytes: number;
  body: string;
}

export interface FirstLoad {
  route: string;
  /** HTTP status of the page itself. */
  status: number;
  files: LoadedFile[];
  /** Every request that left the site's origin, of any kind (the site should make none). */
  thirdParty: string[];
  gzipBytes: number;
  bytes: number;
}

const KINDS = new Set<string>(['document', 'script', 'stylesheet']);

export const gzipSize = (body: Buffer | string): number => zlib.gzipSync(body, {level: 6}).length;

/**
 * Opens `route` in a fresh visit and returns every same-origin document, script and
 * style sheet it loaded. Speculative prefetches of linked pages (`<link rel=prefetch>`,
 * Chromium type "other") are not part of the page and are left out. Requests to other
 * origins are not weighed but listed in `thirdParty`.
 */
export async function measureFirstLoad(page: Page, route: string): Promise<FirstLoad> {
  const pending: Promise<LoadedFile | undefined>[] = [];
  const requested: string[] = [];
  const onRequest = (request: import('playwright-core').Request) => requested.push(request.url());
  const onResponse = (response: import('playwright-core').Response) => {
    const kind = response.request().resourceType();
    if (!KINDS.has(kind)) return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          kind: kind as LoadedKind,
          bytes: body.length,
          gzipBytes: gzipSize(body),
          body: body.toString('utf8'),
        }))
        // A response whose body is gone (a redirect, an aborted prefetch) weighs nothing.
        .catch(() => undefined),
    );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  let status: number;
  try {
    status = (await page.goto(route))?.status() ?? 0;
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 20_000});
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
  const {origin} = new URL(page.url());
  const files = (await Promise.all(pending)).filter(
    (file): file is LoadedFile => file !== undefined && new URL(file.url).origin === origin,
  );
  return {
    route,
    status,
    files,
    thirdParty: requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
  };
}

export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
