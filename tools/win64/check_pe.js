#!/usr/bin/env node
// Checks the Windows x64 DLLs of the cross build (cmake/toolchains/mingw-w64-x86_64.cmake) by their PE tables, as
// `objdump -p` prints them: `nm -D` lists nothing for a DLL, so the Linux check Gate_Library_NoQuickJSImports would
// pass there without looking at anything.
//   gate <dll> <zts_abi.json>     the gate imports no QuickJS symbol and no DLL but KERNEL32 and msvcrt (build/03
//                                 §2.4: its QuickJS entry points are injected by zts_gate_init), and exports exactly
//                                 the functions of zts_mono_gate.h's ZTS_GATE_FUNCTIONS list (gate_functions)
//   core <dll> <zts_abi.json>     the core exports every function of zts.h's ZTS_FUNCTIONS list, and nothing else (the
//                                 list as the build wrote it: cmake/ZtsAbi.cmake, docs/C_ABI.md "One list")
//   Both: the C and C++ runtimes are static (no libstdc++/libgcc/winpthread DLL import) and the DLL is stripped.
//   header <zts_abi.json | zts_mono_gate.h>  the Win64 ABI audit (docs/C_ABI.md "Windows x64"): no type whose
//                                 size differs between LP64 Linux and LLP64 Windows (long, wchar_t) or that C#
//                                 marshals by its own rule (bool: a 4-byte BOOL), and no exported function returning a
//                                 struct by value (Win64 returns it through a hidden pointer argument); for the lists
//                                 the types of their functions and struct fields (zts.h's and the gate's), for the
//                                 gate's header its text (zts_gate_value, which is in no list)
// Options: --objdump <path> (default x86_64-w64-mingw32-objdump), --exports-superset (core: more exports than the
// header are allowed; the tests' zts.dll exports every symbol). Prints one line per finding; exits 1 when any.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

// The DLLs every Windows x64 has; msvcrt is mingw-w64's C runtime. Anything else would have to ship beside the plugin.
const SYSTEM_DLLS = ['kernel32.dll', 'msvcrt.dll'];
// The core may also import Winsock, which every Windows x64 has too: the script debugger's sockets
// (native/inspector/transport.cpp). The gate stays at the two above.
const CORE_SYSTEM_DLLS = [...SYSTEM_DLLS, 'ws2_32.dll'];
const QUICKJS_SYMBOL = /^(JS_|__JS_|js_)/;

function parseArgs() {
  const a = { objdump: 'x86_64-w64-mingw32-objdump', superset: false, rest: [] };
  for (let i = 2; i < process.argv.length; i++) {
    const v = process.argv[i];
    if (v === '--objdump') a.objdump = process.argv[++i];
    else if (v === '--exports-superset') a.superset = true;
    else a.rest.push(v);
  }
  if (a.rest[0] === 'header' && a.rest.length === 2) return a;
  if (a.rest.length !== 3 || !['gate', 'core'].includes(a.rest[0]))
    throw new Error('usage: check_pe.js gate <dll> <zts_abi.json> | core <dll> <zts_abi.json> [--objdump P] ' +
                    '[--exports-superset] | header <zts_abi.json | zts_mono_gate.h>');
  return a;
}

// zts.h's lists and the gate's as tools/abi/gen_abi.js wrote them: { functions: [{ name, ret, params }],
// gate_functions (the same), structs: [{ name, fields }] }.
function abiList(file) {
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const k of ['functions', 'gate_functions'])
    if (!Array.isArray(j[k]) || j[k].length === 0) throw new Error(file + ' lists no ' + k);
  return j;
}

function withoutComments(header) {
  // Comments become blanks of the same lines, so findings keep their line numbers.
  return fs.readFileSync(header, 'utf8').replace(/\/\*[\s\S]*?\*\//g, c => c.replace(/[^\n]/g, ' '))
    .replace(/\/\/.*$/gm, '');
}

// objdump -p: { imports: [{ dll, symbols }], exports: [names], stripped }.
function peTables(objdump, dll) {
  const text = execFileSync(objdump, ['-p', dll], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (!/^architecture: i386:x86-64/m.test(text) && !/file format pei-x86-64/.test(text))
    throw new Error(dll + ' is not a Windows x64 PE file');
  const imports = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const dm = /^\tDLL Name: (.+)$/.exec(lines[i]);
    if (dm) {
      const entry = { dll: dm[1].trim(), symbols: [] };
      for (i += 2; i < lines.length && lines[i].trim() !== ''; i++) {
        const sm = /^\t[0-9a-f]+\s+\d+\s+(\S+)/.exec(lines[i]);
        if (sm) entry.symbols.push(sm[1]);
      }
      imports.push(entry);
    }
  }
  const exports = [];
  const start = lines.findIndex(l => l.startsWith('[Ordinal/Name Pointer] Table'));
  for (let i = start + 1; start >= 0 && i < lines.length && lines[i].trim() !== ''; i++) {
    const em = /^\t\[\s*\d+\] (\S+)$/.exec(lines[i]);
    if (em) exports.push(em[1]);
  }
  return { imports, exports, stripped: /^\tsymbols stripped$/m.test(text) };
}

// The audit of zts.h's lists: every C type of a function (result, parameters) and of a struct field.
function checkList(file) {
  const j = abiList(file);
  const findings = [];
  const fail = what => { findings.push(what); console.log('check_pe: FAIL zts.h: ' + what); };
  const audit = (where, type) => {
    const m = /\b(long|wchar_t|bool|_Bool)\b/.exec(type);
    if (m) fail(where + ': ' + m[1] + ' in the ABI (' + type + '): fixed-size types only (int32_t, int64_t, ...)');
  };
  for (const f of [...j.functions, ...j.gate_functions]) {
    audit(f.name + ' result', f.ret);
    for (const p of f.parameters) audit(f.name + ' parameter ' + p.name, p.type);
    if (!f.ret.includes('*') && /\b(struct|zts_value|zts_\w+_info|zts_\w+_spec)\b/.test(f.ret))
      fail(f.name + ' returns ' + f.ret + ' by value (SysV returns it in RAX:RDX, Win64 through a hidden pointer argument); return it through an out pointer');
  }
  for (const s of j.structs) for (const fd of s.fields) audit(s.name + '.' + fd.name, fd.type);
  console.log('check_pe: zts.h: ' + j.functions.length + ' exported functions, the gate: ' + j.gate_functions.length +
              ', ' + j.structs.length +
              ' structs, no long/wchar_t/bool, no struct returned by value' + (findings.length ? ' (but see the findings)' : ''));
  process.exit(findings.length ? 1 : 0);
}

function checkHeader(header) {
  if (header.endsWith('.json')) return checkList(header);
  const text = withoutComments(header);
  const name = path.basename(header);
  const findings = [];
  const fail = what => { findings.push(what); console.log('check_pe: FAIL ' + name + ':' + what); };
  text.split('\n').forEach((l, i) => {
    const m = /\b(long|wchar_t|bool|_Bool)\b/.exec(l);
    if (m) fail((i + 1) + ': ' + m[1] + ' in the ABI (' + l.trim() + '): fixed-size types only (int32_t, int64_t, ...)');
  });
  console.log('check_pe: ' + name + ': no long/wchar_t/bool (its functions: the list, zts_abi.json\'s gate_functions)' +
              (findings.length ? ' (but see the findings)' : ''));
  process.exit(findings.length ? 1 : 0);
}

function main() {
  const a = parseArgs();
  if (a.rest[0] === 'header') return checkHeader(a.rest[1]);
  const [kind, dll, header] = a.rest;
  const name = path.basename(dll);
  const findings = [];
  const fail = what => { findings.push(what); console.log('check_pe: FAIL ' + name + ': ' + what); };
  const pe = peTables(a.objdump, dll);

  for (const imp of pe.imports) {
    const allowed = kind === 'core' ? CORE_SYSTEM_DLLS : SYSTEM_DLLS;
    if (!allowed.includes(imp.dll.toLowerCase()))
      fail('imports ' + imp.dll + ' (only ' + allowed.join(', ') + ': Windows system DLLs and static C/C++ runtimes, no other DLL beside the plugin)');
    if (kind === 'gate')
      for (const s of imp.symbols.filter(s => QUICKJS_SYMBOL.test(s))) fail('imports the QuickJS symbol ' + s + ' from ' + imp.dll);
  }
  if (!pe.stripped) fail('is not stripped (its COFF symbol table is there)');

  const declared = abiList(header)[kind === 'gate' ? 'gate_functions' : 'functions'].map(f => f.name);
  if (declared.length === 0) fail('no exported function found in ' + header);
  const exported = new Set(pe.exports);
  for (const f of declared) if (!exported.has(f)) fail('does not export ' + f + ' (declared in ' + path.basename(header) + ')');
  if (!a.superset) {
    const want = new Set(declared);
    for (const e of pe.exports.filter(e => !want.has(e))) fail('exports ' + e + ', which ' + path.basename(header) + ' does not declare');
  }
  console.log('check_pe: ' + name + ': ' + pe.exports.length + ' exports, ' + declared.length + ' declared in ' +
              path.basename(header) + '; imports ' + pe.imports.map(i => i.dll).join(', ') + (pe.stripped ? '; stripped' : ''));
  process.exit(findings.length ? 1 : 0);
}

main();
