// What the Unity package's builder (build_package.js) and checker (check_package.js) share:
// the package name, Unity's rules for hidden folders, and the native libraries with their platforms.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const NAME = 'com.code-philosophy.zts';
const UNITY_MINIMUM = '2019.4';
const GATE_SOURCE_DIR = 'ZTS~/mono-native';
// The Player build step's tool (unity/Editor/ZtsPlayerBuildStep.cs over PlayerBuildLayout.cs): the bridge generator,
// what it loads, and the Player SDK headers the generated C++ compiles against, in a folder Unity does not import.
// The headers are flat (include/player_bridge.h includes "zts.h", not "zts/zts.h"): Unity copies every C++ plugin
// file of a build into one folder by file name before Il2Cpp compiles them.
const PLAYER_BUILD_DIR = 'Editor/PlayerBuild~';
const PLAYER_BUILD_FILES = ['ZTS.GenBridges.exe', 'ZTS.Common.dll', 'ZTS.Shared.dll', 'Mono.Cecil.dll', 'THIRD-PARTY-NOTICES.txt',
  'script-refs/script_refs.js'];
// The Il2Cpp plugin (docs/PLAYER.md, "The Il2Cpp plugin"): the Player runtime and the Il2Cpp adapter as flat C++ source
// (build/dist/player-sdk/il2cpp-plugin, cmake/ZtsIl2CppPlugin.cmake), compiled by Il2Cpp into the desktop Players; the
// bridges the Player build step generates compile against its headers (Unity puts every C++ plugin file of a build in
// one folder by its file name).
const IL2CPP_PLUGIN_DIR = 'Plugins/Il2Cpp';
// Third-party notices: every folder that ships QuickJS (compiled into the natives, or its quickjs.h in the headers and
// plugin sources) has QuickJS's MIT notice as NOTICE, the build's copy of third_party/quickjs/LICENSE
// (cmake/ZtsNotice.cmake writes build/dist/lib's, build_package.js copies it); Editor/PlayerBuild~'s names Mono.Cecil.
const NOTICE = 'THIRD-PARTY-NOTICES.txt';
const QUICKJS_NOTICE_DIRS = ['Plugins/quickjs', GATE_SOURCE_DIR, IL2CPP_PLUGIN_DIR];

// The samples the Package Manager lists and imports (package.json "samples"; docs/UNITY_PACKAGE.md, "Samples"):
// unity/Samples~/<folder> copied as Samples~/<folder>. Unity imports a sample into Assets/Samples/ZTS/<version>/<name>;
// its TypeScript~ folders stay hidden from Unity there (the user copies them into the project's TypeScript folder).
const SAMPLES_DIR = 'Samples~';
const SAMPLES = [
  { displayName: 'Quick Start', path: 'Samples~/QuickStart',
    description: 'A MonoBehaviour that starts the script world over StreamingAssets/ZTS, calls the start and tick exports ' +
                 'of a module, and reloads it when its files change in the Editor.' },
  { displayName: 'TypeScript Project', path: 'Samples~/TypeScriptProject',
    description: 'A TypeScript project to copy to <project>/TypeScript: strict tsconfig with source maps, noEmitOnError and ' +
                 'the declarations folder, npm build and watch scripts, and the quick start\'s script.' },
  { displayName: 'Events, Structs and Tasks', path: 'Samples~/EventsStructsTasks',
    description: 'A C# arena driven from TypeScript: a C# event, a struct crossing by value, await on a Task, an npm ' +
                 'package (gl-matrix), and a dispose export that undoes C# state before a reload. Needs the two above.' },
];

// asmdef platform columns of unity/assemblies.txt.
const PLATFORMS = {
  any: { include: [], exclude: [] },
  editor: { include: ['Editor'], exclude: [] },
  players: { include: [], exclude: ['Editor'] },
};

// The native libraries and where Unity may load them. The core serves the Editor and the Player of its system; the
// gate (build/03 §2.4, §5.4) is Editor only. `shipped`: built here and in the package, `from` the builder's option
// naming its folder: linux-x64 natively (build/dist/lib), windows-x64 by the mingw-w64 cross build (build/win64,
// cmake/ZtsWin64.cmake; its DllImport("zts") name is zts.dll). The macOS gate is what build_zts_mono_gate_unix.sh
// writes on a Mac, next to a .meta from ZTS~/mono-native/meta; no macOS core is built (no SDK here).
const NATIVE_LIBRARIES = [
  { path: 'Plugins/quickjs/linux-x64/libzts.so', shipped: true, from: 'lib-dir', os: 'Linux', cpu: 'x86_64', standalone: 'Linux64' },
  { path: 'Plugins/quickjs/libzts_mono_gate.so', shipped: true, from: 'lib-dir', gate: true, os: 'Linux', cpu: 'x86_64' },
  { path: 'Plugins/quickjs/win32-x64/zts.dll', shipped: true, from: 'win64-dir', os: 'Windows', cpu: 'x86_64', standalone: 'Win64' },
  { path: 'Plugins/quickjs/zts_mono_gate.dll', shipped: true, from: 'win64-dir', gate: true, os: 'Windows', cpu: 'x86_64' },
  { path: 'Plugins/quickjs/libzts_mono_gate.dylib', gate: true, os: 'OSX', cpu: 'AnyCPU' },
  // The natives of Players on other CPUs (docs/UNITY_PACKAGE.md, "Natives for each platform"), built when their cross
  // toolchains are here (cmake/ZtsCpuTargets.cmake; `cpuTarget` names the build, check_package.js --cpu-targets):
  // never the Editor's (it runs x86-64). The Linux ARM64 core beside the x86-64 one under the same name: Unity picks
  // the plugin by the Player's CPU (the PluginImporter CPU value ARM64, UnityCsReference's DesktopPluginCPUArchitecture).
  // The gate is not built for them: it is Editor-only, and no Editor runs on Linux ARM64 or WebGL.
  { path: 'Plugins/quickjs/linux-arm64/libzts.so', cpuTarget: 'linux-arm64', from: 'linux-arm64-dir', editor: false,
    os: 'Linux', cpu: 'ARM64', standalone: 'Linux64', format: 'ELF aarch64' },
  // WebGL links its natives into the Player's wasm module: a static archive of wasm objects, QuickJS inside, called
  // through DllImport("__Internal") (ZtsNative.Lib under UNITY_WEBGL).
  { path: 'Plugins/quickjs/webgl/libzts.a', cpuTarget: 'wasm32', from: 'webgl-dir', editor: false, webgl: true,
    format: 'wasm archive' },
];
const STANDALONE = ['Linux64', 'OSXUniversal', 'Win', 'Win64'];
// The players a C++ source plugin is enabled for, with their CPU: the same list as unity/Editor/PlayerBuildLayout.cs's
// Standalone, which writes the generated bridges' .meta (check_package.js compares the two).
const CPP_PLUGIN_PLAYERS = [['Linux64', 'x86_64'], ['OSXUniversal', 'AnyCPU'], ['Win', 'x86'], ['Win64', 'x86_64']];

// Unity skips names ending in "~" or starting with "." (no import, no .meta).
function isHidden(name) {
  return name.startsWith('.') || name.endsWith('~');
}

// A GUID derived from the package-relative path: rebuilding gives the same GUIDs.
function guidFor(rel) {
  return crypto.createHash('md5').update(NAME + '/' + rel.split(path.sep).join('/')).digest('hex');
}

const TAIL = '  userData: \n  assetBundleName: \n  assetBundleVariant: \n';

function pluginMeta(guid, lib) {
  const entry = (first, enabled, settings) => {
    let s = '  - first:\n      ' + first + '\n    second:\n      enabled: ' + (enabled ? 1 : 0) + '\n      settings:';
    const keys = Object.keys(settings);
    if (keys.length === 0) return s + ' {}\n';
    return s + '\n' + keys.map(k => '        ' + k + ': ' + settings[k] + '\n').join('');
  };
  const editor = lib.editor !== false;
  const exclude = { 'Exclude Editor': editor ? 0 : 1 };
  for (const p of STANDALONE) exclude['Exclude ' + p] = p === lib.standalone ? 0 : 1;
  if (lib.webgl) exclude['Exclude WebGL'] = 0;
  let s = 'fileFormatVersion: 2\nguid: ' + guid + '\nPluginImporter:\n  externalObjects: {}\n  serializedVersion: 2\n' +
          '  iconMap: {}\n  executionOrder: {}\n  defineConstraints: []\n  isPreloaded: 0\n  isOverridable: 0\n' +
          '  isExplicitlyReferenced: 0\n  validateReferences: 1\n  platformData:\n';
  s += entry(': Any', false, exclude);
  s += entry('Any: ', false, {});
  s += editor ? entry('Editor: Editor', true, { CPU: lib.cpu, DefaultValueInitialized: 'true', OS: lib.os })
              : entry('Editor: Editor', false, { CPU: 'AnyCPU', DefaultValueInitialized: 'true', OS: 'AnyOS' });
  for (const p of STANDALONE)
    s += entry('Standalone: ' + p, p === lib.standalone, { CPU: p === lib.standalone ? lib.cpu : 'None' });
  if (lib.webgl) s += entry('WebGL: WebGL', true, {});
  return s + TAIL;
}

// A C++ source plugin: off for Any and the Editor (the Editor cannot compile it), on for the players that can run the
// core. Il2Cpp compiles C++ plugin sources only; a Mono Player does not. Same text as PlayerBuildLayout's.
function cppPluginMeta(guid) {
  let s = 'fileFormatVersion: 2\nguid: ' + guid + '\nPluginImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  iconMap: {}\n' +
          '  executionOrder: {}\n  defineConstraints: []\n  isPreloaded: 0\n  isOverridable: 0\n  isExplicitlyReferenced: 0\n' +
          '  validateReferences: 1\n  platformData:\n';
  s += '  - first:\n      : Any\n    second:\n      enabled: 0\n      settings:\n        Exclude Editor: 1\n';
  for (const [p] of CPP_PLUGIN_PLAYERS) s += '        Exclude ' + p + ': 0\n';
  s += '  - first:\n      Any: \n    second:\n      enabled: 0\n      settings: {}\n';
  s += '  - first:\n      Editor: Editor\n    second:\n      enabled: 0\n      settings:\n        DefaultValueInitialized: true\n';
  for (const [p, cpu] of CPP_PLUGIN_PLAYERS)
    s += '  - first:\n      Standalone: ' + p + '\n    second:\n      enabled: 1\n      settings:\n        CPU: ' + cpu + '\n';
  return s + TAIL;
}

function importerMeta(guid, importer, extra) {
  return 'fileFormatVersion: 2\nguid: ' + guid + '\n' + (extra || '') + importer + ':\n  externalObjects: {}\n' + TAIL;
}

function metaFor(rel, isDir) {
  const guid = guidFor(rel);
  const unix = rel.split(path.sep).join('/');
  if (isDir) return importerMeta(guid, 'DefaultImporter', 'folderAsset: yes\n');
  const lib = NATIVE_LIBRARIES.find(l => l.path === unix);
  if (lib) return pluginMeta(guid, lib);
  if (unix.startsWith(IL2CPP_PLUGIN_DIR + '/') && /\.(cpp|h)$/.test(unix)) return cppPluginMeta(guid);
  if (/\.(so|dylib|dll|a)$/.test(unix)) throw new Error('package_rules: no platform settings for ' + unix);
  if (unix.endsWith('.cs'))
    return 'fileFormatVersion: 2\nguid: ' + guid + '\nMonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n' +
           '  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n' + TAIL;
  if (unix.endsWith('.asmdef')) return importerMeta(guid, 'AssemblyDefinitionImporter');
  if (unix === 'package.json') return importerMeta(guid, 'PackageManifestImporter');
  if (/\.(md|txt|xml|json)$/.test(unix)) return importerMeta(guid, 'TextScriptImporter');
  return importerMeta(guid, 'DefaultImporter');
}

// libil2cpp's own headers, which native/clr_adapter/il2cpp/zts_il2cpp_api.h includes inside a Unity build: Il2Cpp compiles plugin
// C++ with libil2cpp's include path, so they are not headers of the package and keep their names and paths.
const LIBIL2CPP_HEADERS = new Set(['il2cpp-config.h', 'il2cpp-api.h', 'il2cpp-class-internals.h', 'il2cpp-object-internals.h',
  'gc/GarbageCollector.h']);

// The quoted includes of a C or C++ file, in order: [{ line (1-based), target }].
function quoteIncludes(text) {
  const out = [];
  text.split('\n').forEach((l, i) => {
    const m = /^\s*#\s*include\s*"([^"]+)"/.exec(l);
    if (m) out.push({ line: i + 1, target: m[1] });
  });
  return out;
}

// A .meta next to every file and folder Unity imports; returns how many were written.
function writeMetas(root, rel) {
  let n = 0;
  const dir = path.join(root, rel || '');
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (isHidden(e.name) || e.name.endsWith('.meta')) continue;
    const r = path.join(rel || '', e.name);
    fs.writeFileSync(path.join(root, r + '.meta'), metaFor(r, e.isDirectory()));
    n++;
    if (e.isDirectory()) n += writeMetas(root, r);
  }
  return n;
}

module.exports = { NAME, SAMPLES, SAMPLES_DIR, UNITY_MINIMUM, GATE_SOURCE_DIR, NOTICE, QUICKJS_NOTICE_DIRS, PLAYER_BUILD_DIR, PLAYER_BUILD_FILES, IL2CPP_PLUGIN_DIR, CPP_PLUGIN_PLAYERS, PLATFORMS, NATIVE_LIBRARIES, LIBIL2CPP_HEADERS, STANDALONE, isHidden, guidFor, pluginMeta, quoteIncludes, writeMetas };
