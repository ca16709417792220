#!/usr/bin/env bash
# The one entry point behind every npm script: bootstrap the toolchain, then run the task.
#   scripts/cim.sh test [vitest args]   lint, typecheck, build, every test (e2e included)
#   scripts/cim.sh demo                 deploy the quickstart to the emulator (or $CIM_BASE_URL)
#   scripts/cim.sh generate             write the files made from the registry of kinds (sdk/kinds.ts,
#                                       sdk/native/kinds.ts, docs/resources/ with each kind's API calls recorded
#                                       into provider/kinds/apiCalls.json) and the lookups' doc comments
#                                       (sdk/lookups/docs.ts, sdk/native/lookups.ts)
#   scripts/cim.sh sdks [out]           the Python and Go SDKs, by `pulumi package gen-sdk` (default .state/sdks)
#   scripts/cim.sh bench [names]        benchmarks (bench/)
#   scripts/cim.sh bench-compare --refs A,B [--rounds R] [-- names]
#                                       the benchmarks of several git revisions side by side (bench/compare.mjs)
#   scripts/cim.sh soak --rounds N --seed S [--round K] [--fault REGEX] [--native]
#                                       the randomized soak's long mode (tests/soak/README.md)
#   scripts/cim.sh emulator [args]      run cim-emulator (e.g. `npm run emulator -- start --port 8080`)
#   scripts/cim.sh bootstrap            only make the toolchain present; print what it found
#   scripts/cim.sh env                  print the exports, for `eval "$(bash scripts/cim.sh env)"`
set -euo pipefail
# shellcheck source=scripts/bootstrap.sh
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

task=${1:-}
shift || true
cim_bootstrap
cd "$CIM_ROOT"

case "$task" in
  test)
    t0=$SECONDS
    npx --no-install biome check . || cim_die "biome found problems; run 'npm run format' to fix formatting"
    npx --no-install tsc -p tsconfig.json --noEmit || cim_die "type errors"
    # The console's browser modules: plain JavaScript checked against their JSDoc types (DOM, ES modules).
    npx --no-install tsc -p emulator/console/app/tsconfig.json || cim_die "type errors in the console (emulator/console/app)"
    cim_build
    status=0
    npx --no-install vitest run --reporter=default --reporter=json --outputFile.json=.state/vitest.json "$@" || status=$?
    node scripts/summary.mjs .state/vitest.json || true
    cim_log "npm test finished in $((SECONDS - t0)) s"
    exit "$status"
    ;;
  demo)
    cim_build
    node scripts/demo.mjs "$@"
    ;;
  generate)
    # Each kind's API calls, recorded against an in-process emulator (provider/kinds/apiCalls.json, read by the
    # pages): the recorder draws inputs from the soak's recipes (tests/), so vitest runs it, in its writing mode.
    CIM_WRITE_API_CALLS=1 npx --no-install vitest run tests/docs/generated.test.ts -t "apiCalls.json" >/dev/null ||
      cim_die "recording the kinds' API calls failed (run: CIM_WRITE_API_CALLS=1 npx vitest run tests/docs/generated.test.ts -t apiCalls.json)"
    cim_build
    # The lookups' descriptions (sdk/lookups/docs.ts) come from their doc comments, and the pages below read them
    # from the build: when they changed, build again first, so that one run leaves nothing for a second to change.
    before=$(cksum sdk/lookups/docs.ts)
    node dist/provider/lookups/docgen.js "$CIM_ROOT"
    npx --no-install biome format --write sdk/lookups/docs.ts sdk/native/lookups.ts sdk/lookups/records.ts >/dev/null
    [ "$before" = "$(cksum sdk/lookups/docs.ts)" ] || cim_build
    node dist/provider/kinds/docsPages.js "$CIM_ROOT" # the reference pages, docs/resources/
    node dist/provider/kinds/render.js "$CIM_ROOT"
    npx --no-install biome format --write sdk/kinds.ts sdk/native/kinds.ts provider/kinds/apiCalls.json >/dev/null
    ;;
  sdks)
    cim_build
    bash scripts/sdks.sh "$@"
    ;;
  bench)
    cim_build
    node bench/run.mjs "$@"
    ;;
  bench-compare)
    cim_build # the working tree's dist/, for the ref `.`; the other refs build in their own checkouts
    node bench/compare.mjs "$@"
    ;;
  soak)
    # --round K replays round K of seed S alone (what a failed round prints); --fault REGEX draws only those faults.
    # --native runs the program on pulumi-cim/native (the provider plugin) instead of the dynamic path;
    # --providers N (with --native) spreads its resources over the default provider and N-1 explicit ones.
    rounds=100 seed=1 round="" fault="" native="" providers=""
    while [ $# -gt 0 ]; do
      case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --round) round=$2; shift 2 ;;
        --fault) fault=$2; shift 2 ;;
        --native) native=1; shift ;;
        --providers) providers=$2; shift 2 ;;
        *) cim_die "soak: unknown argument '$1' (--rounds N --seed S [--round K] [--fault REGEX] [--native [--providers N]])" ;;
      esac
    done
    [[ "$rounds" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ && "$round" =~ ^[0-9]*$ && "$providers" =~ ^[0-9]*$ ]] || cim_die "soak: --rounds, --seed, --round and --providers take whole numbers"
    [[ -z "$providers" || -n "$native" ]] || cim_die "soak: --providers needs --native (explicit providers exist only on the plugin)"
    # Soaks may run side by side in one checkout (each on its own emulator and stack), but a build removes dist/
    # first, under any soak that runs: the first one builds, one started while it builds waits for that build, and
    # one started later takes the build it finds.
    mkdir -p .state/soak-runs
    others=""
    for run in .state/soak-runs/*; do
      [ -e "$run" ] || continue
      if kill -0 "${run##*/}" 2>/dev/null; then others="$others ${run##*/}"; else rm -f "$run"; fi
    done
    touch ".state/soak-runs/$$"
    trap 'rm -f ".state/soak-runs/$$"' EXIT
    lock=.state/soak-build.lock
    builder=$(cat "$lock" 2>/dev/null || true)
    if [ -n "$builder" ] && ! kill -0 "$builder" 2>/dev/null; then rm -f "$lock"; fi # its builder is gone
    if [ -z "$others" ] && (set -o noclobber; echo "$$" >"$lock") 2>/dev/null; then
      cim_build
      rm -f "$lock"
    else
      while builder=$(cat "$lock" 2>/dev/null) && { [ -z "$builder" ] || kill -0 "$builder" 2>/dev/null; }; do sleep 1; done
      cim_log "soak: soaks run in this checkout already (pid${others:-s building}): this one uses their build of dist/"
    fi
    summary=".state/soak-summary-$$.txt"
    rm -f "$summary"
    status=0
    env CIM_SOAK_SEED="$seed" CIM_SOAK_FAULT="$fault" CIM_SOAK_ROUNDS="$rounds" CIM_SOAK_SUMMARY="$summary" \
      ${round:+CIM_SOAK_ROUND=$round} ${native:+CIM_SOAK_NATIVE=1} ${providers:+CIM_SOAK_PROVIDERS=$providers} \
      npx --no-install vitest run tests/soak/soak.test.ts -t "long mode" --reporter=default || status=$?
    # the run's last line: `soak: N rounds, seed S: P passed, F failed`
    [ -s "$summary" ] && cat "$summary"
    rm -f "$summary"
    exit "$status"
    ;;
  emulator)
    # a build removes emulator/dist first: not under an emulator started from it (`start`, then `token` for it)
    # unless the sources changed since
    cim_build_emulator_when_stale
    node emulator/dist/cli.js "$@"
    ;;
  bootstrap)
    cim_log "node $(node --version), pulumi $(pulumi version) at $CIM_PULUMI_ROOT/bin, pulumi-language-yaml at $(command -v pulumi-language-yaml)"
    ;;
  env)
    printf 'export PATH=%q CIM_PULUMI_ROOT=%q PULUMI_HOME=%q PULUMI_BACKEND_URL=%q PULUMI_CONFIG_PASSPHRASE=%q PULUMI_SKIP_UPDATE_CHECK=true PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true\n' \
      "$PATH" "$CIM_PULUMI_ROOT" "$PULUMI_HOME" "$PULUMI_BACKEND_URL" "$PULUMI_CONFIG_PASSPHRASE"
    ;;
  *)
    cim_die "unknown task '$task' (test, demo, generate, sdks, bench, bench-compare, soak, emulator, bootstrap, env)"
    ;;
esac
