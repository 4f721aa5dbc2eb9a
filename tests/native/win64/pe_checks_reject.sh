#!/usr/bin/env bash
# tools/win64/check_pe.js must fail on each broken case with the expected finding (so GateDll_Imports_NoQuickJS and
# CoreDll_Exports_EveryZtsApi and Abi_Header_Win64Portable can fail at all).
# Usage: pe_checks_reject.sh "<node check_pe.js --objdump P>" <broken gate dll> <release zts.dll> <tests' zts.dll>
#        <zts_abi.json: zts.h's lists and the gate's, cmake/ZtsAbi.cmake> <node>
set -euo pipefail
check=$1 broken_gate=$2 release_core=$3 test_core=$4 abi_json=$5 node=$6
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
expect gate-quickjs 'imports the QuickJS symbol JS_Throw from zts.dll' gate "$broken_gate" "$abi_json"
expect gate-dll 'imports zts.dll \(only' gate "$broken_gate" "$abi_json"
# edit <output> <js statement on the list j>: a copy of the list, edited.
edit() {
  "$node" -e 'const fs = require("fs"); const j = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); '"$2"';
              fs.writeFileSync(process.argv[2], JSON.stringify(j));' "$abi_json" "$1"
}
# The list with one more function than the DLL exports.
edit "$tmp/more.json" 'j.functions.push({ name: "zts_not_in_the_dll", ret: "int32_t", params: "(void)", parameters: [] })'
expect core-missing 'does not export zts_not_in_the_dll' core "$release_core" "$tmp/more.json"
# The gate's list with one more function than the gate exports.
edit "$tmp/more_gate.json" 'j.gate_functions.push({ name: "zts_gate_not_in_the_dll", ret: "int32_t", params: "(void)", parameters: [] })'
expect gate-missing 'does not export zts_gate_not_in_the_dll' gate "$broken_gate" "$tmp/more_gate.json"
# The tests' zts.dll: every symbol exported (QuickJS's too), symbol table kept.
expect core-test-build 'exports JS_NewRuntime, which zts_abi.json does not declare' core "$test_core" "$abi_json"
expect core-unstripped 'is not stripped' core "$test_core" "$abi_json"
# A function with a C long parameter (32 bits on Win64, 64 on Linux) and a struct returned by value.
edit "$tmp/long.json" 'const f = j.functions.find(f => f.name === "zts_domain_free"); f.ret = "zts_value";
                       f.parameters.push({ type: "long", name: "n" })'
expect header-long 'zts_domain_free parameter n: long in the ABI' header "$tmp/long.json"
grep -q 'returns zts_value by value' <<<"$out"

echo "broken inputs rejected: $rejected"
