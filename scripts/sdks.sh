#!/usr/bin/env bash
# The Python and Go SDKs of the native plugin, written by `pulumi package gen-sdk` from the schema the plugin
# serves (bin/pulumi-resource-cim: run the build first). Generated, never committed: each is a function of the
# schema, which the kinds' declarations make, so a commit could only drift from it. `npm run sdks` writes them
# to .state/sdks; tests/native/sdks.test.ts writes its own copy, builds a Go program on the Go SDK and runs it,
# and type-checks a Python program against the Python SDK.
#
#   scripts/sdks.sh [OUT]     OUT/python (package pulumi_cim), OUT/go (module pulumi-cim/sdk/go); default .state/sdks
#   scripts/sdks.sh --hosts   print the folder of the code generators, for a command of your own, e.g.
#                             PATH="$(bash scripts/sdks.sh --hosts):$PATH" pulumi convert --language typescript \
#                               --generate-only --out ts     (a YAML program, e.g. after pulumi import, as TypeScript)
#
# gen-sdk asks each language's host to generate: the real ones (pulumi-language-python, -go, -nodejs) are not
# built here, so PATH gets the code-generation-only hosts of scripts/pulumi-cli/codegen for this command only.
set -euo pipefail
# shellcheck source=scripts/bootstrap.sh
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
cim_bootstrap
if [ "${1:-}" = --hosts ]; then
  cim_ensure_codegen
  exit 0
fi
out=${1:-$CIM_ROOT/.state/sdks}
[ -f "$CIM_ROOT/dist/provider/native/main.js" ] || cim_die "the plugin is not built: run npm run build first"
generators=$(cim_ensure_codegen)
for language in python go; do
  rm -rf "${out:?}/$language"
  # The CLI warns that it uses a language host found on PATH rather than beside it: that is the point here.
  PATH="$generators:$PATH" pulumi package gen-sdk "$CIM_ROOT/bin/pulumi-resource-cim" --language "$language" \
    --out "$out" 2> >(grep -v "^warning: using pulumi-language-$language from" >&2) ||
    cim_die "pulumi package gen-sdk --language $language failed (see above)"
done
cim_log "SDKs written: $out/python, $out/go"
