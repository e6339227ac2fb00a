#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine, then runs them all:
# Debian packages (Chromium, espeak-ng, ffmpeg, sox, PostgreSQL), a started PostgreSQL with the
# database `test`, the npm packages, and `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(chromium espeak-ng ffmpeg sox postgresql tesseract-ocr tesseract-ocr-deu)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# PostgreSQL on 127.0.0.1:5432 with trust auth and a database `test` (TEST_DATABASE_URL overrides).
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  version=$(ls /etc/postgresql | sort -V | tail -1)
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    echo "Allowing local test connections to PostgreSQL (trust on 127.0.0.1)"
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    pg_ctlcluster --skip-systemctl-redirect "$version" main reload 2>/dev/null || true
  fi
  pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  pg_isready -h 127.0.0.1 -p 5432 || { echo "PostgreSQL is not reachable on 127.0.0.1:5432"; exit 1; }
  psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname='test'" | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -d postgres -c "create database test" >/dev/null
fi

# The project's runtime (Node 24) comes from the registry with `npm ci`. npm checks engines against
# the Node that runs npm itself, so on an older system Node run that one install on the runtime.
runtime=$(node -p 'require("./package.json").dependencies.node.replace(/^[^0-9]*/, "")')
if [ "$(node -p 'process.versions.node.split(".")[0]')" = "${runtime%%.*}" ]; then
  npm ci --no-audit --no-fund
else
  npx -y "node@$runtime" "$(command -v npm)" ci --no-audit --no-fund
fi
node_modules/.bin/node -e 'console.log(`Runtime: Node ${process.version}`)'
mkdir -p test-results && rm -f test-results/vitest.json
# The linter (and its import-cycle check) runs before the tests; a finding fails the run.
npm run lint
status=0
npm test -- --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?
# The plain closing line CI reads: 'Tests: N passed, N failed, N skipped'.
node -e '
  const r = require("./test-results/vitest.json");
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' 2>/dev/null || true
exit $status
