#!/usr/bin/env node
// Writes the Unity package com.code-philosophy.zts (docs/UNITY_PACKAGE.md) and its UPM tarball.
// Usage: node tools/unity/build_package.js --root <repo> --lib-dir <dir with libzts.so, libzts_mono_gate.so, ZTS.Common.dll,
//                                          ZTS.Shared.dll> --quickjs <third_party/quickjs> --gen-bridges <ZTS.GenBridges.exe>
//                                          --cecil <Mono.Cecil.dll> --player-sdk <build/dist/player-sdk> --out <package folder>
//                                          --abi-dir <build/abi>
//                                          [--linux-arm64-dir <dir with libzts.so>] [--webgl-dir <dir with libzts.a>]
//                                          [--llvm-strip <llvm-strip>]  (the natives of other CPUs, cmake/ZtsCpuTargets.cmake)
// The assemblies come from unity/assemblies.txt, plus their generated scripts (<abi-dir>/<assembly>/*.cs: the
// P/Invokes made from zts.h's lists, cmake/ZtsAbi.cmake); everything else from unity/, native/gate/, the bridge
// generator and the Player SDK's headers.
// Rebuilding gives the same files and the same .meta GUIDs (derived from the package path).
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const pkg = require('./package_rules');

function args() {
  const a = {};
  for (let i = 2; i < process.argv.length; i += 2) a[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
  for (const k of ['root', 'lib-dir', 'win64-dir', 'quickjs', 'gen-bridges', 'cecil', 'player-sdk', 'out', 'abi-dir'])
    if (!a[k]) throw new Error('build_package: missing --' + k);
  return a;
}

// The assembly table: one row per assembly (comments and blank lines skipped).
function readTable(file) {
  const rows = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const [name, source, folder, refs, platforms, ...options] = line.trim().split(/\s+/);
    if (!platforms || !pkg.PLATFORMS[platforms]) throw new Error(file + ': bad row: ' + line);
    const row = { name, source, folder, references: refs === '-' ? [] : refs.split(','), platforms,
                  unsafe: false, engine: false, preserve: false, missing: null, moves: {} };
    for (const o of options) {
      let m;
      if (o === 'unsafe' || o === 'engine' || o === 'preserve') row[o] = true;
      else if (o === 'missing=empty') row.missing = 'empty';
      else if ((m = /^move:([^=]+)=(.+)$/.exec(o))) row.moves[m[1]] = m[2];
      else throw new Error(file + ': unknown option ' + o + ' for ' + name);
    }
    rows.push(row);
  }
  return rows;
}

function listCs(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((x, y) => x.name < y.name ? -1 : 1)) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listCs(p));
    else if (e.name.endsWith('.cs')) out.push(p);
  }
  return out;
}

function copy(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}

function write(to, text, mode) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.writeFileSync(to, text);
  if (mode) fs.chmodSync(to, mode);
}

// "0.1.0.0" in ZTS.Common's AssemblyInfo.cs -> "0.1.0": one version for the assemblies and the package.
function packageVersion(root) {
  const text = fs.readFileSync(path.join(root, 'managed/ZTS.Common/AssemblyInfo.cs'), 'utf8');
  const m = /AssemblyVersion\("(\d+)\.(\d+)\.(\d+)\.\d+"\)/.exec(text);
  if (!m) throw new Error('build_package: no AssemblyVersion in ZTS.Common/AssemblyInfo.cs');
  return m[1] + '.' + m[2] + '.' + m[3];
}

function asmdef(row, references) {
  const p = pkg.PLATFORMS[row.platforms];
  return JSON.stringify({
    name: row.name,
    rootNamespace: '',
    references,
    includePlatforms: p.include,
    excludePlatforms: p.exclude,
    allowUnsafeCode: row.unsafe,
    overrideReferences: false,
    precompiledReferences: [],
    autoReferenced: true,
    defineConstraints: [],
    versionDefines: [],
    noEngineReferences: !row.engine,
  }, null, 4) + '\n';
}

function listFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((x, y) => x.name < y.name ? -1 : 1)) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

// Editor/PlayerBuild~ (docs/UNITY_PACKAGE.md, "The Player build step"): the bridge generator with the assemblies it
// loads (Unity's bundled Mono has no Mono.Cecil in its GAC).
function writePlayerBuildTool(a, root, out) {
  const dir = path.join(out, pkg.PLAYER_BUILD_DIR);
  const from = {
    'ZTS.GenBridges.exe': a['gen-bridges'],
    'ZTS.Common.dll': path.join(a['lib-dir'], 'ZTS.Common.dll'),
    'ZTS.Shared.dll': path.join(a['lib-dir'], 'ZTS.Shared.dll'),
    'Mono.Cecil.dll': a.cecil,
    'THIRD-PARTY-NOTICES.txt': path.join(root, 'unity/player-build/THIRD-PARTY-NOTICES.txt'),
    // the script analyzer of the step's scripts check (--scripts; it loads typescript from the project's node_modules)
    'script-refs/script_refs.js': path.join(root, 'tools/script-refs/script_refs.js'),
  };
  for (const f of pkg.PLAYER_BUILD_FILES) copy(from[f], path.join(dir, f));
}

// Plugins/Il2Cpp: the Il2Cpp plugin as the build wrote it (flat, its includes naming files of the folder or libil2cpp's
// own headers), each file a C++ source plugin (package_rules.js cppPluginMeta).
function writeIl2CppPlugin(a, out) {
  const from = path.join(a['player-sdk'], 'il2cpp-plugin');
  const files = fs.readdirSync(from).filter(f => /\.(cpp|h)$/.test(f)).sort();
  if (!files.includes('player_bridge.h')) throw new Error('build_package: ' + from + ' has no player_bridge.h: build the Player SDK first');
  for (const f of files) copy(path.join(from, f), path.join(out, pkg.IL2CPP_PLUGIN_DIR, f));
}

// link.xml: generated from the table's `preserve` rows that have scripts, so it names only what exists.
function linkXml(preserved, skipped) {
  const lines = [
    '<!--',
    '  link.xml of com.code-philosophy.zts: what Il2Cpp managed code stripping must keep (README.md, "Stripping").',
    '  ZTS binds C# to JS by reflection at run time: TsBackend creates the Player backend by type name, and the',
    '  binder reads members, attributes and alias tables of the types scripts reach. Unity does not read link.xml',
    '  files inside packages by itself; ZTS.Editor\'s ZtsLinkerProcessor hands this file to UnityLinker',
    '  (IUnityLinkerProcessor.GenerateAdditionalLinkXmlFile). Your own assemblies that scripts reach through',
    '  CSharp.* or csharp: modules need the same in a link.xml of your Assets folder, for example',
    '    <assembly fullname="Assembly-CSharp" preserve="all"/>',
    '-->',
    '<linker>',
  ];
  for (const name of preserved) lines.push('  <assembly fullname="' + name + '" preserve="all"/>');
  for (const name of skipped) lines.push('  <!-- ' + name + ': preserved here once it has scripts -->');
  lines.push('</linker>');
  return lines.join('\n') + '\n';
}

function main() {
  const a = args();
  const root = path.resolve(a.root);
  const out = path.resolve(a.out);
  const table = readTable(path.join(root, 'unity/assemblies.txt'));
  const version = packageVersion(root);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });

  // An assembly whose source folder is missing is an asmdef without scripts (missing=empty) or an error.
  const present = new Set();
  for (const row of table) {
    if (fs.existsSync(path.join(root, row.source))) present.add(row.name);
    else if (row.missing === 'empty') console.log('build_package: note: ' + row.source + ' does not exist; ' + row.name + ' has its asmdef only');
    else throw new Error('build_package: ' + row.source + ' (' + row.name + ') does not exist');
  }
  const preserved = [];
  const notYet = [];
  for (const row of table) {
    const dir = path.join(out, row.folder);
    write(path.join(dir, row.name + '.asmdef'), asmdef(row, row.references));
    if (present.has(row.name)) {
      const src = path.join(root, row.source);
      for (const file of listCs(src)) {
        const rel = path.relative(src, file);
        const moved = row.moves[path.basename(file)];
        copy(file, path.join(dir, moved !== undefined ? path.join(moved, path.basename(file)) : rel));
      }
      const generated = path.join(path.resolve(a['abi-dir']), row.name);
      if (fs.existsSync(generated))
        for (const file of listCs(generated)) copy(file, path.join(dir, 'Generated', path.relative(generated, file)));
    }
    if (row.preserve) (present.has(row.name) ? preserved : notYet).push(row.name);
  }

  // Native libraries (linux-x64 and windows-x64 built here) and the gate's sources and build scripts (build/03 §5-§6).
  // The Linux ones shipped without their debug sections (the build keeps them in build/dist/lib); the Windows ones
  // come stripped from the cross build's release folder (cmake/ZtsWin64.cmake), and Debian's strip cannot read PE.
  for (const lib of pkg.NATIVE_LIBRARIES.filter(l => l.shipped)) {
    fs.mkdirSync(path.dirname(path.join(out, lib.path)), { recursive: true });
    const from = path.join(a[lib.from], path.basename(lib.path));
    if (lib.os === 'Windows') copy(from, path.join(out, lib.path));
    else execFileSync('strip', ['--strip-debug', '-o', path.join(out, lib.path), from]);
  }
  // The natives of the other CPUs' Players, where the build made them (cmake/ZtsCpuTargets.cmake). The ARM64 .so without
  // its debug sections, by llvm-strip (Debian's strip reads no aarch64 ELF). The WebGL archive is copied as built, its
  // objects compiled without DWARF (cmake/toolchains/wasm32-emscripten.cmake): llvm-strip 14 cannot strip wasm objects
  // afterwards, it writes invalid ones (their reloc..debug_* sections and the linking section's section symbols still
  // point into the removed sections).
  for (const lib of pkg.NATIVE_LIBRARIES.filter(l => l.cpuTarget && a[l.from])) {
    const from = path.join(a[lib.from], path.basename(lib.path));
    if (lib.format !== 'ELF aarch64') { copy(from, path.join(out, lib.path)); continue; }
    if (!a['llvm-strip']) throw new Error('build_package: --' + lib.from + ' needs --llvm-strip');
    fs.mkdirSync(path.dirname(path.join(out, lib.path)), { recursive: true });
    execFileSync(a['llvm-strip'], ['--strip-debug', '-o', path.join(out, lib.path), from]);
  }
  const native = path.join(out, pkg.GATE_SOURCE_DIR);
  copy(path.join(root, 'native/gate/zts_mono_gate.c'), path.join(native, 'zts_mono_gate.c'));
  copy(path.join(root, 'native/gate/zts_mono_gate.h'), path.join(native, 'zts_mono_gate.h'));
  for (const script of ['build_zts_mono_gate.ps1', 'build_zts_mono_gate_unix.sh'])
    write(path.join(native, script), fs.readFileSync(path.join(root, 'unity/mono-native', script)), 0o755);
  // The .meta each build script puts next to the gate it builds when there is none (Editor only).
  for (const lib of pkg.NATIVE_LIBRARIES.filter(l => l.gate))
    write(path.join(native, 'meta', path.basename(lib.path) + '.meta'), pkg.pluginMeta(pkg.guidFor(lib.path), lib));

  writePlayerBuildTool(a, root, out);
  writeIl2CppPlugin(a, out);
  // QuickJS's MIT notice next to the natives, the gate's headers and the Il2Cpp plugin sources (package_rules.js NOTICE).
  const notice = path.join(a['lib-dir'], pkg.NOTICE);
  if (!fs.existsSync(notice)) throw new Error('build_package: ' + notice + ' is missing (cmake/ZtsNotice.cmake writes it)');
  for (const dir of pkg.QUICKJS_NOTICE_DIRS) copy(notice, path.join(out, dir, pkg.NOTICE));

  // The samples (package_rules.js SAMPLES): hidden from Unity in the package, imported by the Package Manager.
  for (const sample of pkg.SAMPLES) {
    const from = path.join(root, 'unity', sample.path);
    if (!fs.existsSync(from)) throw new Error('build_package: ' + from + ' (sample ' + sample.displayName + ') does not exist');
    for (const file of listFiles(from)) copy(file, path.join(out, sample.path, path.relative(from, file)));
  }

  write(path.join(out, 'link.xml'), linkXml(preserved, notYet));
  for (const doc of ['README.md', 'CHANGELOG.md']) copy(path.join(root, 'unity', doc), path.join(out, doc));
  write(path.join(out, 'package.json'), JSON.stringify({
    name: pkg.NAME,
    version,
    displayName: 'ZTS: TypeScript on QuickJS',
    description: 'Runs ES modules written in TypeScript on QuickJS with two-way C# <-> JS calls: ' +
                 'TsAppDomain host API, Mono (Editor) backend with its native callback gate, ' +
                 'a TypeScript declaration generator for the project\'s assemblies, ' +
                 'and the Il2Cpp Player build step that generates the Player\'s bridges.',
    unity: pkg.UNITY_MINIMUM,
    keywords: ['typescript', 'javascript', 'quickjs', 'scripting'],
    author: { name: 'Code Philosophy' },
    samples: pkg.SAMPLES,
  }, null, 2) + '\n');

  const metas = pkg.writeMetas(out);
  console.log('build_package: ' + path.relative(process.cwd(), out) + ' (' + version + ', ' + table.length +
              ' asmdefs, ' + metas + ' .meta files)');

  // The UPM tarball beside the folder ("Add package from tarball"); npm pack needs no network for a folder.
  const dest = path.dirname(out);
  for (const f of fs.readdirSync(dest)) if (f.startsWith(pkg.NAME + '-') && f.endsWith('.tgz')) fs.rmSync(path.join(dest, f));
  execFileSync('npm', ['pack', '--offline', '--loglevel=error', '--pack-destination', dest, out],
               { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log('build_package: ' + path.join(path.relative(process.cwd(), dest), pkg.NAME + '-' + version + '.tgz'));
}

main();
