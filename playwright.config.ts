import {defineConfig, devices} from '@playwright/test';

/** Where the built site is served during tests (scripts/cli/serve-build.mjs). */
const PORT = Number(process.env.TEST_PORT ?? 3100);
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry: a test that fails and then passes is listed as flaky in the output, to be fixed, and
  // does not stop a landing; a test that fails twice fails the run.
  retries: 1,
  workers: 2,
  timeout: 60_000,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Off: recording DOM snapshots of the 14,000-node Redoc pages costs a fifth of the run on
    // 2 cores. To debug a failure, rerun it with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's build of Chromium's headless shell (test tools cannot download browsers on this
      // network), the browser Playwright itself runs headless. The full browser's headless mode
      // took twice the CPU per page load here, and the suite is CPU-bound on 2 cores.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    // Tests against the built site (and Node-only checks of the specs).
    {name: 'site', testIgnore: ['build/**', 'reader-site/**'], outputDir: 'test-results/site', use: {...devices['Desktop Chrome']}},
    // Tests that build small throwaway sites with webpack; scripts/cli/test.sh runs
    // them after the site tests so the two do not compete for the CPU.
    {name: 'build', testMatch: 'build/**/*.spec.ts', outputDir: 'test-results/build'},
    // A reader's site: an empty Docusaurus 2.4.3 site with stock redocusaurus, made by the
    // Installation page's code blocks (scripts/sites/readerSite.ts), then the other pages' blocks
    // applied to copies of it. Run last by scripts/cli/test.sh: they install, build and start sites.
    {name: 'reader-setup', testMatch: 'reader-site/*.setup.ts', outputDir: 'test-results/reader-setup'},
    {
      name: 'reader',
      testMatch: 'reader-site/**/*.spec.ts',
      dependencies: ['reader-setup'],
      outputDir: 'test-results/reader',
      use: {...devices['Desktop Chrome']},
    },
  ],
  webServer: {
    command: `node scripts/cli/serve-build.mjs --dir ${BUILD_DIR} --port ${PORT}`,
    port: PORT,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
