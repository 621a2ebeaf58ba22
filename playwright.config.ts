import {defineConfig, devices} from '@playwright/test';

/** Where the built site is served during tests (scripts/serve-build.mjs). */
const PORT = Number(process.env.TEST_PORT ?? 3100);
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['html', {open: 'never'}]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; test tools cannot download browsers on this network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    {name: 'desktop', use: {...devices['Desktop Chrome'], channel: undefined}},
  ],
  webServer: {
    command: `node scripts/serve-build.mjs --dir ${BUILD_DIR} --port ${PORT}`,
    port: PORT,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
