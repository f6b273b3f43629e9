#!/usr/bin/env bash
# Every test and check, in one command, ending with one line that sums every suite:
# "N passed, N failed". Each suite runs even when an earlier one failed, so one run shows
# everything that is wrong; the exit code is non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --for-tests || exit 1

reports=test-results/summary
rm -rf "$reports"
mkdir -p "$reports"
status=0

check() { # name, command...: a static check counts as one test
  local name=$1
  shift
  echo "== $name"
  if "$@"; then echo "pass" >"$reports/check-$name.txt"; else echo "fail" >"$reports/check-$name.txt"; status=1; fi
}

check typecheck npm run -s typecheck
check lint npm run -s lint
check format npm run -s format:check
check build npx electron-vite build

echo "== unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=1

if [ -f training/run_tests.sh ]; then
  echo "== training pipeline tests (python)"
  bash training/run_tests.sh 2>&1 | tee "$reports/python.txt" || status=1
fi

echo "== end-to-end tests (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json || status=1

node --import tsx scripts/summarise-tests.ts "$reports" || status=1
exit $status
