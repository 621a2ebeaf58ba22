#!/usr/bin/env bash
# The whole test suite, in order: type check, lint, spec lint, build, tests against the built site.
# Extra arguments go to Playwright, e.g. `npm test -- tests/site/routes.spec.ts`.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/cli/ensure-chromium.sh
npm run typecheck
npm run lint
npm run lint:specs
# Build as a machine without network would: the remote example's URL (.invalid never
# resolves) does not answer, so the build falls back to its local copy (tests/site/remote-spec.spec.ts).
REMOTE_SPEC_URL="http://remote-spec.invalid/openapi.yaml" npm run build
# With arguments (e.g. a test file), run just those tests.
if [ "$#" -gt 0 ]; then
  exec npx playwright test "$@"
fi
# The site tests first, then the tests that run webpack themselves, then those that install and build
# a reader's site, so none of them share the CPU.
# Each project's output is kept, and its summary of failed and flaky tests printed again at the end:
# a CI log cut to its tail still names them.
mkdir -p test-results
status=0
run_project() {
  local code=0
  npx playwright test --project="$1" 2>&1 | tee "test-results/$1.log" || code=$?
  [ "$code" -eq 0 ] || status=$code
}
run_project site
run_project build
# A reader's site, made from the Installation page and changed by the other pages' code blocks.
run_project reader
for project in site build reader; do
  echo "== $project: $(grep -E '^  [0-9]+ (passed|failed|flaky|skipped)' "test-results/$project.log" | tr -s ' ' | paste -sd ',' -)"
  sed -n '/^  [0-9]* \(failed\|flaky\)$/,/^  [0-9]* passed/p' "test-results/$project.log"
done
exit "$status"
