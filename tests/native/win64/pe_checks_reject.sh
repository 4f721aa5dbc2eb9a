#!/usr/bin/env bash
# tools/win64/check_pe.js must fail on each broken case with the expected finding (so GateDll_Imports_NoQuickJS and
# CoreDll_Exports_EveryZtsApi and Abi_Header_Win64Portable can fail at all).
# Usage: pe_checks_reject.sh "<node check_pe.js --objdump P>" <broken gate dll> <release zts.dll> <tests' zts.dll>
#        <zts_mono_gate.h> <zts.h>
set -euo pipefail
check=$1 broken_gate=$2 release_core=$3 test_core=$4 gate_h=$5 zts_h=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rejected=0

# expect <name> <finding regex> <check arguments...>
expect() {
  local name=$1 finding=$2
  shift 2
  if out=$($check "$@" 2>&1); then
    echo "$name: the check accepted it"; echo "$out"; exit 1
  fi
  if ! grep -Eq "$finding" <<<"$out"; then
    echo "$name: the check failed without the expected finding /$finding/"; echo "$out"; exit 1
  fi
  grep -E "$finding" <<<"$out" | head -1
  echo "$name: rejected"
  rejected=$((rejected + 1))
}

# A gate linked against the core: QuickJS bound at link time, and a DLL import the Editor does not have.
expect gate-quickjs 'imports the QuickJS symbol JS_Throw from zts.dll' gate "$broken_gate" "$gate_h"
expect gate-dll 'imports zts.dll \(only' gate "$broken_gate" "$gate_h"
# zts.h with one more ZTS_API function than the DLL exports.
sed 's|^ZTS_API int64_t zts_domain_free(|ZTS_API int32_t zts_not_in_the_dll(void);\n&|' "$zts_h" > "$tmp/zts.h"
grep -q zts_not_in_the_dll "$tmp/zts.h"
expect core-missing 'does not export zts_not_in_the_dll' core "$release_core" "$tmp/zts.h"
# The tests' zts.dll: every symbol exported (QuickJS's too), symbol table kept.
expect core-test-build 'exports JS_NewRuntime, which zts.h does not declare' core "$test_core" "$zts_h"
expect core-unstripped 'is not stripped' core "$test_core" "$zts_h"
# zts.h with a C long parameter (32 bits on Win64, 64 on Linux) and a struct returned by value.
sed 's|^ZTS_API int64_t zts_domain_free(zts_domain \*domain);|ZTS_API zts_value zts_domain_free(zts_domain *domain, long n);|' "$zts_h" > "$tmp/long.h"
grep -q 'long n' "$tmp/long.h"
expect header-long ':[0-9]+: long in the ABI .*zts_domain_free' header "$tmp/long.h"
grep -q 'returns zts_value by value' <<<"$out"

echo "broken inputs rejected: $rejected"
