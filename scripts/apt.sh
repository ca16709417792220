# shellcheck shell=bash
# Debian packages a test's setup installs when they are missing (scripts/postgres.sh, scripts/chromium.sh), as CI
# on a fresh machine must: as root, or through sudo without a password. Test files run in parallel, so two
# setups may install at once: they take turns (flock), and apt waits for dpkg's lock instead of failing on it.
#
#   source scripts/apt.sh; apt_install WHAT PACKAGE...   WHAT names the need in messages ("PostgreSQL")

apt_install() {
  local what=$1
  shift
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null || ! sudo -n true 2>/dev/null; then
      echo "$what is not installed and this user cannot install it: run 'sudo apt-get install $*'" >&2
      return 1
    fi
    sudo=(sudo -n)
  fi
  if ! command -v apt-get >/dev/null; then
    echo "$what is not installed and there is no apt-get to install it (Debian packages: $*)" >&2
    return 1
  fi
  echo "installing $what: $* (apt-get)" >&2
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -qq -o DPkg::Lock::Timeout=600)
  (
    flock -w 1200 9 || {
      echo "another package install held ${TMPDIR:-/tmp}/cim-apt.lock for 20 minutes" >&2
      exit 1
    }
    "${apt[@]}" update >&2 && "${apt[@]}" install -y --no-install-recommends "$@" >&2
  ) 9>"${TMPDIR:-/tmp}/cim-apt.lock"
}
