#!/usr/bin/env bash
# Tools of the benchmarks that are not Python packages: wrk (Debian). Needs root or sudo.
set -euo pipefail
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
fi
wrk --version 2>&1 | head -1 || true
