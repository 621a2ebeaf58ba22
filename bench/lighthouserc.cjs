// Lighthouse CI config of `npm run bench` (bench/lighthouse.ts), for one preset at a time:
// BENCH_PRESET=mobile (the default, Lighthouse's own defaults) or desktop. The bench serves the
// builds itself and passes the URLs, so `collect` has no server or URL here.
//
// `assert` holds the budgets LHCI can express on its own: scores and third-party requests. The
// budgets relative to other pages of the same run (TBT against the home page and the floor) and
// first-load bytes are checked by the bench (bench/benchReport.ts).
const routes = require('./routes.json');

/** A pattern for LHCI's matchingUrlPattern, tested against each run's final URL. */
const exactRoute = (route) => `^https?://[^/]+${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

const apiRoutes = Object.keys(routes.site).filter((route) => routes.site[route] === 'api');

/** @param {'mobile' | 'desktop'} preset */
function forPreset(preset) {
  return {
    ci: {
      collect: {
        numberOfRuns: 3,
        chromePath: process.env.BENCH_CHROMIUM_PATH || '/usr/bin/chromium',
        settings: {
          ...(preset === 'desktop' ? {preset: 'desktop'} : {}),
          // LHCI adds --headless=new itself. No sandbox in containers, no GPU, and no background
          // traffic of Chromium's own to blur the network log.
          chromeFlags: '--no-sandbox --disable-gpu --disable-background-networking --disable-component-update',
        },
      },
      assert: {
        // Passed assertions too: the bench reports every budget, not only the broken ones.
        includePassedAssertions: true,
        assertMatrix: [
          {
            matchingUrlPattern: '.*',
            // The median run, as the report shows it; scores are rounded to 2 decimals by Lighthouse.
            aggregationMethod: 'median',
            assertions: {
              'categories:accessibility': ['error', {minScore: 1}],
              'categories:best-practices': ['error', {minScore: 1}],
              'categories:seo': ['error', {minScore: 1}],
              // Not one request to another site in any run.
              'resource-summary:third-party:count': ['error', {maxNumericValue: 0, aggregationMethod: 'pessimistic'}],
            },
          },
          ...apiRoutes.map((route) => ({
            matchingUrlPattern: exactRoute(route),
            aggregationMethod: 'median',
            assertions: {'categories:performance': ['error', {minScore: preset === 'desktop' ? 0.98 : 0.85}]},
          })),
        ],
      },
      upload: {target: 'filesystem', outputDir: 'reports'},
    },
  };
}

module.exports = forPreset(process.env.BENCH_PRESET === 'desktop' ? 'desktop' : 'mobile');
// For the tests, which check the assertions of both presets.
module.exports.forPreset = forPreset;
