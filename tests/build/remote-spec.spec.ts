import fs from 'node:fs/promises';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {getExample} from '../../src/data/examples';
import {buildMiniSite, removeMiniSite, type MiniSiteBuild} from '../../scripts/sites/miniSite';
import {REPO_ROOT} from '../../scripts/repoRoot';
import {startSpecServer, unreachableUrl} from '../support/specServer';

const remoteExample = getExample('using-remote-url');

test.describe('remote example build', () => {
  // Each test builds a small site with webpack.
  test.beforeEach(() => test.setTimeout(240_000));
  let build: MiniSiteBuild | undefined;
  test.afterEach(async () => removeMiniSite(build));

  test('a spec served over HTTP reaches the page', async () => {
    const server = await startSpecServer({body: await fs.readFile(path.join(REPO_ROOT, 'tests/fixtures/remote-spec.yaml'), 'utf8')});
    try {
      build = await buildMiniSite({examples: [remoteExample], env: {REMOTE_SPEC_URL: server.url}});
    } finally {
      await server.close();
    }
    expect(build.exitCode, build.output).toBe(0);
    expect(build.output).not.toContain('[remote spec]');
    const html = await build.readBuilt('examples/using-remote-url/index.html');
    expect(html).toContain('Pet Store Served Over HTTP');
    expect(html).toContain('List the pets of the served spec');
  });

  test('REMOTE_SPEC_STRICT=1 stops the build when the URL fails', async () => {
    const url = await unreachableUrl();
    build = await buildMiniSite({examples: [remoteExample], env: {REMOTE_SPEC_URL: url, REMOTE_SPEC_STRICT: '1'}});
    expect(build.exitCode).not.toBe(0);
    expect(build.output).toContain(`Could not load ${url}`);
    expect(build.output).toContain('REMOTE_SPEC_STRICT=1');
  });
});
