#!/usr/bin/env bash
# Installs Debian's chromium and chromium-driver for tests/browser when they are missing.
# Used by `make test` (target `browser`). Never fails the build: when the browser cannot be
# installed here it writes the reason to var/browser-unavailable, and the browser test is
# then skipped with that reason (under CI=true it fails unless that file explains why).
set -u
cd "$(dirname "$0")/../.."
mkdir -p var
reason_file=var/browser-unavailable
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  rm -f "$reason_file"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "no apt-get on this machine: install chromium and its chromedriver by hand" > "$reason_file"
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "not root: run 'sudo apt-get install chromium chromium-driver' once" > "$reason_file"
  exit 0
fi
echo "installing chromium and chromium-driver with apt-get (for tests/browser)" >&2
log=var/browser-install.log
if apt-get update -q >"$log" 2>&1 &&
   DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver >>"$log" 2>&1 &&
   command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  rm -f "$reason_file"
else
  echo "apt-get could not install chromium chromium-driver (see $log)" > "$reason_file"
  tail -5 "$log" >&2
fi
exit 0
