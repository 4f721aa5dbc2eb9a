#!/usr/bin/env node
// Checks the Unity package com.code-philosophy.zts the way Unity's import would, with the tools at hand
// (docs/UNITY_PACKAGE.md, "Checks"): package.json, .meta files and GUIDs, asmdefs and their references,
// PluginImporter settings, each asmdef folder compiled alone by mcs, link.xml against those assemblies, and the
// Player build step's tool (Editor/PlayerBuild~: the generator, what it loads, flat headers).
// Usage: node tools/unity/check_package.js <package folder> --out <work folder> [--only a,b,...] [--cpu-targets a,b --abi <zts_abi.json>]
// --cpu-targets: the builds of other CPUs whose natives the package must carry (cmake/ZtsCpuTargets.cmake: linux-arm64,
// wasm32); without it such a native is checked when present and noted when absent.
// Phases: manifest, metas, asmdefs, plugins, compile, linkxml, tool. The compiled assemblies stay in <work>/assemblies.
// Prints one line per finding and exits 1 when there is any.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const rules = require('./package_rules');

const PHASES = ['manifest', 'metas', 'asmdefs', 'plugins', 'compile', 'linkxml', 'tool', 'notices'];
// What Unity's .NET 4.x / Standard 2.0 profiles give every assembly, as Mono's framework assemblies.
const FRAMEWORK = ['System.dll', 'System.Core.dll', 'System.Xml.dll', 'System.Xml.Linq.dll',
                   'System.Runtime.Serialization.dll', 'System.Numerics.dll', 'System.Data.dll'];
// asmdef platform names (Unity 2019.4+).
const ASMDEF_PLATFORMS = ['Editor', 'Android', 'iOS', 'LinuxStandalone64', 'macOSStandalone', 'WindowsStandalone32',
                          'WindowsStandalone64', 'WebGL', 'PS4', 'PS5', 'Switch', 'tvOS', 'XboxOne', 'GameCoreXboxOne',
                          'GameCoreScarlett', 'Lumin', 'Stadia', 'WSA', 'CloudRendering', 'EmbeddedLinux', 'VisionOS'];
const OS_OF = { '.so': 'Linux', '.dylib': 'OSX', '.dll': 'Windows' };
const NATIVE_FILE = /\.(so|dylib|dll|a)$/;

const findings = [];
function fail(what) { findings.push(what); console.log('check_package: FAIL ' + what); }
function note(what) { console.log('check_package: ' + what); }

function parseArgs() {
  const a = { pkg: null, out: null, only: PHASES, cpuTargets: [] };
  for (let i = 2; i < process.argv.length; i++) {
    const v = process.argv[i];
    if (v === '--out') a.out = path.resolve(process.argv[++i]);
    else if (v === '--only') a.only = process.argv[++i].split(',');
    else if (v === '--cpu-targets') a.cpuTargets = process.argv[++i].split(/[,;]/).filter(Boolean);
    else if (v === '--abi') a.abi = path.resolve(process.argv[++i]);
    else a.pkg = path.resolve(v);
  }
  if (!a.pkg || !a.out) throw new Error('usage: check_package.js <package folder> --out <work folder> [--only phases]');
  for (const p of a.only) if (!PHASES.includes(p)) throw new Error('check_package: unknown phase ' + p);
  const known = rules.NATIVE_LIBRARIES.filter(l => l.cpuTarget).map(l => l.cpuTarget);
  for (const t of a.cpuTargets) if (!known.includes(t)) throw new Error('check_package: unknown CPU target ' + t);
  return a;
}

// Every path Unity imports (hidden names skipped), relative, folders included.
function imported(root, rel, out) {
  out = out || [];
  for (const e of fs.readdirSync(path.join(root, rel || ''), { withFileTypes: true }).sort((x, y) => x.name < y.name ? -1 : 1)) {
    if (rules.isHidden(e.name)) continue;
    const r = path.join(rel || '', e.name);
    out.push({ rel: r, dir: e.isDirectory() });
    if (e.isDirectory()) imported(root, r, out);
  }
  return out;
}

function readJson(file, what) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    fail(what + ' does not parse: ' + e.message);
    return null;
  }
}

function checkManifest(pkg) {
  const m = readJson(path.join(pkg, 'package.json'), 'package.json');
  if (!m) return;
  if (typeof m.name !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+){2,}$/.test(m.name) || m.name.length > 214)
    fail('package.json: name ' + JSON.stringify(m.name) + ' is not a lowercase reverse-domain name');
  if (typeof m.version !== 'string' || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(m.version))
    fail('package.json: version ' + JSON.stringify(m.version) + ' is not SemVer');
  for (const field of ['displayName', 'description'])
    if (typeof m[field] !== 'string' || m[field].trim() === '') fail('package.json: ' + field + ' is missing');
  if (typeof m.unity !== 'string' || !/^\d{4}\.\d+$/.test(m.unity)) fail('package.json: unity ' + JSON.stringify(m.unity) + ' is not "YYYY.N"');
  // The samples the Package Manager offers: each a folder under Samples~ (hidden from Unity until imported) with files.
  const samples = m.samples === undefined ? [] : m.samples;
  if (!Array.isArray(samples)) fail('package.json: samples is not a list');
  else for (const s of samples) {
    const label = 'package.json: sample ' + JSON.stringify(s && s.displayName);
    if (!s || typeof s.displayName !== 'string' || !s.displayName.trim()) { fail('package.json: a sample has no displayName'); continue; }
    if (typeof s.description !== 'string' || !s.description.trim()) fail(label + ' has no description');
    if (typeof s.path !== 'string' || !s.path.startsWith(rules.SAMPLES_DIR + '/') || s.path.includes('..')) {
      fail(label + ': path ' + JSON.stringify(s.path) + ' is not a folder under ' + rules.SAMPLES_DIR);
      continue;
    }
    const dir = path.join(pkg, s.path);
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) fail(label + ': ' + s.path + ' does not exist');
    else if (fs.readdirSync(dir).length === 0) fail(label + ': ' + s.path + ' is empty');
  }
  for (const s of rules.SAMPLES)
    if (!Array.isArray(samples) || !samples.some(x => x && x.path === s.path)) fail('package.json: the sample ' + s.path + ' is not listed');
  note('package.json: ' + m.name + ' ' + m.version + ', unity ' + m.unity + ', ' + (Array.isArray(samples) ? samples.length : 0) + ' samples');
}

function metaGuid(file) {
  const m = /^guid: ([0-9a-f]{32})$/m.exec(fs.readFileSync(file, 'utf8'));
  return m ? m[1] : null;
}

function checkMetas(pkg) {
  const entries = imported(pkg);
  const assets = new Set(entries.filter(e => !e.rel.endsWith('.meta')).map(e => e.rel));
  const owner = new Map();
  for (const e of entries) {
    if (e.rel.endsWith('.meta')) {
      if (!assets.has(e.rel.slice(0, -5))) fail(e.rel + ' has no asset next to it');
      continue;
    }
    const meta = path.join(pkg, e.rel + '.meta');
    if (!fs.existsSync(meta)) { fail(e.rel + ' has no .meta'); continue; }
    const guid = metaGuid(meta);
    if (!guid) { fail(e.rel + '.meta has no 32-hex guid'); continue; }
    if (e.dir !== /^folderAsset: yes$/m.test(fs.readFileSync(meta, 'utf8'))) fail(e.rel + '.meta: folderAsset does not match');
    if (owner.has(guid)) fail('GUID ' + guid + ' of ' + e.rel + ' collides with ' + owner.get(guid));
    else owner.set(guid, e.rel);
  }
  // The .meta files the gate scripts install: their GUID may only be the one of the same plugin.
  const templates = path.join(pkg, rules.GATE_SOURCE_DIR, 'meta');
  for (const t of fs.existsSync(templates) ? fs.readdirSync(templates) : []) {
    const guid = metaGuid(path.join(templates, t));
    const same = path.join('Plugins/quickjs', t.slice(0, -5));
    if (!guid) fail(path.join(rules.GATE_SOURCE_DIR, 'meta', t) + ' has no 32-hex guid');
    else if (owner.has(guid) && owner.get(guid) !== same) fail('GUID ' + guid + ' of the gate script .meta ' + t + ' collides with ' + owner.get(guid));
  }
  note(owner.size + ' .meta files, no GUID collision checked');
}

function asmdefs(pkg) {
  return imported(pkg).filter(e => e.rel.endsWith('.asmdef')).map(e => ({ rel: e.rel, folder: path.dirname(e.rel),
    json: readJson(path.join(pkg, e.rel), e.rel) })).filter(a => a.json);
}

// Where an assembly may run: include/exclude platforms over {Editor, Player}.
function runsIn(json) {
  const inc = json.includePlatforms || [], exc = json.excludePlatforms || [];
  const set = new Set();
  if (inc.length > 0 ? inc.includes('Editor') : !exc.includes('Editor')) set.add('Editor');
  if (inc.length > 0 ? inc.some(p => p !== 'Editor') : true) set.add('Player');
  return set;
}

function checkAsmdefs(pkg) {
  const all = asmdefs(pkg);
  const byName = new Map();
  const folders = new Map();
  for (const a of all) {
    const j = a.json;
    if (typeof j.name !== 'string' || j.name === '') { fail(a.rel + ': name is missing'); continue; }
    if (path.basename(a.rel, '.asmdef') !== j.name) fail(a.rel + ': file name differs from name ' + j.name);
    if (byName.has(j.name)) fail(a.rel + ': name ' + j.name + ' also in ' + byName.get(j.name).rel);
    byName.set(j.name, a);
    if (folders.has(a.folder)) fail(a.rel + ': a second asmdef in ' + a.folder);
    folders.set(a.folder, a);
    for (const f of ['references', 'includePlatforms', 'excludePlatforms', 'defineConstraints', 'precompiledReferences'])
      if (j[f] !== undefined && !Array.isArray(j[f])) fail(a.rel + ': ' + f + ' is not a list');
    for (const f of ['allowUnsafeCode', 'overrideReferences', 'autoReferenced', 'noEngineReferences'])
      if (j[f] !== undefined && typeof j[f] !== 'boolean') fail(a.rel + ': ' + f + ' is not a boolean');
    if ((j.includePlatforms || []).length > 0 && (j.excludePlatforms || []).length > 0)
      fail(a.rel + ': both includePlatforms and excludePlatforms');
    for (const p of (j.includePlatforms || []).concat(j.excludePlatforms || []))
      if (!ASMDEF_PLATFORMS.includes(p)) fail(a.rel + ': unknown platform ' + p);
  }
  for (const a of all) {
    for (const r of a.json.references || []) {
      const target = r.startsWith('GUID:') ? all.find(b => metaGuid(path.join(pkg, b.rel + '.meta')) === r.slice(5)) : byName.get(r);
      if (!target) { fail(a.rel + ': references ' + r + ', which no asmdef defines'); continue; }
      const need = runsIn(a.json), have = runsIn(target.json);
      for (const w of need) if (!have.has(w)) fail(a.rel + ': runs in ' + w + ' but its reference ' + r + ' does not');
    }
  }
  note(all.length + ' asmdefs: ' + all.map(a => a.json.name + ' [' + [...runsIn(a.json)].join('+') + ']').join(', '));
  return all;
}

// platformData of a PluginImporter .meta: [{ first, enabled, settings }].
function platformData(text) {
  const out = [];
  const re = /^  - first:\n {6}(.*)\n {4}second:\n {6}enabled: (\d)\n {6}settings:(?: \{\})?\n((?: {8}.*\n)*)/gm;
  let m;
  while ((m = re.exec(text))) {
    const settings = {};
    for (const line of m[3].split('\n').filter(Boolean)) {
      const kv = /^ {8}(.+?): ?(.*)$/.exec(line);
      settings[kv[1]] = kv[2];
    }
    out.push({ first: m[1].trim(), enabled: m[2] === '1', settings });
  }
  return out;
}

function checkPluginMeta(label, file, lib) {
  const text = fs.readFileSync(file, 'utf8');
  if (!/^PluginImporter:$/m.test(text)) { fail(label + ': not a PluginImporter .meta'); return; }
  const data = platformData(text);
  const editor = data.find(d => d.first === 'Editor: Editor');
  const anyEntry = data.find(d => d.first === 'Any:');
  const exclude = data.find(d => d.first === ': Any');
  const rule = rules.NATIVE_LIBRARIES.find(l => l.path === lib.split(path.sep).join('/')) ||
               rules.NATIVE_LIBRARIES.find(l => !l.cpuTarget && path.basename(l.path) === path.basename(lib));
  if (rule && rule.editor === false) { checkPlayerOnlyMeta(label, data, rule); return; }
  if (!editor || !editor.enabled) fail(label + ': not enabled for the Editor');
  else if (editor.settings.OS !== OS_OF[path.extname(lib)]) fail(label + ': Editor OS is ' + editor.settings.OS + ', not ' + OS_OF[path.extname(lib)]);
  const players = data.filter(d => d.enabled && d.first !== 'Editor: Editor');
  if (/zts_mono_gate/.test(lib)) {
    // build/03 §2.4, §4: the gate is for the Editor only.
    if (anyEntry && anyEntry.enabled) fail(label + ': the gate is enabled for Any platform');
    for (const p of players) fail(label + ': the gate is enabled for ' + p.first);
    if (exclude) for (const k of Object.keys(exclude.settings))
      if (k !== 'Exclude Editor' && exclude.settings[k] !== '1') fail(label + ': the gate is not excluded from ' + k.slice(8));
  } else if (!players.some(p => p.first.startsWith('Standalone:'))) {
    fail(label + ': the core is enabled for no Player');
  }
  // A library the rules know: the Editor on its own system and CPU, and the Player of its system only (a core set
  // for another system's Player would be copied into that Player, which cannot load it).
  if (rule && editor && editor.settings.CPU !== rule.cpu) fail(label + ': Editor CPU is ' + editor.settings.CPU + ', not ' + rule.cpu);
  if (rule && rule.standalone) {
    const enabled = players.map(p => p.first).join(', ');
    if (enabled !== 'Standalone: ' + rule.standalone) fail(label + ': enabled for ' + (enabled || 'no Player') + ', not Standalone: ' + rule.standalone + ' only');
  }
}

// A native for another CPU's Player (rules.NATIVE_LIBRARIES' editor: false): off for the Editor and Any, on for its one
// Player with its CPU (Standalone Linux64 with ARM64), or for WebGL alone; never for a Standalone it was not built for.
function checkPlayerOnlyMeta(label, data, rule) {
  const editor = data.find(d => d.first === 'Editor: Editor');
  const anyEntry = data.find(d => d.first === 'Any:');
  if (!editor || editor.enabled) fail(label + ': enabled for the Editor (a Player of another CPU only)');
  if (anyEntry && anyEntry.enabled) fail(label + ': enabled for Any platform');
  const enabled = data.filter(d => d.enabled).map(d => d.first);
  const want = rule.webgl ? 'WebGL: WebGL' : 'Standalone: ' + rule.standalone;
  if (enabled.join(', ') !== want) fail(label + ': enabled for ' + (enabled.join(', ') || 'no Player') + ', not ' + want + ' only');
  if (!rule.webgl) {
    const player = data.find(d => d.first === want);
    if (player && player.settings.CPU !== rule.cpu) fail(label + ': ' + want + ' CPU is ' + player.settings.CPU + ', not ' + rule.cpu);
  }
}

// ELF header fields: class (1 = 32-bit, 2 = 64-bit), type (3 = ET_DYN), machine (62 = x86-64, 183 = aarch64).
function elfHeader(b) {
  if (b.length < 20 || b.readUInt32BE(0) !== 0x7f454c46 || b[5] !== 1) return null;
  return { cls: b[4], type: b.readUInt16LE(16), machine: b.readUInt16LE(18) };
}

// A GNU/LLVM ar archive: its members ({ name, data }) and the symbols of its index (the "/" member: a big-endian
// count, that many offsets, then the NUL-terminated names). llvm-ar (emar) writes the index of wasm objects too.
function readArchive(b) {
  if (b.length < 8 || b.toString('latin1', 0, 8) !== '!<arch>\n') return null;
  const members = [];
  let symbols = null, longNames = '';
  for (let at = 8; at + 60 <= b.length;) {
    const rawName = b.toString('latin1', at, at + 16).trimEnd();
    const size = parseInt(b.toString('latin1', at + 48, at + 58).trim(), 10);
    const data = b.subarray(at + 60, at + 60 + size);
    if (rawName === '/') {
      const n = data.readUInt32BE(0);
      symbols = data.toString('latin1', 4 + 4 * n).split('\0').slice(0, n);
    } else if (rawName === '//') {
      longNames = data.toString('latin1');
    } else {
      const name = /^\/\d+$/.test(rawName) ? longNames.slice(+rawName.slice(1)).split('/\n')[0] : rawName.replace(/\/$/, '');
      members.push({ name, data });
    }
    at += 60 + size + (size % 2);
  }
  return { members, symbols: symbols || [] };
}

// The C ABI's functions, from zts.h's ZTS_FUNCTIONS list as tools/abi/gen_abi.js wrote it (--abi <zts_abi.json>):
// what every core must define.
function ztsApiNames(abi) {
  if (!abi || !fs.existsSync(abi)) return [];
  return JSON.parse(fs.readFileSync(abi, 'utf8')).functions.map(f => f.name);
}

// The format a native for another CPU must have: ELF 64-bit aarch64 shared object; an archive of wasm objects only whose
// index defines every ZTS_API function and QuickJS (JS_NewRuntime: QuickJS inside, as in libzts.so).
function checkCpuNative(pkg, lib, abi) {
  const b = fs.readFileSync(path.join(pkg, lib.path));
  if (lib.format === 'ELF aarch64') {
    const h = elfHeader(b);
    const have = !h ? 'not ELF' : 'ELF class ' + h.cls + ' type ' + h.type + ' machine ' + h.machine;
    if (!h || h.cls !== 2 || h.type !== 3 || h.machine !== 183)
      fail(lib.path + ' is ' + have + ', not an ELF 64-bit aarch64 shared object (class 2 type 3 machine 183)');
    return;
  }
  const ar = readArchive(b);
  if (!ar || ar.members.length === 0) { fail(lib.path + ' is not an ar archive of objects'); return; }
  for (const m of ar.members)
    if (m.data.length < 8 || m.data.readUInt32BE(0) !== 0x0061736d || m.data.readUInt32LE(4) !== 1)
      fail(lib.path + ': member ' + m.name + ' is not a wasm object (\\0asm version 1)');
  const defined = new Set(ar.symbols);
  const api = ztsApiNames(abi);
  if (api.length === 0) fail(lib.path + ': no C ABI function list to check it against (--abi <build/abi/zts_abi.json>)');
  const missing = api.concat(['JS_NewRuntime']).filter(n => !defined.has(n));
  if (missing.length) fail(lib.path + ': its index defines no ' + missing.slice(0, 5).join(', ') + (missing.length > 5 ? ' (' + missing.length + ' in all)' : ''));
  note(lib.path + ': ' + ar.members.length + ' wasm objects, ' + api.length + ' C ABI functions and QuickJS defined');
}

// The binary format a plugin must have for its system: ELF x86-64 for .so, PE x86-64 (machine 0x8664) for .dll.
function binaryFormat(file) {
  const b = fs.readFileSync(file);
  const elf = elfHeader(b);
  if (elf && elf.cls === 2 && elf.machine === 62) return 'ELF x86-64';
  if (elf && elf.cls === 2 && elf.machine === 183) return 'ELF aarch64';
  if (b.length > 64 && b.toString('latin1', 0, 2) === 'MZ') {
    const pe = b.readUInt32LE(60);
    if (pe + 6 <= b.length && b.toString('latin1', pe, pe + 4) === 'PE\0\0' && b.readUInt16LE(pe + 4) === 0x8664) return 'PE x86-64';
  }
  return 'unknown';
}

function checkPlugins(pkg, cpuTargets, abi) {
  let n = 0;
  // The natives of the other CPUs' Players: required when their build ran, checked whenever present.
  for (const lib of rules.NATIVE_LIBRARIES.filter(l => l.cpuTarget)) {
    const file = path.join(pkg, lib.path);
    if (fs.existsSync(file)) checkCpuNative(pkg, lib, abi);
    else if (cpuTargets.includes(lib.cpuTarget)) fail(lib.path + ' is missing (the ' + lib.cpuTarget + ' build ran)');
    else note(lib.path + ': not built here (no ' + lib.cpuTarget + ' toolchain; ZTS_CPU_TARGETS=1 bash tools/setup.sh)');
  }
  // Every library built here is in the package, in the format of its system.
  for (const lib of rules.NATIVE_LIBRARIES.filter(l => l.shipped)) {
    const file = path.join(pkg, lib.path);
    if (!fs.existsSync(file)) { fail(lib.path + ' is missing'); continue; }
    const want = lib.os === 'Windows' ? 'PE x86-64' : 'ELF x86-64';
    const have = binaryFormat(file);
    if (have !== want) fail(lib.path + ' is ' + have + ', not a ' + (lib.os === 'Windows' ? 'Windows x64 DLL' : 'Linux x86-64 shared object') + ' (' + want + ')');
  }
  for (const e of imported(pkg).filter(e => !e.dir && NATIVE_FILE.test(e.rel))) {
    const meta = path.join(pkg, e.rel + '.meta');
    if (fs.existsSync(meta)) checkPluginMeta(e.rel + '.meta', meta, e.rel);
    n++;
  }
  const templates = path.join(pkg, rules.GATE_SOURCE_DIR, 'meta');
  for (const t of fs.existsSync(templates) ? fs.readdirSync(templates) : []) {
    checkPluginMeta(path.join(rules.GATE_SOURCE_DIR, 'meta', t), path.join(templates, t), t.slice(0, -5));
    n++;
  }
  note(n + ' native plugin .meta files checked (gate: Editor only; the cores: Editor + their system\'s Player, or their ' +
       'Player alone for another CPU): ' + rules.NATIVE_LIBRARIES.filter(l => l.shipped || fs.existsSync(path.join(pkg, l.path)))
       .map(l => l.path).join(', '));
}

// Unity's rule: a script belongs to the asmdef of its nearest enclosing folder.
function scriptsOf(pkg, folder, asmdefFolders) {
  const out = [];
  for (const e of fs.readdirSync(path.join(pkg, folder), { withFileTypes: true }).sort((x, y) => x.name < y.name ? -1 : 1)) {
    if (rules.isHidden(e.name)) continue;
    const r = path.join(folder, e.name);
    if (e.isDirectory()) { if (!asmdefFolders.has(r)) out.push(...scriptsOf(pkg, r, asmdefFolders)); }
    else if (e.name.endsWith('.cs')) out.push(r);
  }
  return out;
}

function compile(pkg, out, all) {
  const dir = path.join(out, 'assemblies');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const folders = new Set(all.map(a => a.folder));
  for (const a of all) a.scripts = scriptsOf(pkg, a.folder, new Set([...folders].filter(f => f !== a.folder)));
  const loose = imported(pkg).filter(e => e.rel.endsWith('.cs') && !all.some(a => a.scripts.includes(e.rel)));
  for (const l of loose) fail(l.rel + ' belongs to no asmdef (it would land in Assembly-CSharp)');
  const built = new Map();
  const pending = all.slice();
  while (pending.length > 0) {
    const i = pending.findIndex(a => (a.json.references || []).every(r => built.has(r) || !all.some(b => b.json.name === r)));
    if (i < 0) { fail('asmdef references form a cycle: ' + pending.map(a => a.json.name).join(', ')); return; }
    const a = pending.splice(i, 1)[0];
    const name = a.json.name;
    if (a.scripts.length === 0) {
      note(name + ': no scripts (Unity builds no assembly for it)');
      built.set(name, null);
      continue;
    }
    const refs = (a.json.references || []).map(r => built.get(r)).filter(Boolean);
    const argv = ['-nologo', '-noconfig', '-target:library', '-warn:4', '-warnaserror+', '-debug',
                  ...FRAMEWORK.map(f => '-r:' + f), ...refs.map(r => '-r:' + r),
                  ...(a.json.allowUnsafeCode ? ['-unsafe'] : []),
                  '-out:' + path.join(dir, name + '.dll'), ...a.scripts.map(s => path.join(pkg, s))];
    try {
      execFileSync('mcs', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
      built.set(name, path.join(dir, name + '.dll'));
      note(name + ': ' + a.scripts.length + ' scripts compiled alone against ' +
           (refs.length ? refs.map(r => path.basename(r, '.dll')).join(', ') + ' and ' : '') + 'the framework');
    } catch (e) {
      fail(name + ' (' + a.folder + ') does not compile alone:\n' + (e.stdout || '') + (e.stderr || ''));
      built.set(name, null);
    }
  }
}

function checkLinkXml(pkg, out) {
  const tool = path.join(out, 'LinkXmlCheck.exe');
  execFileSync('mcs', ['-nologo', '-target:exe', '-r:System.Xml.dll', '-out:' + tool, path.join(__dirname, 'LinkXmlCheck.cs')]);
  try {
    process.stdout.write(execFileSync('mono', [tool, path.join(pkg, 'link.xml'), path.join(out, 'assemblies')], { encoding: 'utf8' }));
  } catch (e) {
    process.stdout.write(e.stdout || '');
    fail('link.xml names what does not exist:\n' + (e.stdout || '') + (e.stderr || ''));
  }
}

// Editor/PlayerBuild~: what ZtsPlayerBuildStep runs (the generator and the assemblies it loads beside it).
function checkTool(pkg) {
  const dir = path.join(pkg, rules.PLAYER_BUILD_DIR);
  for (const f of rules.PLAYER_BUILD_FILES)
    if (!fs.existsSync(path.join(dir, f))) fail(path.join(rules.PLAYER_BUILD_DIR, f) + ' is missing');
  const exe = path.join(dir, 'ZTS.GenBridges.exe');
  if (fs.existsSync(exe)) {
    try {
      execFileSync('mono', [exe, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      fail(path.join(rules.PLAYER_BUILD_DIR, 'ZTS.GenBridges.exe') + ' --help fails from the package:\n' + (e.stdout || '') + (e.stderr || ''));
    }
  }
  note(rules.PLAYER_BUILD_DIR + ': ' + rules.PLAYER_BUILD_FILES.length + ' files');
}

// The players of a C++ plugin .meta: { enabled players, Editor enabled, Any enabled }.
function cppPlatforms(meta) {
  const out = { players: [], editor: null, any: null };
  for (const m of meta.matchAll(/- first:\n\s+([^\n]*)\n\s+second:\n\s+enabled: (\d)/g)) {
    const key = m[1].trim(), on = m[2] === '1';
    if (key === 'Editor: Editor') out.editor = on;
    else if (key === ': Any') out.any = on;
    else if (key.startsWith('Standalone: ') && on) out.players.push(key.slice('Standalone: '.length));
  }
  return out;
}

// Plugins/Il2Cpp: the Il2Cpp plugin. Its runtime files are there; it is flat and each quoted include names a file of the
// folder or one of libil2cpp's own headers; zts_clr_config.h selects the Il2Cpp adapter; every file is a C++ source
// plugin off for the Editor and Any and on exactly for the players PlayerBuildLayout.cs enables the generated bridges
// for (its Standalone list, read from the package's copy: the one list on the C# side).
function checkIl2CppPlugin(pkg) {
  const dir = path.join(pkg, rules.IL2CPP_PLUGIN_DIR);
  const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
  for (const e of entries.filter(e => e.isDirectory())) fail(rules.IL2CPP_PLUGIN_DIR + '/' + e.name + ' is a folder (the plugin must be flat)');
  const names = new Set(entries.filter(e => e.isFile() && !e.name.endsWith('.meta') && e.name !== rules.NOTICE).map(e => e.name));
  for (const f of ['player_bridge.h', 'player_runtime.cpp', 'plugin_entry.cpp', 'slot_table.cpp', 'clr_il2cpp.cpp', 'zts_il2cpp_api.h',
                   'zts_clr_typed_call.h', 'zts_clr_config.h', 'core_table.h', 'value.h', 'zts.h'])
    if (!names.has(f)) fail(rules.IL2CPP_PLUGIN_DIR + '/' + f + ' is missing');
  for (const f of names) {
    if (!/\.(cpp|h)$/.test(f)) fail(rules.IL2CPP_PLUGIN_DIR + '/' + f + ' is no C++ source');
    for (const inc of rules.quoteIncludes(fs.readFileSync(path.join(dir, f), 'utf8')))
      if (!names.has(inc.target) && !rules.LIBIL2CPP_HEADERS.has(inc.target))
        fail(rules.IL2CPP_PLUGIN_DIR + '/' + f + ':' + inc.line + ' includes "' + inc.target + '", which is not a file of that folder');
  }
  if (names.has('zts_clr_config.h') && !/^#define ZTS_CLR_IL2CPP 1$/m.test(fs.readFileSync(path.join(dir, 'zts_clr_config.h'), 'utf8')))
    fail(rules.IL2CPP_PLUGIN_DIR + '/zts_clr_config.h does not select the Il2Cpp adapter (#define ZTS_CLR_IL2CPP 1)');
  const layout = path.join(pkg, 'Editor', 'PlayerBuildLayout.cs');
  const m = fs.existsSync(layout) ? /string\[\]\[\] Standalone =\s*\{([^;]*)\};/.exec(fs.readFileSync(layout, 'utf8')) : null;
  if (!m) fail('Editor/PlayerBuildLayout.cs: no Standalone list (the players of the generated bridges)');
  const csPlayers = m ? [...m[1].matchAll(/new\[\] \{ "([^"]+)", "([^"]+)" \}/g)].map(x => x[1] + '/' + x[2]) : [];
  const jsPlayers = rules.CPP_PLUGIN_PLAYERS.map(([p, cpu]) => p + '/' + cpu);
  if (csPlayers.join(',') !== jsPlayers.join(','))
    fail('the Il2Cpp plugin is enabled for ' + jsPlayers.join(', ') + ' but PlayerBuildLayout.cs enables the bridges for ' + csPlayers.join(', '));
  for (const f of names) {
    const metaPath = path.join(dir, f + '.meta');
    if (!fs.existsSync(metaPath)) continue; // the metas phase reports it
    const meta = fs.readFileSync(metaPath, 'utf8');
    if (!/^PluginImporter:/m.test(meta)) { fail(rules.IL2CPP_PLUGIN_DIR + '/' + f + '.meta: not a PluginImporter'); continue; }
    const p = cppPlatforms(meta);
    if (p.editor !== false) fail(rules.IL2CPP_PLUGIN_DIR + '/' + f + '.meta: enabled for the Editor (Il2Cpp Players only)');
    if (p.any !== false) fail(rules.IL2CPP_PLUGIN_DIR + '/' + f + '.meta: enabled for Any platform (Il2Cpp Players only)');
    if (p.players.join(',') !== rules.CPP_PLUGIN_PLAYERS.map(x => x[0]).join(','))
      fail(rules.IL2CPP_PLUGIN_DIR + '/' + f + '.meta: enabled for ' + (p.players.join(', ') || 'no player') + ', not ' +
           rules.CPP_PLUGIN_PLAYERS.map(x => x[0]).join(', '));
  }
  note(rules.IL2CPP_PLUGIN_DIR + ': ' + names.size + ' C++ files, flat, for ' + rules.CPP_PLUGIN_PLAYERS.map(x => x[0]).join(', ') + ' only');
}

// Third-party notices: every native library of ZTS (QuickJS compiled in) and every quickjs.h has QuickJS's MIT notice in
// its folder or a folder above it in the package, and Mono.Cecil.dll has its own; the folders the rules list have theirs.
function noticeFor(pkg, rel, name) {
  for (let dir = path.dirname(rel); ; dir = path.dirname(dir)) {
    const file = path.join(pkg, dir, rules.NOTICE);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(name)) return path.join(dir, rules.NOTICE);
    if (dir === '.' || dir === '') return null;
  }
}

function checkNotices(pkg) {
  const quickjs = /(^|\/)(lib)?zts(_mono_gate)?\.(so|dll|dylib|a)$|(^|\/)quickjs\.h$/;
  const files = [];
  const walk = rel => {
    for (const e of fs.readdirSync(path.join(pkg, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else files.push(r);
    }
  };
  walk('');
  let n = 0;
  for (const f of files) {
    const unix = f.split(path.sep).join('/');
    const name = quickjs.test(unix) ? 'QuickJS' : path.basename(f) === 'Mono.Cecil.dll' ? 'Mono.Cecil' : null;
    if (!name) continue;
    n++;
    if (!noticeFor(pkg, f, name)) fail(unix + ' ships ' + name + ' with no ' + rules.NOTICE + ' naming it in its folder or above');
  }
  for (const dir of rules.QUICKJS_NOTICE_DIRS) {
    const file = path.join(pkg, dir, rules.NOTICE);
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (!text) fail(dir + '/' + rules.NOTICE + ' is missing (QuickJS\'s MIT notice)');
    else if (!/QuickJS/.test(text) || !/Fabrice Bellard/.test(text) || !/Permission is hereby granted/.test(text))
      fail(dir + '/' + rules.NOTICE + ' does not carry QuickJS\'s license (its copyright and permission notice)');
  }
  note(n + ' third-party files with their notices; QuickJS\'s in ' + rules.QUICKJS_NOTICE_DIRS.join(', '));
}

function main() {
  const a = parseArgs();
  fs.mkdirSync(a.out, { recursive: true });
  const on = p => a.only.includes(p);
  if (on('manifest')) checkManifest(a.pkg);
  if (on('metas')) checkMetas(a.pkg);
  const all = on('asmdefs') || on('compile') ? checkAsmdefs(a.pkg) : [];
  if (on('plugins')) checkPlugins(a.pkg, a.cpuTargets, a.abi);
  if (on('compile')) compile(a.pkg, a.out, all);
  if (on('linkxml')) checkLinkXml(a.pkg, a.out);
  if (on('tool')) checkTool(a.pkg);
  if (on('plugins')) checkIl2CppPlugin(a.pkg);
  if (on('notices')) checkNotices(a.pkg);
  console.log('check_package: ' + (findings.length ? findings.length + ' finding(s)' : 'ok') + ' (' + a.only.join(', ') + ')');
  process.exit(findings.length ? 1 : 0);
}

main();
