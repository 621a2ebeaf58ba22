/**
 * Draws the guide's pictures of the "Try it" console from the site's own build, in light and dark:
 * the pet store's getPetById sent to the mock server. Run after `npm run build` whenever the console
 * changes, and commit the two files it writes.
 *
 *   npm run pictures:console
 */
import path from 'node:path';
import {chromium} from '@playwright/test';
import {REPO_ROOT} from '../repoRoot';
import {startBuildServer} from '../sites/startBuildServer';

const PAGE = '/examples/using-single-yaml/#tag/pet/operation/getPetById';
const SECTION = '.api-content [data-section-id="tag/pet/operation/getPetById"]';
const OUT_DIR = path.join(REPO_ROOT, 'static', 'img', 'guides');

async function main(): Promise<void> {
  const server = await startBuildServer({dir: path.join(REPO_ROOT, 'build')});
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'});
  try {
    for (const mode of ['light', 'dark'] as const) {
      const context = await browser.newContext({viewport: {width: 1100, height: 1300}, deviceScaleFactor: 1, colorScheme: mode});
      // Docusaurus keeps a reader's choice of mode here, and reads it before the first paint.
      await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), mode);
      const page = await context.newPage();
      await page.goto(`${server.origin}${PAGE}`);
      await page.waitForFunction((chosen) => document.documentElement.dataset.theme === chosen, mode);
      const button = page.locator(SECTION).first().getByRole('button', {name: 'Try it'});
      const dialog = page.getByRole('dialog', {name: /^Try /});
      // The section comes to life after the page is idle; until then a click can miss it.
      for (let attempt = 0; !(await dialog.isVisible()); attempt += 1) {
        if (attempt === 30) throw new Error(`The console of ${PAGE} did not open.`);
        await button.click();
        await page.waitForTimeout(500);
      }
      await dialog.getByLabel(/petId/).fill('1');
      await dialog.getByRole('button', {name: 'Send'}).click();
      await dialog.getByRole('region', {name: 'Response'}).getByText('200').first().waitFor();
      const file = path.join(OUT_DIR, `try-it-console-${mode}.png`);
      await dialog.screenshot({path: file, animations: 'disabled'});
      process.stdout.write(`Wrote ${path.relative(REPO_ROOT, file)}\n`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
