#!/usr/bin/env node
// Writes what the other sides of the C ABI need from zts.h's lists (docs/C_ABI.md "One list"). Its inputs are what
// the C preprocessor made of the header, not the header's text:
//   --lists <file>   `cc -E -P tools/abi/zts_abi_lists.c`: the lists as one JSON line after ZTS_ABI_JSON
//   --macros <file>  `cc -dM -E zts.h`: every macro the header defines, to fail on a constant missing from ZTS_CONSTANTS
// and writes any of:
//   --json <file>    the lists as JSON (tools/win64/check_pe.js: the DLL's export list and the Win64 audit)
//   --shared <file>  the P/Invokes of ZTS_SHARED exports: partial class ZTS.Shared.Native.ZtsNative
//   --common <file>  the P/Invokes of ZTS_COMMON exports: class ZTS.ZtsCommonNative (ZTS.Common)
//   --tests <file>   the lists as C# data for tests/managed/MirrorTests.cs (ZTS.Tests.ZtsAbiList)
//   --members-shared <file>, --members-declarations <file>  the `zts` global's members
//                    (native/core/globals/zts_members.h) as ZtsGlobalMembers of ZTS.Shared (ZtsHelpers.cs defines the
//                    managed ones) and of ZTS.Declarations (GlobalsWriter.cs writes zts.d.ts's zts.Helpers)
//   --player-entries <file>  the Player runtime's entries (native/player/player_entries.h) as PlayerEntries.Names and
//                    PlayerEntries.Version of ZTS.Il2Cpp (PlayerEntries.cs implements them)
//   --runtime-calls <file>  the Player runtime's internal calls (native/player/runtime_calls.h) as the InternalCall
//                    externs of ZTS.TsIl2CppAppDomain (ZTS.Il2Cpp)
//   --gate <file>    the P/Invokes of the Mono gate's exports (native/gate/zts_mono_gate.h's ZTS_GATE_FUNCTIONS): class
//                    ZTS.Mono.GateNative
// A parameter's C# type comes from its C type and name (csType below); the few that marshal otherwise are in
// OVERRIDES, with the reason.
'use strict';
const fs = require('fs');

function args() {
  const a = {};
  for (let i = 2; i < process.argv.length; i += 2) a[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
  if (!a.lists) throw new Error('usage: gen_abi.js --lists F [--macros F] [--json F] [--shared F] [--common F] [--tests F]');
  return a;
}

function fail(what) {
  console.error('zts: gen_abi: ' + what);
  process.exit(1);
}

// ---- reading the lists -------------------------------------------------------------------------------------

function readLists(file) {
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf('ZTS_ABI_JSON');
  if (at < 0) fail(file + ' has no ZTS_ABI_JSON line (not the preprocessed tools/abi/zts_abi_lists.c)');
  // The member table's long strings are C literals written in pieces ("a" "b"): joined, they are JSON strings.
  const j = JSON.parse(text.slice(at + 'ZTS_ABI_JSON'.length).replace(/(?<!\\)"\s+"/g, ''));
  for (const k of ['functions', 'gate_functions', 'structs', 'statuses', 'constants', 'members', 'player_entries',
                   'runtime_calls'])
    j[k] = j[k].filter(x => x !== null);
  for (const s of j.structs) s.fields = s.fields.filter(x => x !== null);
  for (const f of [...j.functions, ...j.gate_functions]) {
    // "(const char *path, int32_t len)": a C type, then the parameter's name, per comma (no parameter of the ABI is
    // a function pointer written out: those are typedefs, zts_*_fn).
    const inner = f.params.replace(/^\(|\)$/g, '').trim();
    f.parameters = inner === 'void' || inner === '' ? [] : inner.split(',').map(p => {
      const m = /^(.*?)(\w+)$/.exec(p.trim());
      return { type: m[1].trim(), name: m[2] };
    });
  }
  return j;
}

// A C type as { base, const (of the base), depth (pointers), constPointee (const after the first *) }.
function ctype(text) {
  const t = { base: '', isConst: false, depth: 0, constPointer: false };
  for (const tok of text.match(/\w+|\*/g)) {
    if (tok === '*') t.depth++;
    else if (tok === 'const') { if (t.depth === 0) t.isConst = true; else t.constPointer = true; }
    else if (tok !== 'struct') t.base = tok;
  }
  return t;
}

// ---- the C# types ------------------------------------------------------------------------------------------

const SCALARS = { int32_t: 'int', uint32_t: 'uint', int64_t: 'long', uint64_t: 'ulong', double: 'double', void: 'void',
                  uint16_t: 'char', uint8_t: 'byte' };
// The structs the managed side mirrors (their layouts: Abi_StructMirror_MatchesHeader), and zts_value.
const STRUCTS = { zts_value: 'JsValue', zts_error_info: 'ZtsErrorInfo', zts_struct_ref: 'ZtsStructRef',
                  zts_param_spec: 'ZTS.Shared.Clr.ParamSpec', zts_copy_field: 'ZtsCopyField',
                  zts_host_callbacks: 'HostCallbackTable' };
// Parameters whose callers hand over memory they already hold, instead of the default's managed array.
const OVERRIDES = {
  // one copy of the host table, passed by reference (the default for a const struct pointer is an array)
  'zts_host_register.callbacks': 'ref HostCallbackTable',
  // the module loaders pass (pointer, length) slices of buffers they pinned once (managed/ZTS.Shared/ModuleLoader*.cs)
  'zts_load_request_set_source.utf8': 'byte*', 'zts_load_request_set_source_map.utf8': 'byte*',
  'zts_load_request_set_path.utf8': 'byte*', 'zts_load_request_fail.utf8': 'byte*',
  // ScriptRuntime pins its Utf8Z copy (null is meaningful: the loopback)
  'zts_debugger_listen.host': 'byte*',
  // TableShape interns from a stackalloc'd array of pinned names
  'zts_atoms_intern.names': 'IntPtr*',
};

// "out" parameters: a pointer to one value the call writes, named out or out_<singular>.
const isOut = name => name === 'out' || (/^out_/.test(name) && !/s$/.test(name));

function csType(fn, p) {
  const o = OVERRIDES[fn + '.' + p.name];
  if (o) return o;
  const t = ctype(p.type);
  const scalar = SCALARS[t.base], struct = STRUCTS[t.base];
  const where = fn + ' parameter ' + p.type + ' ' + p.name;
  if (t.depth === 0) {
    if (scalar) return scalar;
    if (struct) return struct;
    fail(where + ': no C# type (extend csType in tools/abi/gen_abi.js)');
  }
  if (t.depth === 2) {
    // a pointer the call writes: the buffer of out_chars, a handle, a struct the core keeps
    const out = /^out(_|$)/.test(p.name);
    if (t.base === 'uint16_t' && out) return 'out char*';
    if (t.base === 'void' && out) return 'out IntPtr';
    if (struct && out) return 'out ' + struct + '*';
    if (t.base === 'char' && t.isConst && t.constPointer) return 'IntPtr[]';
    fail(where + ': no C# type (extend csType in tools/abi/gen_abi.js)');
  }
  if (t.base === 'char') return 'byte[]'; // UTF-8: a NUL-terminated string, or a buffer the call fills
  if (t.base === 'void') return t.isConst ? 'void*' : 'IntPtr';
  if (t.base === 'uint16_t') return 'char*';
  if (scalar) return isOut(p.name) && !t.isConst ? 'out ' + scalar : scalar + '*';
  if (t.base === 'zts_value') return isOut(p.name) ? 'out JsValue' : 'JsValue*';
  if (struct) return t.isConst ? struct + '[]' : isOut(p.name) ? 'out ' + struct : struct + '*';
  return 'IntPtr'; // a handle: zts_domain, zts_type_request, zts_load_request, JSContext
}

function csReturn(fn, ret) {
  const t = ctype(ret);
  if (t.depth === 0) {
    if (SCALARS[t.base]) return SCALARS[t.base];
    fail(fn + ' returns ' + ret + ': no C# type (extend csReturn in tools/abi/gen_abi.js)');
  }
  if (t.depth === 1 && SCALARS[t.base] && t.base !== 'void') return SCALARS[t.base] + '*';
  if (t.depth === 1 && STRUCTS[t.base] && t.base !== 'zts_host_callbacks') return STRUCTS[t.base] + '*';
  return 'IntPtr'; // a handle, a static string, a table handed on as it is
}

const KEYWORDS = new Set(['ref', 'out', 'string', 'object', 'base', 'params', 'in', 'fixed', 'event', 'checked']);
function csName(name) {
  const n = name.replace(/_([a-z0-9])/g, (m, c) => c.toUpperCase());
  return KEYWORDS.has(n) ? '@' + n : n;
}

function pinvoke(f) {
  const ps = f.parameters.map(p => csType(f.name, p) + ' ' + csName(p.name));
  return '        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]\n' +
         '        public static extern ' + csReturn(f.name, f.ret) + ' ' + f.name + '(' + ps.join(', ') + ');\n';
}

const generated = header => '// Generated by tools/abi/gen_abi.js from the lists of ' + header + ': edit the header, not this file.\n';
// Where the Player links libzts statically into its own binary (iOS, WebGL), P/Invokes name "__Internal", the process
// itself; everywhere else the dynamic library (zts.dll, libzts.so). The Editor always loads the library. The gate
// follows the same rule, so that every DllImport of ZTS follows one; Players run Il2Cpp, and the package enables the
// gate for the Editor only.
const lib = name => '#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR\n        private const string Lib = "__Internal";\n#else\n' +
                    '        private const string Lib = "' + name + '";\n#endif\n';

// The P/Invokes of the functions of list whose managed side is `managed`, as class `name` of `namespace`.
function pinvokeFile(list, managed, namespace, summary, name, header = 'native/include/zts/zts.h', library = 'zts') {
  const decls = list.filter(f => f.managed === managed).map(pinvoke);
  if (decls.length === 0) fail(header + ' lists no ' + managed + ' function');
  // unsafe only where a signature has a pointer: ZTS.Common's asmdef does not allow unsafe code (unity/assemblies.txt)
  const unsafe = decls.some(d => /\*/.test(d.split('\n')[1])) ? 'unsafe ' : '';
  return generated(header) + 'using System;\nusing System.Runtime.InteropServices;\n\nnamespace ' + namespace + '\n{\n' +
         '    /// <summary>' + summary + '</summary>\n    internal static ' + unsafe + name + '\n' +
         '    {\n' + lib(library) + '\n' + decls.join('\n') + '    }\n}\n';
}

// ---- the lists as C# data for the mirror tests -------------------------------------------------------------

// A C integer expression of the header as C#: C's fixed-width casts are C#'s integer types, and C# evaluates it.
const csExpr = e => e.replace(/\bint32_t\b/g, 'int').replace(/\buint32_t\b/g, 'uint').replace(/\bint64_t\b/g, 'long')
                     .replace(/\buint64_t\b/g, 'ulong');
const q = s => JSON.stringify(s);

function testsFile(j) {
  const statuses = new Map(j.statuses.map(s => [s.name, s.value]));
  const fn = f => '            new Function(' + [q(f.name), q(f.ret), q(f.managed)].join(', ') + ', new Param[] { ' +
                  f.parameters.map(p => 'new Param(' + q(p.type) + ', ' + q(p.name) + ')').join(', ') + ' }),';
  const st = s => '            new Struct(' + q(s.name) + ', new Param[] { ' +
                  s.fields.map(p => 'new Param(' + q(p.type) + ', ' + q(p.name) + ')').join(', ') + ' }),';
  const cn = c => {
    const v = statuses.has(c.value) ? statuses.get(c.value) : c.value;
    return '            new Constant(' + q(c.name) + ', ' + q(v) + ', unchecked((long)(' + csExpr(v) + '))),';
  };
  return generated('native/include/zts/zts.h') + `using System;

namespace ZTS.Tests
{
    /// <summary>The lists of zts.h (exports, mirrored structs, constants, the push-tag macros), for MirrorTests.cs.</summary>
    internal static class ZtsAbiList
    {
        internal sealed class Param
        {
            public readonly string Type, Name;
            public Param(string type, string name) { Type = type; Name = name; }
        }

        internal sealed class Function
        {
            public readonly string Name, Return, Managed;
            public readonly Param[] Params;
            public Function(string name, string ret, string managed, Param[] ps) { Name = name; Return = ret; Managed = managed; Params = ps; }
        }

        internal sealed class Struct
        {
            public readonly string Name;
            public readonly Param[] Fields;
            public Struct(string name, Param[] fields) { Name = name; Fields = fields; }
        }

        internal sealed class Constant
        {
            public readonly string Name, Text;
            public readonly long Value;
            public Constant(string name, string text, long value) { Name = name; Text = text; Value = value; }
        }

        public static readonly Function[] Functions =
        {
${j.functions.map(fn).join('\n')}
        };

        public static readonly Struct[] Structs =
        {
${j.structs.map(st).join('\n')}
        };

        public static readonly Constant[] Constants =
        {
${j.constants.map(cn).join('\n')}
        };

        /// <summary>The Player runtime's internal calls of its list (native/player/runtime_calls.h), as registered.</summary>
        public static readonly string[] RuntimeCalls =
        {
${j.runtime_calls.map(c => '            ' + q('ZTS.TsIl2CppAppDomain::' + c.method) + ',').join('\n')}
        };

        /// <summary>ZTS_RESULT_PUSH_BITS(slot, view) as zts.h writes it: ${j.push_bits}</summary>
        public static long PushBits(int slot, int view) { return unchecked(${csExpr(j.push_bits)}); }

        /// <summary>ZTS_RESULT_PUSH_SLOT(bits): ${j.push_slot}</summary>
        public static int PushSlot(long bits) { return unchecked(${csExpr(j.push_slot)}); }

        /// <summary>ZTS_RESULT_PUSH_VIEW(bits): ${j.push_view}</summary>
        public static int PushView(long bits) { return unchecked(${csExpr(j.push_view)}); }
    }
}
`;
}

// ---- the `zts` global's members ---------------------------------------------------------------------------

const WHERE = { ZTS_GLOBAL_CORE_VALUE: 'CoreValue', ZTS_GLOBAL_CORE: 'Core', ZTS_GLOBAL_HOST: 'Host' };

function membersFile(j, namespace) {
  const row = m => {
    if (!WHERE[m.where]) fail('zts global member ' + m.name + ': where is ' + m.where + ', not one of ' + Object.keys(WHERE).join(', '));
    return '            new Member(' + [q(m.name), 'Where.' + WHERE[m.where], m.length, q(m.doc), q(m.ts)].join(', ') + '),';
  };
  return generated('native/core/globals/zts_members.h') + `namespace ${namespace}
{
    /// <summary>The members of the \`zts\` global, in zts.d.ts's order (native/core/globals/zts_members.h).</summary>
    internal static class ZtsGlobalMembers
    {
        /// <summary>Who defines a member: the core (a value, a function) or the managed helpers (ZtsHelpers).</summary>
        internal enum Where { CoreValue, Core, Host }

        internal sealed class Member
        {
            public readonly string Name, Doc, TypeScript;
            public readonly Where Where;
            public readonly int Length;
            public Member(string name, Where where, int length, string doc, string typeScript)
            {
                Name = name; Where = where; Length = length; Doc = doc; TypeScript = typeScript;
            }
        }

        public static readonly Member[] All =
        {
${j.members.map(row).join('\n')}
        };
    }
}
`;
}

// ---- the Player runtime's internal calls --------------------------------------------------------------------

// A doc text as /// lines of at most 120 characters, indented by `indent`.
function docLines(text, indent) {
  const words = ('<summary>' + text + '</summary>').split(' ');
  const lines = [];
  let line = indent + '///';
  for (const w of words) {
    if (line.length + 1 + w.length > 120 && line !== indent + '///') { lines.push(line); line = indent + '///'; }
    line += ' ' + w;
  }
  lines.push(line);
  return lines.join('\n');
}

function runtimeCallsFile(j) {
  if (j.runtime_calls.length === 0) fail('native/player/runtime_calls.h lists no internal call');
  const externs = j.runtime_calls.map(c => {
    const unsafe = /\*/.test(c.params) ? 'unsafe ' : '';
    return docLines(c.doc, '        ') + '\n        [MethodImpl(MethodImplOptions.InternalCall)]\n' +
           '        internal static extern ' + unsafe + c.result + ' ' + c.method + c.params + ';\n';
  });
  return generated('native/player/runtime_calls.h') + `using System;
using System.Runtime.CompilerServices;

namespace ZTS
{
    public static partial class TsIl2CppAppDomain
    {
${externs.join('\n')}    }
}
`;
}

// ---- the Player runtime's entries ---------------------------------------------------------------------------

function playerEntriesFile(j) {
  const names = j.player_entries.map(e => e.name);
  const lines = [];
  for (let i = 0; i < names.length; i += 8) lines.push('            ' + names.slice(i, i + 8).map(q).join(', ') + ',');
  return generated('native/player/player_entries.h') + `namespace ZTS.Il2Cpp
{
    internal static partial class PlayerEntries
    {
        /// <summary>Version of the entry table (ZTS_PLAYER_ENTRY_VERSION; checked by InitializeInternal).</summary>
        public const int Version = ${j.player_entry_version};

        /// <summary>The entries, in the C++ EntryIndex order (ZTS_PLAYER_ENTRIES).</summary>
        public static readonly string[] Names =
        {
${lines.join('\n')}
        };
    }
}
`;
}

// ---- the constants' completeness ---------------------------------------------------------------------------

// Every object-like ZTS_ macro with a value (not an attribute like ZTS_API's, not the include guard) is a constant
// and must be in ZTS_CONSTANTS, so that no constant goes without its managed copy unnoticed.
function checkConstants(j, file) {
  const listed = new Set(j.constants.map(c => c.name));
  const missing = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^#define (ZTS_\w+)( (.*))?$/.exec(line); // a function-like macro has '(' right after its name
    if (m && m[3] && !m[3].startsWith('__') && !listed.has(m[1])) missing.push(m[1] + ' ' + m[3]);
  }
  if (missing.length)
    fail('zts.h defines constants that ZTS_CONSTANTS does not list (add them there, and their managed copies):\n  ' +
         missing.join('\n  '));
  const statuses = new Set(j.statuses.map(s => s.name));
  for (const s of statuses) if (!listed.has(s)) fail('ZTS_CONSTANTS does not list the status ' + s);
}

function write(file, text) {
  if (!file) return;
  // Unchanged output keeps its time stamp, so that the assemblies built from it are not rebuilt.
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.writeFileSync(file, text);
}

function main() {
  const a = args();
  const j = readLists(a.lists);
  if (a.macros) checkConstants(j, a.macros);
  write(a.json, JSON.stringify(j, null, 1) + '\n');
  write(a.shared, pinvokeFile(j.functions, 'ZTS_SHARED', 'ZTS.Shared.Native',
    'The P/Invokes of the ZTS_SHARED exports of zts.h (their contracts are there).', 'partial class ZtsNative'));
  write(a.common, pinvokeFile(j.functions, 'ZTS_COMMON', 'ZTS',
    'The P/Invokes of the ZTS_COMMON exports of zts.h: ZTS.Common references no other ZTS assembly.', 'class ZtsCommonNative'));
  write(a.gate, pinvokeFile(j.gate_functions, 'ZTS_MONO', 'ZTS.Mono',
    'The P/Invokes of the gate library (libzts_mono_gate), which does not link QuickJS (seed build/03 §2.4); their ' +
    'contracts are in zts_mono_gate.h.', 'class GateNative', 'native/gate/zts_mono_gate.h', 'zts_mono_gate'));
  write(a.tests, testsFile(j));
  write(a['members-shared'], membersFile(j, 'ZTS.Shared'));
  write(a['members-declarations'], membersFile(j, 'ZTS.Declarations'));
  write(a['player-entries'], playerEntriesFile(j));
  write(a['runtime-calls'], runtimeCallsFile(j));
}

main();
