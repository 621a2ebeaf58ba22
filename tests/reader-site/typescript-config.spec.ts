/**
 * Installation, "Write the config in TypeScript": the page's commands, config change and npm
 * scripts, applied to a copy of the stock reader site. The JavaScript config is moved away, so a
 * build that succeeds read the TypeScript one, through the scripts the page gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  applyScenarios,
  buildReaderSite,
  copyReaderSite,
  removeReaderSite,
  runInSite,
  typecheckReaderSite,
} from '../../scripts/sites/readerSite';
import {READER_BUILDS} from './scenarios';

let site: string | undefined;
test.afterAll(() => removeReaderSite(site));

test('the npm scripts run Docusaurus with docusaurus.config.ts', async () => {
  test.setTimeout(10 * 60_000);
  site = await copyReaderSite('typescript-config');
  const dir = site;
  await test.step('the blocks, an incremental npm install among them', () => applyScenarios(dir, READER_BUILDS['typescript-config']));
  expect(fs.existsSync(path.join(dir, 'docusaurus.config.js'))).toBe(false);
  expect(fs.readFileSync(path.join(dir, 'docusaurus.config.ts'), 'utf8')).toContain('const config: Config = {');

  await test.step('npm run typecheck checks the config too', () => typecheckReaderSite(dir));
  const build = await test.step('npm run build', () => buildReaderSite(dir));
  console.log(`typescript-config: build ${build.ms} ms`);
  expect(fs.existsSync(path.join(dir, 'build/api/index.html'))).toBe(true);

  await test.step('clear and write-heading-ids keep working without --config', async () => {
    await runInSite(dir, 'npm', ['run', 'clear']);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
    const headings = await runInSite(dir, 'npm', ['run', 'write-heading-ids']);
    expect(headings.output).toMatch(/Heading ids added to Markdown files \(\d+\/\d+ files\)/);
    expect(fs.readFileSync(path.join(dir, 'docs/intro.md'), 'utf8')).toMatch(/^## .+ \{#[\w-]+\}$/m);
  });

  await test.step('a bare docusaurus command still looks for docusaurus.config.js', async () => {
    await expect(runInSite(dir, 'npx', ['docusaurus', 'build'])).rejects.toThrow(/docusaurus\.config\.js/);
  });
});
