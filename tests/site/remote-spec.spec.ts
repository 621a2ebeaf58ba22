import fs from 'node:fs/promises';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {probeRemoteSpec, resolveRemoteSpec} from '../../scripts/build/specs';
import {getExample} from '../../src/data/examples';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {startSpecServer, unreachableUrl} from '../support/specServer';

const remoteExample = getExample('using-remote-url');

async function specTitle(file: string): Promise<string> {
  const document = parseYaml(await fs.readFile(path.join(REPO_ROOT, file), 'utf8')) as {info: {title: string}};
  return document.info.title;
}

test.describe('remote spec probe', () => {
  test('accepts a URL that serves an OpenAPI document', async () => {
    const server = await startSpecServer({body: await fs.readFile(path.join(REPO_ROOT, 'tests/fixtures/remote-spec.yaml'), 'utf8')});
    try {
      expect(await probeRemoteSpec(server.url)).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  const failures = [
    {name: 'a non-2xx answer', reply: {status: 503, body: 'down'}, reason: 'HTTP 503'},
    {name: 'a body that is not a spec', reply: {body: '<html>hello</html>'}, reason: 'not an OpenAPI or Swagger document'},
    {name: 'a body that is not YAML', reply: {body: 'a: [unclosed'}, reason: 'not YAML or JSON'},
    {name: 'no answer in time', reply: {body: 'openapi: 3.0.3', delayMs: 2000}, reason: 'no answer within 0.3 s'},
  ];
  for (const failure of failures) {
    test(`rejects ${failure.name}`, async () => {
      const server = await startSpecServer(failure.reply);
      try {
        expect(await probeRemoteSpec(server.url, 300)).toContain(failure.reason);
      } finally {
        await server.close();
      }
    });
  }

  test('rejects a URL nobody answers', async () => {
    expect(await probeRemoteSpec(await unreachableUrl())).toContain('ECONNREFUSED');
  });

  test('falls back with one warning naming the URL, the reason and the file', async () => {
    const url = await unreachableUrl();
    const warnings: string[] = [];
    const choice = await resolveRemoteSpec({url, fallbackFile: remoteExample.specFile, warn: (m) => warnings.push(m)});
    expect(choice).toEqual({spec: remoteExample.specFile, fallback: true});
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(url);
    expect(warnings[0]).toContain('ECONNREFUSED');
    expect(warnings[0]).toContain(remoteExample.specFile);
  });

  test('throws the same message instead when strict', async () => {
    const url = await unreachableUrl();
    const warnings: string[] = [];
    await expect(
      resolveRemoteSpec({url, fallbackFile: remoteExample.specFile, strict: true, warn: (m) => warnings.push(m)}),
    ).rejects.toThrow(new RegExp(`Could not load ${url.replace(/[.?]/g, '\\$&')}: connection refused.*${remoteExample.specFile}`));
    expect(warnings).toEqual([]);
  });
});

test.describe('remote example page', () => {
  test('the offline build shows the local copy', async ({page}) => {
    // scripts/cli/test.sh builds the site with an unreachable REMOTE_SPEC_URL.
    await page.goto(remoteExample.route);
    await expect(page.locator('.redocusaurus h1').first()).toContainText(await specTitle(remoteExample.specFile));
  });
});
