#!/usr/bin/env bash
# The Python type checker of the SDK test (tests/native/sdks.test.ts): Debian's `mypy`, installed with apt-get
# when missing, as CI on a fresh machine must (no Python package index is reached from here).
#
#   scripts/mypy.sh path    installs `mypy` (apt-get) when /usr/bin/mypy is missing, then prints its path
set -euo pipefail
# shellcheck source=scripts/apt.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"

MYPY=/usr/bin/mypy

case "${1:-}" in
  path)
    [[ -x $MYPY ]] || apt_install mypy mypy || {
      echo "mypy.sh: mypy is needed: install Debian's mypy" >&2
      exit 1
    }
    "$MYPY" --version >/dev/null || exit 1
    echo "$MYPY"
    ;;
  *)
    echo "usage: mypy.sh path" >&2
    exit 1
    ;;
esac
