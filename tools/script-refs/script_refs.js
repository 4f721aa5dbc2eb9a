#!/usr/bin/env node
'use strict';
// script-refs: lists every C# member that a TypeScript project's scripts reach, with its .ts position, from tsc's
// type checker. The Player build step (`ztsrun build-player --scripts DIR`) reads the list and fails the build for
// each member that no Player bridge covers. The output format is a contract with that C# check: docs/SCRIPT_REFS.md.
//
// What counts as C#: a declaration of the files `ztsrun gen-dts` writes (docs/DECLARATIONS.md), that is anything in a
// `declare module "csharp:NS"` block, zts.d.ts's `CSharp` namespace tree, and its `zts.Array<T>` (the runtime's
// array view). Names are mapped back to C# by reversing managed/ZTS.Declarations (TsNames.cs, TypeWriter.cs,
// ModuleWriter.cs): `List$1` is List`1, `T$Type` holds T's statics and constructors, `export namespace Outer` holds
// Outer's nested types, a reserved word gets a '$' suffix (`function$`).
//
// Plain CommonJS, Node 20, no dependency but the `typescript` package (loaded from --typescript or resolved).

const fs = require('fs');
const path = require('path');

const EXIT_OK = 0;
const EXIT_TS_ERRORS = 1;
const EXIT_SETUP = 2;
const EXIT_USAGE = 64;
const FORMAT_VERSION = 1;

const USAGE = [
  'usage: node tools/script-refs/script_refs.js --project <DIR | tsconfig.json> [--typescript <dir>] --out <refs.json>',
  '',
  'Lists every C# member the project\'s scripts reach (docs/SCRIPT_REFS.md).',
  '  --project P     a TS project folder (its tsconfig.json), a tsconfig path, or a folder of compiled',
  '                  scripts (.js with .js.map): the maps\' sources lead to the .ts files and their tsconfig.json',
  '  --typescript D  the typescript package folder to load; default: resolved from the project folder upward,',
  '                  then from this tool\'s folder upward',
  '  --out F         the JSON file to write: { "version": 1, "refs": [...], "unresolved": [...] }',
  '  --help          this text',
  'Exit codes: 0 written; 1 the project has TypeScript errors (nothing written); 2 setup error;',
  '64 bad arguments.',
].join('\n');

class Failure extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function usageError(message) {
  return new Failure(EXIT_USAGE, 'script-refs: ' + message + ' (see --help)');
}

function setupError(message) {
  return new Failure(EXIT_SETUP, 'script-refs: ' + message);
}

// ---------------------------------------------------------------------------------------------------------------
// Arguments

function parseArgs(argv) {
  const args = { project: null, typescript: null, out: null, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const inline = a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : null;
    const value = () => {
      if (inline !== null) return inline;
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw usageError(name + ' needs a value');
      return argv[++i];
    };
    switch (name) {
      case '--help':
      case '-h':
        args.help = true;
        break;
      case '--project':
      case '-p':
        if (args.project !== null) throw usageError('--project given twice');
        args.project = value();
        break;
      case '--typescript':
        if (args.typescript !== null) throw usageError('--typescript given twice');
        args.typescript = value();
        break;
      case '--out':
        if (args.out !== null) throw usageError('--out given twice');
        args.out = value();
        break;
      default:
        throw usageError(a.startsWith('-') ? 'unknown option ' + a : 'unexpected argument ' + a);
    }
  }
  if (args.help) return args;
  if (args.project === null) throw usageError('missing --project');
  if (args.out === null) throw usageError('missing --out');
  if (args.project === '' || args.out === '') throw usageError('empty path');
  return args;
}

// ---------------------------------------------------------------------------------------------------------------
// Loading typescript

function loadTypeScript(explicit, projectDir) {
  if (explicit !== null) {
    const dir = path.resolve(explicit);
    let ts;
    try {
      ts = require(dir);
    } catch (e) {
      throw setupError('cannot load typescript from ' + dir + ' (' + firstLine(e.message) +
                       '): pass --typescript <the typescript package folder, e.g. node_modules/typescript>');
    }
    return checkTypeScript(ts, dir);
  }
  // The project's own compiler first (the one its build pins), then the one next to this tool (the repository's
  // node_modules, package-lock.json).
  for (const from of [projectDir, __dirname]) {
    let resolved = null;
    try {
      resolved = require.resolve('typescript', { paths: [from] });
    } catch (e) {
      continue;
    }
    return checkTypeScript(require(resolved), path.dirname(resolved));
  }
  throw setupError('cannot find the typescript package from ' + projectDir + ' or ' + __dirname +
                   ': run `npm ci` in the repository, or pass --typescript <path to node_modules/typescript>');
}

function checkTypeScript(ts, where) {
  if (!ts || typeof ts.createProgram !== 'function' || typeof ts.getParsedCommandLineOfConfigFile !== 'function')
    throw setupError(where + ' is not the typescript compiler package: pass --typescript <path to node_modules/typescript>');
  return ts;
}

function firstLine(s) {
  return String(s).split('\n')[0];
}

// ---------------------------------------------------------------------------------------------------------------
// Finding the project: a tsconfig, a folder with one, or a folder of compiled scripts with source maps.

function findProject(ts, projectArg) {
  const p = path.resolve(projectArg);
  let stat;
  try {
    stat = fs.statSync(p);
  } catch (e) {
    throw setupError('--project ' + projectArg + ' does not exist');
  }
  if (stat.isFile()) {
    if (!p.endsWith('.json')) throw setupError('--project ' + projectArg + ' is neither a folder nor a tsconfig .json file');
    return { configPath: p, onlyFiles: null };
  }
  const config = path.join(p, 'tsconfig.json');
  if (fs.existsSync(config)) return { configPath: config, onlyFiles: null };
  return projectOfCompiledScripts(ts, p, projectArg);
}

function projectOfCompiledScripts(ts, dir, projectArg) {
  const scripts = listFiles(dir).filter(f => /\.(m|c)?js$/.test(f));
  if (scripts.length === 0)
    throw setupError(projectArg + ' has no tsconfig.json and no compiled scripts (.js with .js.map)');
  const sources = new Set();
  for (const js of scripts) {
    for (const src of mapSources(js)) {
      if (!fs.existsSync(src)) throw setupError('the source map of ' + js + ' names ' + src + ', which does not exist');
      // TS sources, and JS ones of an allowJs project; a declaration file is no script.
      if (/\.(m|c)?[tj]sx?$/.test(src) && !/\.d\.(m|c)?ts$/.test(src)) sources.add(path.normalize(src));
    }
  }
  if (sources.size === 0) throw setupError('the source maps under ' + projectArg + ' name no TypeScript source');
  // The tsconfig.json files above the sources, nearest first; the first one whose program includes every source wins.
  const candidates = [];
  for (const src of sources) {
    for (let d = path.dirname(src); ; d = path.dirname(d)) {
      const c = path.join(d, 'tsconfig.json');
      if (fs.existsSync(c) && !candidates.includes(c)) candidates.push(c);
      if (path.dirname(d) === d) break;
    }
  }
  for (const c of candidates) {
    const parsed = parseConfig(ts, c);
    if (!parsed) continue;
    const names = new Set(parsed.fileNames.map(f => path.normalize(path.resolve(f))));
    if ([...sources].every(s => names.has(s))) return { configPath: c, onlyFiles: sources };
  }
  const first = [...sources][0];
  throw setupError('no tsconfig.json includes the sources of ' + projectArg + ' (' + first +
                   (sources.size > 1 ? ' and ' + (sources.size - 1) + ' more' : '') + '; looked at ' +
                   (candidates.length ? candidates.join(', ') : 'none found above them') + ')');
}

function listFiles(dir) {
  const out = [];
  const walk = d => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.isFile()) out.push(f);
    }
  };
  walk(dir);
  return out;
}

// The sources of a compiled script: its sourceMappingURL (a file or a data: URL), else the sibling .js.map.
function mapSources(js) {
  const text = fs.readFileSync(js, 'utf8');
  const m = /\/\/[#@] sourceMappingURL=(\S+)\s*$/.exec(text);
  let mapText = null;
  let mapFile = js + '.map';
  if (m && m[1].startsWith('data:')) {
    const comma = m[1].indexOf(',');
    const payload = m[1].slice(comma + 1);
    mapText = /;base64$/.test(m[1].slice(0, comma)) ? Buffer.from(payload, 'base64').toString('utf8') : decodeURIComponent(payload);
    mapFile = js;
  } else {
    if (m) mapFile = path.resolve(path.dirname(js), decodeURIComponent(m[1]));
    if (!fs.existsSync(mapFile))
      throw setupError(js + ' has no source map (' + mapFile + '): compile with "sourceMap": true, or pass the TS project');
    mapText = fs.readFileSync(mapFile, 'utf8');
  }
  let map;
  try {
    map = JSON.parse(mapText);
  } catch (e) {
    throw setupError('the source map of ' + js + ' is not JSON (' + firstLine(e.message) + ')');
  }
  if (!map || !Array.isArray(map.sources)) throw setupError('the source map of ' + js + ' has no "sources"');
  const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
  return map.sources.map(s => {
    const joined = root && !path.isAbsolute(s) && !s.startsWith('file:') ? root.replace(/\/?$/, '/') + s : s;
    if (joined.startsWith('file:')) return require('url').fileURLToPath(joined);
    return path.resolve(path.dirname(mapFile), joined);
  });
}

function parseConfig(ts, configPath, diagnostics) {
  const host = Object.assign({}, ts.sys, {
    onUnRecoverableConfigFileDiagnostic: d => { if (diagnostics) diagnostics.push(d); },
  });
  return ts.getParsedCommandLineOfConfigFile(configPath, {}, host) || null;
}

// ---------------------------------------------------------------------------------------------------------------
// The analysis

function analyzeProject(ts, configPath, onlyFiles) {
  const configDiagnostics = [];
  const parsed = parseConfig(ts, configPath, configDiagnostics);
  if (!parsed) return { diagnostics: configDiagnostics };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const errors = ts.getPreEmitDiagnostics(program).filter(d => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) return { diagnostics: errors };
  const projectDir = path.dirname(configPath);
  const files = program.getSourceFiles().filter(sf =>
    !sf.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sf) && !program.isSourceFileDefaultLibrary(sf) &&
    (onlyFiles === null || onlyFiles.has(path.normalize(path.resolve(sf.fileName)))));
  const analyzer = new Analyzer(ts, program.getTypeChecker(), projectDir);
  analyzer.prepare(files);
  for (const sf of files) analyzer.file(sf);
  return { diagnostics: [], result: analyzer.result() };
}

// Where a declaration lives in the gen-dts surface (cached per node):
//   { area: 'module', ns, path: [local names of the enclosing types and the owner], side, owner }  a C# type's part
//   { area: 'moduleObject', ns }                                             a `declare module "csharp:NS"` itself
//   { area: 'zts', name }                                                    zts.d.ts's `namespace zts` (zts.Array ...)
//   { area: 'tree' }                                                         the `CSharp` namespace tree
//   null                                                                     not generated by gen-dts
// side: 'instance' (interface T), 'type' (interface T$Type, the type object's statics and constructors, or the
// const T), 'definition' (interface T$Definition of a generic definition, or its const).
class Surface {
  constructor(ts) {
    this.ts = ts;
    this.cache = new Map();
  }

  of(decl) {
    if (!decl) return null;
    if (!this.cache.has(decl)) this.cache.set(decl, this.compute(decl));
    return this.cache.get(decl);
  }

  compute(decl) {
    const ts = this.ts;
    // The owner: the interface a member is declared in, the const of a type object, or the declaration itself.
    let owner = decl;
    if (ts.isPropertySignature(decl) || ts.isMethodSignature(decl) || ts.isGetAccessorDeclaration(decl) ||
        ts.isSetAccessorDeclaration(decl) || ts.isCallSignatureDeclaration(decl) || ts.isConstructSignatureDeclaration(decl) ||
        ts.isIndexSignatureDeclaration(decl)) owner = decl.parent;
    if (ts.isTypeLiteralNode(owner) || ts.isTypeLiteralNode(decl)) return this.inTree(decl) ? { area: 'tree' } : null;
    // Enclosing namespaces and modules, innermost first, up to a `global` block.
    const chain = [];
    let global = false;
    for (let n = owner.parent; n; n = n.parent) {
      if (!ts.isModuleDeclaration(n)) continue;
      if (ts.isIdentifier(n.name) && n.name.text === 'global' && (n.flags & ts.NodeFlags.GlobalAugmentation)) {
        global = true;
        break;
      }
      chain.push(n);
    }
    const sf = owner.getSourceFile();
    const outer = chain[chain.length - 1];
    if (!global && outer && ts.isStringLiteral(outer.name)) {
      if (!outer.name.text.startsWith('csharp:')) return null;
      if (ts.isModuleDeclaration(owner)) return null; // `export namespace Outer`: holds nested types' declarations only
      const names = chain.slice(0, -1).reverse().map(m => m.name.text);
      const ownName = this.ownerName(owner);
      if (ownName === null) return null;
      let side = 'instance';
      let last = ownName;
      if (ts.isVariableDeclaration(owner)) side = 'type';
      else if (last.endsWith('$Type')) { side = 'type'; last = last.slice(0, -'$Type'.length); }
      else if (last.endsWith('$Definition')) { side = 'definition'; last = last.slice(0, -'$Definition'.length); }
      return { area: 'module', ns: outer.name.text.slice('csharp:'.length), path: names.concat([last]), side, owner };
    }
    if (ts.isModuleDeclaration(decl) && ts.isStringLiteral(decl.name) && decl.name.text.startsWith('csharp:'))
      return { area: 'moduleObject', ns: decl.name.text.slice('csharp:'.length) };
    if (!global && ts.isExternalModule(sf)) return null; // a module's own namespace, not a global one
    const names = chain.slice().reverse().map(m => m.name.text);
    if (names.length === 1 && names[0] === 'zts' && ts.isInterfaceDeclaration(owner)) return { area: 'zts', name: owner.name.text };
    return null;
  }

  ownerName(owner) {
    const ts = this.ts;
    if ((ts.isInterfaceDeclaration(owner) || ts.isTypeAliasDeclaration(owner)) && owner.name) return owner.name.text;
    if (ts.isVariableDeclaration(owner) && ts.isIdentifier(owner.name)) return owner.name.text;
    return null;
  }

  // Whether a type literal (or a member of one) is part of the global `const CSharp` of a declaration file.
  inTree(node) {
    const ts = this.ts;
    for (let n = node; n; n = n.parent) {
      if (ts.isVariableDeclaration(n)) {
        if (!ts.isIdentifier(n.name) || n.name.text !== 'CSharp' || !n.getSourceFile().isDeclarationFile) return false;
        let global = false;
        for (let m = n.parent; m; m = m.parent) {
          if (ts.isModuleDeclaration(m)) {
            if (ts.isIdentifier(m.name) && m.name.text === 'global' && (m.flags & ts.NodeFlags.GlobalAugmentation)) global = true;
            else return false;
          }
        }
        return global || !ts.isExternalModule(n.getSourceFile());
      }
    }
    return false;
  }
}

// A declared local name back to the C# name: strip the '$' a reserved word gets (TsNames.Local), then the arity
// marker '$N' is C#'s '`N' (TsMemberRules.JsName). C# identifiers never contain '$'.
function csharpSegment(local) {
  let name = local;
  if (name.endsWith('$')) name = name.slice(0, -1);
  return name.replace(/\$(\d+)$/, '`$1');
}

function csharpTypeName(pathNames) {
  return pathNames.map(csharpSegment).join('+');
}

// zts.d.ts interfaces whose values are C# objects (or their type objects): members looked up on them at run time
// reach C#. (zts.Ref, zts.Helpers and the rest are plain JS.)
const ZTS_CSHARP_INTERFACES = new Set(['Object', 'Opaque', 'Delegate', 'TypeObject', 'DelegateType', 'GenericDefinition', 'Array']);

// Assignment operators that read the old value first.
function compoundAssignment(ts, kind) {
  return kind >= ts.SyntaxKind.FirstCompoundAssignment && kind <= ts.SyntaxKind.LastCompoundAssignment;
}

class Analyzer {
  constructor(ts, checker, projectDir) {
    this.ts = ts;
    this.checker = checker;
    this.projectDir = projectDir;
    this.surface = new Surface(ts);
    this.refs = [];
    this.unresolved = [];
    this.seen = new Set();
    this.flagged = new Set(); // nodes reported unresolved: what is derived from them is not reported again
    this.assignments = new Map(); // symbol -> expressions assigned to it (prepare)
    this.callsOf = new Map(); // script function declaration -> its calls (prepare)
    this.sf = null;
    this.fileName = null;
  }

  file(sf) {
    this.sf = sf;
    this.fileName = path.relative(this.projectDir, sf.fileName).split(path.sep).join('/');
    this.visit(sf);
  }

  result() {
    const order = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col || a.seq - b.seq);
    const strip = r => { const o = Object.assign({}, r); delete o.seq; return o; };
    return {
      version: FORMAT_VERSION,
      refs: this.refs.sort(order).map(strip),
      unresolved: this.unresolved.sort(order).map(strip),
    };
  }

  // --- walking --------------------------------------------------------------------------------------------------

  visit(node) {
    const ts = this.ts;
    // Type-only and module-linking syntax reaches nothing at run time.
    if (ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node) || ts.isExportDeclaration(node) ||
        ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isHeritageClause(node)) {
      // `class C extends Base` evaluates Base; `implements` is a type.
      if (node.token === ts.SyntaxKind.ExtendsKeyword && ts.isClassLike(node.parent))
        for (const t of node.types) this.visit(t.expression);
      return;
    }
    if (ts.isTypeNode(node)) return;
    ts.forEachChild(node, child => this.visit(child)); // receivers first: what is derived from them is known then
    if (ts.isIdentifier(node)) this.identifier(node);
    else if (ts.isPropertyAccessExpression(node)) this.propertyAccess(node);
    else if (ts.isElementAccessExpression(node)) this.elementAccess(node);
    else if (ts.isCallExpression(node)) this.call(node);
    else if (ts.isNewExpression(node)) this.construct(node);
    else if (ts.isForOfStatement(node)) this.iterated(node.expression, this.typeOf(node.expression));
    else if (ts.isSpreadElement(node)) this.iterated(node.expression, this.typeOf(node.expression));
    else if (ts.isYieldExpression(node) && node.asteriskToken && node.expression) this.iterated(node.expression, this.typeOf(node.expression));
    else if (ts.isForInStatement(node)) this.enumerated(node.expression, node, 'for...in over a C# object: its keys are listed at run time');
    else if (ts.isSpreadAssignment(node) && !this.isAssignmentTargetLiteral(node.parent))
      this.enumerated(node.expression, node, 'object spread of a C# object: its properties are read at run time');
    else if (ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)) this.bindingPattern(node);
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
             (ts.isObjectLiteralExpression(node.left) || ts.isArrayLiteralExpression(node.left)))
      this.destructuringAssignment(node.left, this.typeOf(node.right), node.right);
  }

  // --- helpers --------------------------------------------------------------------------------------------------

  typeOf(node) {
    return this.checker.getTypeAtLocation(node);
  }

  position(node) {
    const lc = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf));
    return { line: lc.line + 1, col: lc.character + 1 };
  }

  resolve(symbol) {
    if (symbol && (symbol.flags & this.ts.SymbolFlags.Alias)) {
      try {
        return this.checker.getAliasedSymbol(symbol);
      } catch (e) {
        return symbol;
      }
    }
    return symbol;
  }

  // The surface entries of a symbol's declarations, one per declaring C# type part (a union property has several).
  declsOf(symbol) {
    symbol = this.resolve(symbol);
    if (!symbol || !symbol.declarations) return [];
    const out = [];
    for (const d of symbol.declarations) {
      const s = this.surface.of(d);
      if (s) out.push({ decl: d, where: s });
    }
    return out;
  }

  skipOuter(node) {
    // The node whose parent says how a value is used: parentheses and `!` do not change it.
    let n = node;
    while (n.parent && (this.ts.isParenthesizedExpression(n.parent) || this.ts.isNonNullExpression(n.parent))) n = n.parent;
    return n;
  }

  stripInner(node) {
    let n = node;
    while (this.ts.isParenthesizedExpression(n) || this.ts.isNonNullExpression(n)) n = n.expression;
    return n;
  }

  stripCasts(node) {
    const ts = this.ts;
    let n = node;
    while (ts.isParenthesizedExpression(n) || ts.isNonNullExpression(n) || ts.isAsExpression(n) ||
           ts.isTypeAssertionExpression(n) || (ts.isSatisfiesExpression && ts.isSatisfiesExpression(n))) n = n.expression;
    return n;
  }

  // Whether the value of node is the object of a member access or the target of `new` (those report it).
  isReceiver(node) {
    const ts = this.ts;
    const n = this.skipOuter(node);
    const p = n.parent;
    return (ts.isPropertyAccessExpression(p) && p.expression === n) || (ts.isElementAccessExpression(p) && p.expression === n) ||
           (ts.isNewExpression(p) && p.expression === n);
  }

  isCallee(node) {
    const ts = this.ts;
    let n = node;
    while (ts.isParenthesizedExpression(n.parent)) n = n.parent;
    return (ts.isCallExpression(n.parent) || ts.isTaggedTemplateExpression(n.parent)) &&
           (n.parent.expression === n || n.parent.tag === n);
  }

  // How a member access is used: ['get'], ['set'] or ['get', 'set'].
  accessKinds(node) {
    const ts = this.ts;
    let n = node;
    while (ts.isParenthesizedExpression(n.parent)) n = n.parent;
    const p = n.parent;
    if (ts.isBinaryExpression(p) && p.left === n) {
      if (p.operatorToken.kind === ts.SyntaxKind.EqualsToken) return ['set'];
      if (compoundAssignment(ts, p.operatorToken.kind)) return ['get', 'set'];
    }
    if ((ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p)) &&
        (p.operator === ts.SyntaxKind.PlusPlusToken || p.operator === ts.SyntaxKind.MinusMinusToken)) return ['get', 'set'];
    if ((ts.isForOfStatement(p) || ts.isForInStatement(p)) && p.initializer === n) return ['set'];
    if (ts.isDeleteExpression(p)) return ['set'];
    if (this.isDestructuringTarget(n)) return ['set'];
    return ['get'];
  }

  // Whether node is written by a destructuring assignment: `[o.X, o.Y] = ...`, `({ a: o.X } = ...)`. (A default,
  // `[o.X = 1] = ...`, makes node the left side of an `=`, which accessKinds sees first.)
  isDestructuringTarget(node) {
    const ts = this.ts;
    let n = node;
    for (;;) {
      const p = n.parent;
      if (ts.isSpreadElement(p)) { n = p; continue; }
      if (ts.isArrayLiteralExpression(p)) return this.isAssignmentTargetLiteral(p);
      if (ts.isPropertyAssignment(p) && p.initializer === n) return this.isAssignmentTargetLiteral(p.parent);
      if (ts.isSpreadAssignment(p)) return this.isAssignmentTargetLiteral(p.parent);
      return false;
    }
  }

  // Whether an object/array literal is the target of an assignment (a destructuring pattern), at any depth.
  isAssignmentTargetLiteral(literal) {
    const ts = this.ts;
    let n = literal;
    for (;;) {
      const p = n.parent;
      if (ts.isParenthesizedExpression(p) || ts.isSpreadElement(p) || ts.isArrayLiteralExpression(p)) { n = p; continue; }
      if (ts.isBinaryExpression(p) && p.left === n && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) return true;
      if ((ts.isForOfStatement(p) || ts.isForInStatement(p)) && p.initializer === n) return true;
      if ((ts.isPropertyAssignment(p) && p.initializer === n) || ts.isSpreadAssignment(p)) { n = p.parent; continue; }
      return false;
    }
  }

  // --- type and value facts -------------------------------------------------------------------------------------

  // Whether a type is (or contains) a C# object, type object, namespace object or the CSharp tree.
  isCSharpType(type, depth) {
    const ts = this.ts;
    if (!type || (depth || 0) > 8) return false;
    if (type.flags & ts.TypeFlags.TypeParameter) return this.isCSharpType(this.checker.getBaseConstraintOfType(type), (depth || 0) + 1);
    if (type.isUnionOrIntersection()) return type.types.some(t => this.isCSharpType(t, (depth || 0) + 1));
    for (const symbol of [type.aliasSymbol, type.symbol]) {
      if (!symbol || !symbol.declarations) continue;
      for (const d of symbol.declarations) {
        const s = this.surface.of(d);
        if (!s) continue;
        if (s.area === 'module' && this.ts.isInterfaceDeclaration(d)) return true;
        if (s.area === 'moduleObject' || s.area === 'tree') return true;
        if (s.area === 'zts' && ZTS_CSHARP_INTERFACES.has(s.name)) return true;
      }
    }
    return false;
  }

  isAny(type) {
    return !!type && (type.flags & this.ts.TypeFlags.Any) !== 0;
  }

  // Whether an expression's value comes from C#, as far as the program's source shows it: a C#-typed expression, a zts
  // helper's result, a variable or property whose initializer or some assignment (anywhere in the analyzed files)
  // does, a function result returned by such an expression, a parameter of a callback passed to C# or of a function
  // some call passes such an argument, a member of an `any` value that does. Only asked for `any` values.
  fromCSharp(node, depth) {
    const ts = this.ts;
    depth = depth || 0;
    if (depth > 16) return false;
    const n = this.stripCasts(node);
    if (this.isCSharpType(this.typeOf(n))) return true;
    const deeper = e => e !== undefined && e !== null && this.fromCSharp(e, depth + 1);
    if (ts.isCallExpression(n) && this.ztsHelper(n.expression)) return true;
    if (ts.isIdentifier(n)) {
      const symbol = this.checker.getSymbolAtLocation(n);
      const d = symbol && symbol.valueDeclaration;
      if (d && ts.isParameter(d)) return this.parameterFromCSharp(d, depth + 1);
      return this.valuesOf(symbol).some(deeper);
    }
    if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) {
      const symbol = ts.isPropertyAccessExpression(n) ? this.checker.getSymbolAtLocation(n.name) : this.propertyByKey(n);
      if (symbol && this.valuesOf(symbol).some(deeper)) return true; // a script property assigned a C# value
      return this.isAny(this.typeOf(n.expression)) && deeper(n.expression); // a member of an `any` C# value
    }
    if (ts.isCallExpression(n)) {
      if (this.isAny(this.typeOf(n.expression))) return deeper(n.expression);
      const sig = this.checker.getResolvedSignature(n);
      return !!(sig && sig.declaration) && this.returnsOf(sig.declaration).some(deeper);
    }
    if (ts.isNewExpression(n)) return this.isAny(this.typeOf(n.expression)) && deeper(n.expression);
    if (ts.isConditionalExpression(n)) return deeper(n.whenTrue) || deeper(n.whenFalse);
    if (ts.isBinaryExpression(n)) {
      const op = n.operatorToken.kind;
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.AmpersandAmpersandToken)
        return deeper(n.left) || deeper(n.right);
      if (op === ts.SyntaxKind.CommaToken || op === ts.SyntaxKind.EqualsToken) return deeper(n.right);
    }
    if (ts.isAwaitExpression(n)) return deeper(n.expression);
    return false;
  }

  // The expressions a variable or property gets: its initializer and every assignment to it (collected by prepare).
  valuesOf(symbol) {
    const ts = this.ts;
    if (!symbol) return [];
    const out = [];
    const d = symbol.valueDeclaration;
    if (d && (ts.isVariableDeclaration(d) || ts.isPropertyDeclaration(d) || ts.isPropertyAssignment(d)) && d.initializer) out.push(d.initializer);
    if (d && ts.isShorthandPropertyAssignment(d)) out.push(d.name);
    return out.concat(this.assignments.get(symbol) || []);
  }

  // A parameter's arguments: a callback handed to C# gets C# values; a script function gets what its calls pass.
  parameterFromCSharp(param, depth) {
    const ts = this.ts;
    const f = param.parent;
    if (!ts.isFunctionLike(f)) return false;
    const index = f.parameters.indexOf(param);
    const fn = this.skipOuter(f);
    const p = fn.parent;
    if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments && p.arguments.includes(fn)) {
      if (this.ztsHelper(p.expression)) return true; // zts.to_delegate(fn, D)
      const sig = this.checker.getResolvedSignature(p);
      const where = sig && sig.declaration ? this.surface.of(sig.declaration) : null;
      if (where && where.area === 'module') return true;
    }
    if (ts.isBinaryExpression(p) && p.right === fn && p.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        (ts.isPropertyAccessExpression(p.left) || ts.isElementAccessExpression(p.left))) {
      const symbol = ts.isPropertyAccessExpression(p.left) ? this.checker.getSymbolAtLocation(p.left.name) : this.propertyByKey(p.left);
      if (this.declsOf(symbol).some(e => e.where.area === 'module')) return true; // a C# delegate property or field
    }
    for (const call of this.callsOf.get(f) || []) {
      const args = call.arguments || [];
      const passed = param.dotDotDotToken ? args.slice(index) : args[index] ? [args[index]] : [];
      if (passed.some(a => this.fromCSharp(ts.isSpreadElement(a) ? a.expression : a, depth + 1))) return true;
    }
    return false;
  }

  // The expressions a script function returns (not those of functions nested in it).
  returnsOf(decl) {
    const ts = this.ts;
    if (!ts.isFunctionLike(decl) || !decl.body || decl.getSourceFile().isDeclarationFile) return [];
    if (!ts.isBlock(decl.body)) return [decl.body];
    const out = [];
    const walk = node => {
      if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
      if (!ts.isFunctionLike(node)) ts.forEachChild(node, walk);
    };
    ts.forEachChild(decl.body, walk);
    return out;
  }

  // Before the walk: every assignment to a variable or property, and every call of a script function, in the files
  // analyzed (what fromCSharp follows).
  prepare(files) {
    const ts = this.ts;
    const walk = node => {
      if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.EqualsToken ||
          node.operatorToken.kind === ts.SyntaxKind.BarBarEqualsToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken)) {
        const left = this.stripInner(node.left);
        const symbol = ts.isIdentifier(left) ? this.checker.getSymbolAtLocation(left)
                     : ts.isPropertyAccessExpression(left) ? this.checker.getSymbolAtLocation(left.name) : null;
        if (symbol) {
          if (!this.assignments.has(symbol)) this.assignments.set(symbol, []);
          this.assignments.get(symbol).push(node.right);
        }
      }
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const sig = this.checker.getResolvedSignature(node);
        const d = sig && sig.declaration;
        if (d && !d.getSourceFile().isDeclarationFile) {
          if (!this.callsOf.has(d)) this.callsOf.set(d, []);
          this.callsOf.get(d).push(node);
        }
      }
      ts.forEachChild(node, walk);
    };
    for (const sf of files) walk(sf);
  }

  // Whether an expression is a C# value seen through a cast to a type that is not from the declarations.
  castFromCSharp(node, depth) {
    const ts = this.ts;
    if ((depth || 0) > 16) return false;
    const n = this.stripInner(node);
    if (ts.isAsExpression(n) || ts.isTypeAssertionExpression(n))
      return !this.isCSharpType(this.typeOf(n)) && this.fromCSharp(n.expression, (depth || 0) + 1);
    if (ts.isIdentifier(n)) {
      const init = this.initializerOf(n, false);
      return init !== null && !this.isCSharpType(this.typeOf(n)) && this.castFromCSharp(init, (depth || 0) + 1);
    }
    return false;
  }

  // The initializer of the variable an identifier names (constOnly: only a `const`, whose value is that initializer).
  initializerOf(identifier, constOnly) {
    const ts = this.ts;
    const symbol = this.checker.getSymbolAtLocation(identifier);
    const d = symbol && symbol.valueDeclaration;
    if (!d || !ts.isVariableDeclaration(d) || !d.initializer || !ts.isIdentifier(d.name)) return null;
    if (constOnly && !(ts.isVariableDeclarationList(d.parent) && (d.parent.flags & ts.NodeFlags.Const))) return null;
    return d.initializer;
  }

  // Whether node's chain (receivers, callees) contains a node already reported unresolved.
  derivedFromFlagged(node) {
    const ts = this.ts;
    let n = node;
    for (let i = 0; i < 64 && n; i++) {
      n = this.stripCasts(n);
      if (this.flagged.has(n)) return true;
      if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n) || ts.isCallExpression(n) || ts.isNewExpression(n)) n = n.expression;
      else if (ts.isIdentifier(n)) n = this.initializerOf(n, false);
      else return false;
    }
    return false;
  }

  // The zts helper a callee names ('generic', 'generic_method', ...), or null.
  ztsHelper(callee) {
    const ts = this.ts;
    const c = this.stripInner(callee);
    const nameNode = ts.isPropertyAccessExpression(c) ? c.name : ts.isElementAccessExpression(c) ? c.argumentExpression : null;
    if (!nameNode) return null;
    const symbol = this.checker.getSymbolAtLocation(nameNode) ||
                   (ts.isElementAccessExpression(c) ? this.propertyByKey(c) : null);
    for (const { decl, where } of this.declsOf(symbol))
      if (where.area === 'zts' && where.name === 'Helpers' && decl.name && ts.isIdentifier(decl.name)) return decl.name.text;
    return null;
  }

  // --- recording ------------------------------------------------------------------------------------------------

  ref(node, where, member, kind, isStatic, params, args, extra) {
    const at = this.position(node);
    const r = { file: this.fileName, line: at.line, col: at.col };
    if (where.area === 'zts') Object.assign(r, { namespace: 'System', type: 'Array' }); // zts.Array<T>: the runtime's view of System.Array
    else Object.assign(r, { namespace: where.ns, type: csharpTypeName(where.path) });
    Object.assign(r, { member, kind, static: isStatic, params, args });
    if (extra) Object.assign(r, extra);
    const key = JSON.stringify(r);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    r.seq = this.refs.length;
    this.refs.push(r);
  }

  typeRef(node, info, extra) {
    this.ref(node, info, '', 'type', true, null, null, extra);
  }

  unresolvedAt(node, reason) {
    const at = this.position(node);
    let text = node.getText(this.sf).replace(/\s+/g, ' ').trim();
    if (text.length > 80) text = text.slice(0, 77) + '...';
    const u = { file: this.fileName, line: at.line, col: at.col, text, reason };
    const key = JSON.stringify(u);
    this.flagged.add(node);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    u.seq = this.unresolved.length;
    this.unresolved.push(u);
  }

  // --- type objects ---------------------------------------------------------------------------------------------

  // The C# type a declaration names as a value: a type object const, a nested type's property on its outer type
  // object, or `prototype` (the type's prototype object). Null for anything else.
  typeObjectOf(entry) {
    const ts = this.ts;
    const { decl, where } = entry;
    if (where.area !== 'module') return null;
    if (ts.isVariableDeclaration(decl)) return { area: 'module', ns: where.ns, path: where.path };
    if (!ts.isPropertySignature(decl) || where.side === 'instance' || !decl.name || !ts.isIdentifier(decl.name)) return null;
    if (decl.name.text === 'prototype') return { area: 'module', ns: where.ns, path: where.path, prototype: true };
    if (!decl.type) return null;
    // `readonly Inner: $NS.Outer.Inner$Type;` (TypeWriter.NestedLine): the type object of a nested type.
    const t = this.checker.getTypeFromTypeNode(decl.type);
    const target = t && (t.aliasSymbol || t.symbol);
    if (!target || !target.declarations) return null;
    for (const d of target.declarations) {
      const s = this.surface.of(d);
      if (s && s.area === 'module' && ts.isInterfaceDeclaration(d) && (s.side === 'type' || s.side === 'definition'))
        return { area: 'module', ns: s.ns, path: s.path };
    }
    return null;
  }

  // The C# type object an expression is, when the source names it directly: `World`, `Sim.World`, `CSharp.Sim.World`,
  // `Outer.Inner`; with followConsts also through `const` variables, casts, and zts.generic(...) with such arguments
  // (then with typeArgs). Null when the value is computed.
  staticTypeObject(node, followConsts, depth) {
    const ts = this.ts;
    if ((depth || 0) > 16) return null;
    const n = followConsts ? this.stripCasts(node) : this.stripInner(node);
    let symbol = null;
    if (ts.isIdentifier(n)) symbol = this.checker.getSymbolAtLocation(n);
    else if (ts.isPropertyAccessExpression(n)) symbol = this.checker.getSymbolAtLocation(n.name);
    else if (ts.isElementAccessExpression(n) && this.literalKey(n.argumentExpression) !== null) symbol = this.propertyByKey(n);
    else if (followConsts && ts.isCallExpression(n) && this.ztsHelper(n.expression) === 'generic') return this.closedGeneric(n, depth);
    for (const entry of this.declsOf(symbol)) {
      const t = this.typeObjectOf(entry);
      if (t && !t.prototype) return t;
    }
    if (followConsts && ts.isIdentifier(n)) {
      const init = this.initializerOf(n, true);
      if (init) return this.staticTypeObject(init, true, (depth || 0) + 1);
    }
    return null;
  }

  // zts.generic(Def, A, B): the closed type { ns, path, typeArgs } when the definition and each argument are static.
  closedGeneric(call, depth) {
    if (call.arguments.length < 1 || call.arguments.some(a => this.ts.isSpreadElement(a))) return null;
    const def = this.staticTypeObject(call.arguments[0], true, (depth || 0) + 1);
    if (!def) return null;
    const typeArgs = [];
    for (const a of call.arguments.slice(1)) {
      const t = this.staticTypeObject(a, true, (depth || 0) + 1);
      if (!t) return null;
      typeArgs.push(this.typeArgOf(t));
    }
    return { area: 'module', ns: def.ns, path: def.path, typeArgs };
  }

  // { typeArgs } for a ref on a closed generic's type object (a static, `new`) when the source closes it where the
  // receiver comes from: `const Box = zts.generic(Box$1, Int32); new Box(1)`. Instance refs cannot say (TS types
  // map Int32 and Double to one `number`).
  closedTypeArgs(receiver, where) {
    if (where.side !== 'type') return undefined;
    const t = this.staticTypeObject(receiver, true);
    if (!t || !t.typeArgs || t.ns !== where.ns || csharpTypeName(t.path) !== csharpTypeName(where.path)) return undefined;
    return { typeArgs: t.typeArgs };
  }

  typeArgOf(t) {
    const o = { namespace: t.ns, type: csharpTypeName(t.path) };
    if (t.typeArgs) o.typeArgs = t.typeArgs;
    return o;
  }

  // --- member keys ----------------------------------------------------------------------------------------------

  // The property name an element access key stands for: a literal, or an expression of one string/number literal type.
  literalKey(key) {
    const ts = this.ts;
    const k = this.stripInner(key);
    if (ts.isStringLiteral(k) || ts.isNoSubstitutionTemplateLiteral(k) || ts.isNumericLiteral(k)) return k.text;
    const t = this.typeOf(k);
    if (t && (t.flags & ts.TypeFlags.StringLiteral)) return t.value;
    if (t && (t.flags & ts.TypeFlags.NumberLiteral)) return String(t.value);
    return null;
  }

  propertyByKey(access) {
    const name = this.literalKey(access.argumentExpression);
    if (name === null) return null;
    const t = this.checker.getNonNullableType(this.typeOf(access.expression));
    return this.checker.getPropertyOfType(this.checker.getApparentType(t), name) || null;
  }

  memberName(decl) {
    const ts = this.ts;
    if (ts.isCallSignatureDeclaration(decl)) return 'Invoke'; // a delegate's call signature is its Invoke (TypeWriter.Full)
    if (ts.isIndexSignatureDeclaration(decl)) return '[index]';
    const name = decl.name;
    if (!name) return '';
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
    if (ts.isComputedPropertyName(name)) return '[' + name.expression.getText(name.getSourceFile()) + ']';
    return name.getText(name.getSourceFile());
  }

  isStatic(where) {
    return where.side === 'type' || where.side === 'definition';
  }

  params(decl) {
    return decl.parameters ? decl.parameters.map(p => (this.ts.isIdentifier(p.name) ? p.name.text : p.name.getText(p.getSourceFile()))) : [];
  }

  argCount(args) {
    if (!args) return 0;
    return args.some(a => this.ts.isSpreadElement(a)) ? null : args.length;
  }

  // --- handlers -------------------------------------------------------------------------------------------------

  identifier(node) {
    const ts = this.ts;
    const p = node.parent;
    // Names that are not value uses: declared names, property names, labels.
    if (ts.isQualifiedName(p) || (p.name === node && !ts.isShorthandPropertyAssignment(p)) ||
        (ts.isBindingElement(p) && p.propertyName === node) || ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p) ||
        ts.isMetaProperty(p)) return;
    if (ts.isShorthandPropertyAssignment(p) && this.isAssignmentTargetLiteral(p.parent)) return; // `({ X } = o)` writes X
    const symbol = ts.isShorthandPropertyAssignment(p) ? this.checker.getShorthandAssignmentValueSymbol(p) : this.checker.getSymbolAtLocation(node);
    for (const entry of this.declsOf(symbol)) {
      const t = this.typeObjectOf(entry);
      if (t && !this.isReceiver(node)) this.typeRef(node, t);
      if (t) return;
    }
  }

  propertyAccess(node) {
    this.member(node, node.name, this.checker.getSymbolAtLocation(node.name));
  }

  elementAccess(node) {
    const ts = this.ts;
    const key = node.argumentExpression;
    const receiverType = this.typeOf(node.expression);
    // zts.Array<T>[i]: the runtime's array element access.
    const keyType = this.typeOf(key);
    const array = keyType && (keyType.flags & ts.TypeFlags.NumberLike) ? this.arrayView(receiverType) : null;
    if (array) {
      for (const kind of this.accessKinds(node)) this.ref(key, array, '[index]', kind, false, null, null);
      return;
    }
    const name = this.literalKey(key);
    if (name !== null) {
      this.member(node, key, this.propertyByKey(node), name);
      return;
    }
    if (this.derivedFromFlagged(node.expression)) return;
    if (this.isCSharpType(receiverType)) {
      this.unresolvedAt(node, this.computedKeyReason(node.expression, receiverType));
      return;
    }
    if (this.isAny(receiverType) && this.fromCSharp(node.expression))
      this.unresolvedAt(node, 'a member of an `any` value that comes from C#: it is looked up at run time');
  }

  computedKeyReason(receiver, type) {
    const t = this.staticTypeObject(receiver, false);
    if (t) return 'a computed member name on the type object ' + (t.ns ? t.ns + '.' : '') + csharpTypeName(t.path) + ': the member is chosen at run time';
    const kinds = new Set();
    const collect = ty => {
      if (!ty) return;
      if (ty.isUnionOrIntersection()) return ty.types.forEach(collect);
      for (const symbol of [ty.aliasSymbol, ty.symbol]) {
        if (!symbol || !symbol.declarations) continue;
        for (const d of symbol.declarations) {
          // An instance type's symbol also holds the type object's const (one name): the interfaces decide.
          const s = this.surface.of(d);
          if (s && (s.area === 'tree' || s.area === 'moduleObject')) kinds.add('namespace');
          else if (s && s.area === 'module' && this.ts.isInterfaceDeclaration(d)) kinds.add(s.side === 'instance' ? 'instance' : 'type object');
          else if (s && s.area === 'zts' && this.ts.isInterfaceDeclaration(d))
            kinds.add(/Type|Definition/.test(s.name) ? 'type object' : 'instance');
        }
      }
    };
    collect(type);
    if (kinds.has('namespace')) return 'a computed key on a C# namespace object (CSharp[...], a csharp: module): the type is chosen at run time';
    if (kinds.has('type object')) return 'a computed member name on a C# type object: the member is chosen at run time';
    return 'a computed member name on a C# object: the member is chosen at run time';
  }

  // The zts.Array<T> a type is or holds (its index signature is the runtime's array element access), or null.
  arrayView(type) {
    const t = this.checker.getNonNullableType(type);
    for (const c of t.isUnion() ? t.types : [t]) {
      const symbol = c.aliasSymbol || c.symbol;
      for (const d of (symbol && symbol.declarations) || []) {
        const s = this.surface.of(d);
        if (s && s.area === 'zts' && s.name === 'Array') return s;
      }
    }
    return null;
  }

  // A member access `o.name` / `o["name"]`: nameNode is where it is reported.
  member(node, nameNode, symbol, literalName) {
    const ts = this.ts;
    const entries = this.declsOf(symbol);
    const reported = entries.some(e => e.where.area === 'module' || (e.where.area === 'zts' && e.where.name === 'Array'));
    if (!reported) {
      if (entries.some(e => e.where.area === 'tree' || e.where.area === 'moduleObject')) return; // CSharp.Sim: a namespace
      if (this.derivedFromFlagged(node.expression)) return;
      const receiverType = this.typeOf(node.expression);
      if (this.isAny(receiverType) && this.fromCSharp(node.expression)) {
        this.unresolvedAt(node, 'a member of an `any` value that comes from C#: it is looked up at run time');
        return;
      }
      if (!symbol && literalName !== undefined && this.isCSharpType(receiverType)) {
        this.unresolvedAt(node, '\'' + literalName + '\' is not declared on this C# value: it is looked up at run time');
        return;
      }
      if (this.castFromCSharp(node.expression)) {
        this.unresolvedAt(node, 'a member of a C# object cast to a type the declarations do not give it: it is looked up at run time');
        return;
      }
      // A type object used for a JS member (World.name): the type itself is reached.
      const t = this.staticTypeObject(node.expression, false);
      if (t) this.typeRef(node.expression, t);
      return;
    }
    const kinds = this.accessKinds(node);
    const callee = this.isCallee(node);
    const owners = new Set();
    for (const entry of entries) {
      const { decl, where } = entry;
      if (where.area === 'zts') {
        // zts.Array's own `length` and `[Symbol.iterator]` (the runtime's array view), as System.Array members.
        if (where.name !== 'Array') continue;
        const name = this.memberName(decl);
        if (ts.isMethodSignature(decl)) { if (!callee) this.ref(nameNode, where, name, 'get', false, null, null); }
        else for (const kind of kinds) this.ref(nameNode, where, name, kind, false, null, null);
        continue;
      }
      if (where.area !== 'module') continue;
      const key = ownerKey(where);
      const t = this.typeObjectOf(entry);
      if (t) {
        if (!this.isReceiver(node)) this.typeRef(nameNode, t);
        continue;
      }
      if (ts.isMethodSignature(decl)) {
        // A call reports the overload it resolves to; a method read as a value may be called with any overload.
        if (callee || owners.has(key)) continue;
        owners.add(key);
        const closed = this.closedTypeArgs(node.expression, where);
        for (const kind of kinds) this.ref(nameNode, where, this.memberName(decl), kind, this.isStatic(where), null, null, closed);
        continue;
      }
      if (ts.isPropertySignature(decl) || ts.isGetAccessorDeclaration(decl) || ts.isSetAccessorDeclaration(decl)) {
        if (owners.has(key)) continue;
        owners.add(key);
        // A delegate-typed property that is called: read here, its Invoke is reported by the call.
        const closed = this.closedTypeArgs(node.expression, where);
        for (const kind of callee ? ['get'] : kinds) this.ref(nameNode, where, this.memberName(decl), kind, this.isStatic(where), null, null, closed);
      }
    }
  }

  call(node) {
    const ts = this.ts;
    const helper = this.ztsHelper(node.expression);
    if (helper === 'generic') return this.genericCall(node);
    if (helper === 'generic_method') return this.genericMethodCall(node);
    if (helper) return;
    const sig = this.checker.getResolvedSignature(node);
    const decl = sig && sig.declaration;
    const where = decl ? this.surface.of(decl) : null;
    const callee = this.stripInner(node.expression);
    const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isElementAccessExpression(callee) ? callee.argumentExpression : callee;
    if (where && where.area === 'module' && !this.isUnionCallee(callee)) {
      if (ts.isMethodSignature(decl))
        return this.ref(nameNode, where, this.memberName(decl), 'call', this.isStatic(where), this.params(decl), this.argCount(node.arguments),
                        ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee) ? this.closedTypeArgs(callee.expression, where) : undefined);
      if (ts.isCallSignatureDeclaration(decl)) // a C# delegate called from JS
        return this.ref(node, where, 'Invoke', 'call', false, this.params(decl), this.argCount(node.arguments));
      return;
    }
    if (where && where.area === 'zts' && where.name === 'Array' && ts.isMethodSignature(decl))
      return this.ref(nameNode, where, this.memberName(decl), 'call', false, this.params(decl), this.argCount(node.arguments));
    // A union of C# types: the checker combines their signatures into one that carries the first one's declaration.
    if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
      const symbol = ts.isPropertyAccessExpression(callee) ? this.checker.getSymbolAtLocation(callee.name) : this.propertyByKey(callee);
      const methods = this.declsOf(symbol).filter(e => e.where.area === 'module' && ts.isMethodSignature(e.decl));
      if (new Set(methods.map(e => ownerKey(e.where))).size > 1) return this.unionCall(node, nameNode, methods, sig);
    }
    if (this.derivedFromFlagged(node.expression)) return;
    const calleeType = this.typeOf(node.expression);
    if (this.isAny(calleeType) && this.fromCSharp(node.expression))
      this.unresolvedAt(node, 'a call of an `any` value that comes from C#: what it calls is known at run time only');
  }

  isUnionCallee(callee) {
    const ts = this.ts;
    if (!ts.isPropertyAccessExpression(callee) && !ts.isElementAccessExpression(callee)) return false;
    const symbol = ts.isPropertyAccessExpression(callee) ? this.checker.getSymbolAtLocation(callee.name) : this.propertyByKey(callee);
    const methods = this.declsOf(symbol).filter(e => e.where.area === 'module' && ts.isMethodSignature(e.decl));
    return new Set(methods.map(e => ownerKey(e.where))).size > 1;
  }

  // A call on a union of C# types (`(a as Circle | Square).Name(1)`): one ref per declaring type, with the overload
  // the checker resolved for that type (the union signature's parts), else the only one whose arity fits.
  unionCall(node, nameNode, methods, sig) {
    const ts = this.ts;
    const args = this.argCount(node.arguments);
    const resolved = new Set(((sig && sig.compositeSignatures) || []).map(s => s.declaration).filter(Boolean));
    const byOwner = new Map();
    for (const e of methods) {
      const key = ownerKey(e.where);
      if (!byOwner.has(key)) byOwner.set(key, []);
      byOwner.get(key).push(e);
    }
    for (const list of byOwner.values()) {
      let fit = list.filter(e => resolved.has(e.decl));
      if (fit.length !== 1) fit = list.filter(e => args !== null && this.arityFits(e.decl, args));
      if (fit.length === 1) {
        const { decl, where } = fit[0];
        this.ref(nameNode, where, this.memberName(decl), 'call', this.isStatic(where), this.params(decl), args);
      } else {
        const w = list[0].where;
        this.unresolvedAt(node, 'a call on a union of C# types: which overload of ' + (w.ns ? w.ns + '.' : '') + csharpTypeName(w.path) + '.' +
                                this.memberName(list[0].decl) + ' runs is decided at run time');
      }
    }
  }

  arityFits(decl, args) {
    const ps = decl.parameters;
    const required = ps.filter(p => !p.questionToken && !p.initializer && !p.dotDotDotToken).length;
    return args >= required && (ps.some(p => p.dotDotDotToken) || args <= ps.length);
  }

  construct(node) {
    const sig = this.checker.getResolvedSignature(node);
    const decl = sig && sig.declaration;
    const where = decl ? this.surface.of(decl) : null;
    if (where && where.area === 'module' && this.ts.isConstructSignatureDeclaration(decl)) {
      this.ref(node, where, '', 'new', true, this.params(decl), this.argCount(node.arguments), this.closedTypeArgs(node.expression, where));
      return;
    }
    if (this.derivedFromFlagged(node.expression)) return;
    if (this.isAny(this.typeOf(node.expression)) && this.fromCSharp(node.expression))
      this.unresolvedAt(node, '`new` of an `any` value that comes from C#: the constructor is known at run time only');
  }

  // zts.generic(Def, ...args) (zts.d.ts): the closed type is reached when every argument is a type object the source
  // names; a computed one is unresolved.
  genericCall(node) {
    const args = node.arguments;
    if (args.length === 0) return;
    if (args.some(a => this.ts.isSpreadElement(a))) {
      this.unresolvedAt(node, 'zts.generic with spread arguments: the closed type is chosen at run time');
      return;
    }
    if (!this.staticTypeObject(args[0], true)) {
      this.unresolvedAt(node, 'zts.generic of a computed generic definition: the closed type is chosen at run time');
      return;
    }
    for (let i = 1; i < args.length; i++) {
      if (!this.staticTypeObject(args[i], true)) {
        this.unresolvedAt(node, 'zts.generic with a computed type argument (argument ' + (i + 1) + '): the closed type is chosen at run time');
        return;
      }
    }
    const closed = this.closedGeneric(node, 0);
    this.typeRef(node, closed, { typeArgs: closed.typeArgs });
  }

  // zts.generic_method(Owner, "Name", ...typeArgs): a generic method closed over the type arguments. The method
  // object is read here (kind "get"); the runtime takes static methods first, else instance ones (zts.d.ts).
  genericMethodCall(node) {
    const ts = this.ts;
    const args = node.arguments;
    if (args.length < 2) return;
    if (args.some(a => ts.isSpreadElement(a))) {
      this.unresolvedAt(node, 'zts.generic_method with spread arguments: the method is chosen at run time');
      return;
    }
    const owner = this.staticTypeObject(args[0], true);
    if (!owner) {
      this.unresolvedAt(node, 'zts.generic_method on a computed type object: the method is chosen at run time');
      return;
    }
    const name = this.literalKey(args[1]);
    if (name === null) {
      this.unresolvedAt(node, 'zts.generic_method with a computed method name: the method is chosen at run time');
      return;
    }
    const typeArgs = [];
    for (let i = 2; i < args.length; i++) {
      const t = this.staticTypeObject(args[i], true);
      if (!t) {
        this.unresolvedAt(node, 'zts.generic_method with a computed type argument (argument ' + (i + 1) + '): the closed method is chosen at run time');
        return;
      }
      typeArgs.push(this.typeArgOf(t));
    }
    const ownerType = this.checker.getNonNullableType(this.typeOf(args[0]));
    const candidates = [this.checker.getPropertyOfType(ownerType, name)];
    const proto = this.checker.getPropertyOfType(ownerType, 'prototype');
    if (proto) candidates.push(this.checker.getPropertyOfType(this.checker.getTypeOfSymbolAtLocation(proto, args[0]), name));
    for (const symbol of candidates) {
      const entries = this.declsOf(symbol).filter(e => e.where.area === 'module');
      if (entries.length === 0) continue;
      const { decl, where } = entries[0];
      this.ref(args[1], where, this.memberName(decl), 'get', this.isStatic(where), null, null, { typeArgs });
      return;
    }
    this.unresolvedAt(node, 'zts.generic_method: \'' + name + '\' is not declared on ' + (owner.ns ? owner.ns + '.' : '') +
                            csharpTypeName(owner.path) + ': it is looked up at run time');
  }

  // for...of, spread, yield*, array destructuring over a C# object: its [Symbol.iterator] (the enumerator).
  iterated(node, type) {
    const ts = this.ts;
    if (this.isAny(type)) {
      if (!this.derivedFromFlagged(node) && this.fromCSharp(node))
        this.unresolvedAt(node, 'iteration over an `any` value that comes from C#: its enumerator is known at run time only');
      return;
    }
    const t = this.checker.getNonNullableType(type);
    for (const c of t.isUnion() ? t.types : [t]) {
      for (const p of this.checker.getPropertiesOfType(c)) {
        if (!String(p.escapedName).startsWith('__@iterator@')) continue;
        for (const { decl, where } of this.declsOf(p)) {
          if (where.area === 'module' || (where.area === 'zts' && where.name === 'Array'))
            this.ref(node, where, this.memberName(decl), 'call', ts.isMethodSignature(decl) ? this.isStatic(where) : false, [], 0);
        }
      }
    }
  }

  // for...in and object spread: every property of the object, which only the run time lists.
  enumerated(value, at, reason) {
    if (this.isCSharpType(this.typeOf(value)) || (this.isAny(this.typeOf(value)) && this.fromCSharp(value))) this.unresolvedAt(at, reason);
  }

  // `const { X, Y } = vec`, `function f({ Name }: Entity)`, `const [a, b] = list`: the properties read, the iterator.
  bindingPattern(pattern) {
    const ts = this.ts;
    const source = this.typeOf(pattern);
    if (ts.isArrayBindingPattern(pattern)) {
      if (pattern.elements.length > 0) this.iterated(pattern, source);
      return;
    }
    for (const element of pattern.elements) {
      if (element.dotDotDotToken) {
        if (this.isCSharpType(source)) this.unresolvedAt(element, 'object rest of a C# object: its properties are read at run time');
        continue;
      }
      const keyNode = element.propertyName || element.name;
      let name = null;
      if (ts.isIdentifier(keyNode) || ts.isStringLiteral(keyNode) || ts.isNumericLiteral(keyNode)) name = keyNode.text;
      else if (ts.isComputedPropertyName(keyNode)) name = this.literalKey(keyNode.expression);
      if (name === null) {
        if (this.isCSharpType(source)) this.unresolvedAt(element, 'a computed key destructured from a C# object: the member is chosen at run time');
        continue;
      }
      this.destructuredProperty(keyNode, source, name);
    }
  }

  destructuredProperty(keyNode, source, name) {
    const ts = this.ts;
    const symbol = this.checker.getPropertyOfType(this.checker.getApparentType(this.checker.getNonNullableType(source)), name);
    const owners = new Set();
    for (const entry of this.declsOf(symbol)) {
      const { decl, where } = entry;
      if (where.area === 'zts' && where.name === 'Array') {
        this.ref(keyNode, where, this.memberName(decl), 'get', false, null, null);
        continue;
      }
      if (where.area !== 'module') continue;
      const t = this.typeObjectOf(entry);
      if (t) {
        this.typeRef(keyNode, t);
        continue;
      }
      const key = ownerKey(where);
      if (owners.has(key)) continue;
      owners.add(key);
      if (ts.isMethodSignature(decl) || ts.isPropertySignature(decl) || ts.isGetAccessorDeclaration(decl) || ts.isSetAccessorDeclaration(decl))
        this.ref(keyNode, where, this.memberName(decl), 'get', this.isStatic(where), null, null);
    }
  }

  // `({ X: a } = vec)`, `[a, b] = list`, nested object patterns (`({ P: { X } } = o)`) with the property's type.
  destructuringAssignment(target, source, sourceNode) {
    const ts = this.ts;
    if (ts.isArrayLiteralExpression(target)) {
      if (target.elements.length > 0) this.iterated(sourceNode, source);
      return;
    }
    for (const p of target.properties) {
      if (ts.isSpreadAssignment(p)) {
        if (this.isCSharpType(source)) this.unresolvedAt(p, 'object rest of a C# object: its properties are read at run time');
        continue;
      }
      const keyNode = p.name;
      let name = null;
      if (ts.isIdentifier(keyNode) || ts.isStringLiteral(keyNode) || ts.isNumericLiteral(keyNode)) name = keyNode.text;
      else if (ts.isComputedPropertyName(keyNode)) name = this.literalKey(keyNode.expression);
      if (name === null) {
        if (this.isCSharpType(source)) this.unresolvedAt(p, 'a computed key destructured from a C# object: the member is chosen at run time');
        continue;
      }
      this.destructuredProperty(keyNode, source, name);
      let inner = ts.isPropertyAssignment(p) ? p.initializer : null;
      if (inner && ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.EqualsToken) inner = inner.left;
      if (inner && (ts.isObjectLiteralExpression(inner) || ts.isArrayLiteralExpression(inner))) {
        const symbol = this.checker.getPropertyOfType(this.checker.getApparentType(this.checker.getNonNullableType(source)), name);
        if (symbol) this.destructuringAssignment(inner, this.checker.getTypeOfSymbolAtLocation(symbol, keyNode), keyNode);
      }
    }
  }
}

function ownerKey(where) {
  return where.ns + '.' + where.path.join('.') + '/' + where.side;
}

// ---------------------------------------------------------------------------------------------------------------
// Output

function writeJson(file, result) {
  // One ref per line: the file diffs well and stays valid JSON.
  const lines = list => (list.length === 0 ? '[]' : '[\n' + list.map(r => '    ' + JSON.stringify(r)).join(',\n') + '\n  ]');
  const text = '{\n  "version": ' + result.version + ',\n  "refs": ' + lines(result.refs) + ',\n  "unresolved": ' +
               lines(result.unresolved) + '\n}\n';
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, '.' + path.basename(file) + '.' + process.pid + '.tmp');
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file); // whole or nothing: the build step never reads a partial list
}

function removeStale(file) {
  // A failed run leaves no list behind that a build step could mistake for this run's.
  try {
    fs.unlinkSync(file);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
}

function formatDiagnostics(ts, diagnostics) {
  const cwd = process.cwd();
  return diagnostics.map(d => {
    const message = firstLine(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    let where = '';
    if (d.file && d.start !== undefined) {
      const lc = d.file.getLineAndCharacterOfPosition(d.start);
      where = path.relative(cwd, d.file.fileName).split(path.sep).join('/') + '(' + (lc.line + 1) + ',' + (lc.character + 1) + '): ';
    }
    return where + 'error TS' + d.code + ': ' + message;
  }).join('\n');
}

function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    process.stderr.write(e.message + '\n');
    return e.code;
  }
  if (args.help) {
    process.stdout.write(USAGE + '\n');
    return EXIT_OK;
  }
  try {
    const projectPath = path.resolve(args.project);
    const searchFrom = fs.existsSync(projectPath) && fs.statSync(projectPath).isFile() ? path.dirname(projectPath) : projectPath;
    const ts = loadTypeScript(args.typescript, searchFrom);
    const project = findProject(ts, args.project);
    const { diagnostics, result } = analyzeProject(ts, project.configPath, project.onlyFiles);
    if (diagnostics.length > 0) {
      removeStale(args.out);
      process.stderr.write(formatDiagnostics(ts, diagnostics) + '\n');
      process.stderr.write('script-refs: ' + diagnostics.length + ' TypeScript error' + (diagnostics.length === 1 ? '' : 's') +
                           ' in ' + project.configPath + '; nothing written\n');
      return EXIT_TS_ERRORS;
    }
    writeJson(args.out, result);
    return EXIT_OK;
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    removeStale(args.out);
    process.stderr.write(e.message + '\n');
    return e.code;
  }
}

module.exports = { main, csharpTypeName, FORMAT_VERSION };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
