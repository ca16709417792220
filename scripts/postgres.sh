#!/usr/bin/env bash
# A throwaway PostgreSQL server for the team-state tests (tests/e2e/gitopsPostgres.test.ts) and for trying the
# postgres:// backend by hand. Debian's packages; data in a temp dir; a free loopback port; password auth.
#
#   scripts/postgres.sh start DIR   installs `postgresql` with apt-get when missing, initdb into a new temp
#                                   dir, starts the server on 127.0.0.1, creates the database `pulumi`, and
#                                   prints one line: postgres://pulumi@127.0.0.1:PORT/pulumi?sslmode=disable
#                                   The password is in DIR/password (mode 600): give it as PGPASSWORD, so it is
#                                   never part of the backend URL (`pulumi login` prints the URL it is given).
#                                   DIR (created if needed) also keeps url, port and what stop needs.
#   scripts/postgres.sh stop DIR    stops that server and removes its temp dir and DIR
#
# PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user the package creates,
# in a temp dir under /tmp that it owns (DIR may sit where that user cannot reach).
set -euo pipefail
# shellcheck source=scripts/apt.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"

die() {
  echo "postgres.sh: $*" >&2
  exit 1
}

# Debian keeps the server binaries out of PATH, under /usr/lib/postgresql/<major>/bin.
pg_bindir() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [[ -x $dir/initdb && -x $dir/pg_ctl ]] && { echo "$dir"; return 0; }
  done
  command -v pg_config >/dev/null && [[ -x "$(pg_config --bindir)/initdb" ]] && { pg_config --bindir; return 0; }
  return 1
}

install_postgres() {
  apt_install PostgreSQL postgresql || die "PostgreSQL ≥ 12 is needed (Debian package postgresql)"
}

# Runs a server binary as the server's owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  local dir bin
  bin=$(pg_bindir) || {
    install_postgres
    bin=$(pg_bindir) || die "postgresql installed, but no initdb under /usr/lib/postgresql/*/bin"
  }
  local state=$1
  mkdir -p "$state"
  [[ -e $state/server ]] && die "$state already has a server: stop it first (scripts/postgres.sh stop $state)"
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || die "running as root, but there is no 'postgres' user to run the server"
    dir=$(mktemp -d /tmp/cim-postgres.XXXXXX)
    chown postgres: "$dir"
  else
    dir=$(mktemp -d "${TMPDIR:-/tmp}/cim-postgres.XXXXXX")
  fi
  echo "$dir" >"$state/server"

  local password
  password=$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n')
  as_owner bash -c "umask 077 && printf '%s\n' '$password' > '$dir/pwfile'"
  as_owner "$bin/initdb" -D "$dir/data" -U pulumi --pwfile="$dir/pwfile" \
    --auth-host=scram-sha-256 --auth-local=peer -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    die "initdb failed: $(tail -5 "$dir/initdb.log")"
  rm -f "$dir/pwfile"

  local port attempt
  for attempt in 1 2 3 4 5 6 7 8; do
    port=$((20000 + RANDOM % 40000))
    port_in_use "$port" && continue
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$dir' -c fsync=off" >/dev/null; then
      break
    fi
    port=""
    grep -q "could not bind\|already in use" "$dir/server.log" 2>/dev/null || die "postgres did not start: $(tail -5 "$dir/server.log")"
  done
  [[ -n $port ]] || die "no free port found for postgres"
  echo "$port" >"$state/port"

  PGPASSWORD=$password "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U pulumi -d postgres \
    -c "CREATE DATABASE pulumi" >/dev/null || die "could not create the database"
  local url="postgres://pulumi@127.0.0.1:$port/pulumi?sslmode=disable"
  (umask 077 && echo "$password" >"$state/password")
  echo "$url" >"$state/url"
  echo "$url"
}

stop() {
  local state=$1 dir bin
  [[ -f $state/server ]] || { rm -rf "$state"; return 0; }
  dir=$(cat "$state/server")
  if [[ $dir == */cim-postgres.* && -d $dir ]]; then
    if [[ -f $dir/data/postmaster.pid ]] && bin=$(pg_bindir); then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
  fi
  rm -rf "$state"
}

case "${1:-}" in
  start) start "${2:?usage: postgres.sh start DIR}" ;;
  stop) stop "${2:?usage: postgres.sh stop DIR}" ;;
  *) die "usage: postgres.sh start DIR | stop DIR" ;;
esac
