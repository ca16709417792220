#!/usr/bin/env bash
# The headless browser of the console tests (tests/e2e/console.test.ts): Debian's `chromium`, installed with apt-get when
# missing, as CI on a fresh machine must. playwright-core drives it through its executablePath; no browser
# build is ever downloaded.
#
#   scripts/chromium.sh path    installs `chromium` (apt-get) when /usr/bin/chromium is missing, then prints
#                               one line: the path of the binary ($CIM_CHROMIUM, when set, is used as it is)
set -euo pipefail
# shellcheck source=scripts/apt.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"

CHROMIUM=${CIM_CHROMIUM:-/usr/bin/chromium}

die() {
  echo "chromium.sh: $*" >&2
  exit 1
}

# The fonts are a recommendation of chromium's (not installed with --no-install-recommends): without any font,
# pages render without glyphs.
install_chromium() {
  apt_install Chromium chromium fonts-liberation || die "Chromium is needed: install it, or set CIM_CHROMIUM"
}

path() {
  if [[ -n ${CIM_CHROMIUM:-} ]]; then
    [[ -x $CHROMIUM ]] || die "CIM_CHROMIUM=$CHROMIUM is not an executable"
  elif [[ ! -x $CHROMIUM ]]; then
    install_chromium
    [[ -x $CHROMIUM ]] || die "chromium installed, but $CHROMIUM is missing"
  fi
  # A binary that cannot even report its version (a missing library) fails here, not inside a test.
  "$CHROMIUM" --version >/dev/null 2>&1 || die "$CHROMIUM does not run: $("$CHROMIUM" --version 2>&1 | tail -1)"
  echo "$CHROMIUM"
}

case "${1:-}" in
  path) path ;;
  *) die "usage: chromium.sh path" ;;
esac
