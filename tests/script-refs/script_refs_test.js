#!/usr/bin/env node
'use strict';
// Tests of tools/script-refs/script_refs.js (docs/SCRIPT_REFS.md). Plain node and its assert module; exits non-zero on
// a failure. Groups (all when none is named):
//   fixture   tests/script-refs/fixture against declarations gen-dts writes for ZTS.Fixtures.dll: every ref and every
//             unresolved entry, exactly, and the JSON shape
//   compiled  the same project reached through compiled scripts (.js + .js.map): only the mapped sources are walked
//   sim       samples/sim (its types/ and out/ come from the build): what the sample reaches, from src and from out
//   cli       exit codes and messages: --help, bad arguments, setup errors, TypeScript errors (nothing written)
// Options: --dist DIR (ztsrun.exe and ZTS.Fixtures.dll; default build/dist/lib), --sim DIR (default samples/sim).

const assert = require('assert');
const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const tool = path.join(root, 'tools', 'script-refs', 'script_refs.js');
const fixture = path.join(__dirname, 'fixture');

function options(argv) {
  const o = { dist: path.join(root, 'build', 'dist', 'lib'), sim: path.join(root, 'samples', 'sim'), groups: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dist') o.dist = path.resolve(argv[++i]);
    else if (argv[i] === '--sim') o.sim = path.resolve(argv[++i]);
    else if (argv[i].startsWith('--')) throw new Error('unknown option ' + argv[i]);
    else o.groups.push(argv[i]);
  }
  if (o.groups.length === 0) o.groups = ['fixture', 'compiled', 'sim', 'cli'];
  return o;
}

function run(args, opts) {
  const r = childProcess.spawnSync(process.execPath, [tool].concat(args), Object.assign({ encoding: 'utf8' }, opts || {}));
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmpdirs = [];

function tmpdir(name) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'script-refs-' + name + '-'));
  tmpdirs.push(d);
  return d;
}

function analyze(project, extra) {
  const out = path.join(tmpdir('out'), 'refs.json');
  const r = run(['--project', project, '--out', out].concat(extra || []));
  assert.strictEqual(r.code, 0, 'script_refs.js --project ' + project + ' exited ' + r.code + ':\n' + r.stderr);
  return JSON.parse(fs.readFileSync(out, 'utf8'));
}

// One line per entry, so that a failure shows what differs.
function typeArgs(list) {
  return list.map(a => a.namespace + '.' + a.type + (a.typeArgs ? '<' + typeArgs(a.typeArgs) + '>' : '')).join(', ');
}

function compact(r) {
  return r.file + ':' + r.line + ':' + r.col + ' ' + r.kind + ' ' + (r.static ? 'static' : 'instance') + ' [' + r.namespace + '] ' +
         r.type + (r.member ? '.' + r.member : '') + (r.params ? '(' + r.params.join(', ') + ')' : '') +
         (r.args !== null ? '/' + r.args : '') + (r.typeArgs ? ' <' + typeArgs(r.typeArgs) + '>' : '') +
         (r.extension ? ' extension ' + r.extension : '');
}

function compactUnresolved(u) {
  return u.file + ':' + u.line + ':' + u.col + ' ' + u.text + ' -- ' + u.reason;
}

// The contract's shape (docs/SCRIPT_REFS.md): field names and order, types, the kinds.
function checkShape(result) {
  assert.deepStrictEqual(Object.keys(result), ['version', 'refs', 'unresolved']);
  assert.strictEqual(result.version, 1);
  const refKeys = ['file', 'line', 'col', 'namespace', 'type', 'member', 'kind', 'static', 'params', 'args'];
  for (const r of result.refs) {
    const keys = Object.keys(r);
    assert.deepStrictEqual(keys.slice(0, refKeys.length), refKeys, JSON.stringify(r));
    for (const k of keys.slice(refKeys.length)) assert.ok(k === 'typeArgs' || k === 'extension', 'extra field ' + k);
    assert.ok(/^[^\\]+$/.test(r.file) && !path.isAbsolute(r.file), 'file is relative with forward slashes: ' + r.file);
    assert.ok(Number.isInteger(r.line) && r.line >= 1 && Number.isInteger(r.col) && r.col >= 1);
    assert.strictEqual(typeof r.namespace, 'string');
    assert.ok(typeof r.type === 'string' && r.type.length > 0 && !r.type.includes('$'), 'a C# type name: ' + r.type);
    assert.strictEqual(typeof r.member, 'string');
    assert.ok(['call', 'new', 'get', 'set', 'type'].includes(r.kind), r.kind);
    assert.strictEqual(typeof r.static, 'boolean');
    if (r.kind === 'call' || r.kind === 'new') {
      assert.ok(Array.isArray(r.params) && r.params.every(p => typeof p === 'string'), JSON.stringify(r));
      assert.ok(r.args === null || Number.isInteger(r.args));
    } else {
      assert.strictEqual(r.params, null);
      assert.strictEqual(r.args, null);
    }
    if (r.kind === 'new' || r.kind === 'type') assert.strictEqual(r.member, '');
  }
  for (const u of result.unresolved) {
    assert.deepStrictEqual(Object.keys(u), ['file', 'line', 'col', 'text', 'reason']);
    assert.ok(u.text.length <= 80 && u.reason.length > 0);
  }
  const sorted = list => list.every((r, i) => i === 0 || (list[i - 1].file < r.file || (list[i - 1].file === r.file &&
    (list[i - 1].line < r.line || (list[i - 1].line === r.line && list[i - 1].col <= r.col)))));
  assert.ok(sorted(result.refs) && sorted(result.unresolved), 'sorted by file, line, col');
}

function genDts(dist, args, out) {
  const exe = path.join(dist, 'ztsrun.exe');
  assert.ok(fs.existsSync(exe), exe + ' is missing: build the project (or pass --dist)');
  const env = Object.assign({}, process.env, { MONO_PATH: dist, LD_LIBRARY_PATH: dist });
  const r = childProcess.spawnSync('mono', [exe, 'gen-dts'].concat(args, ['--out', out]), { encoding: 'utf8', env });
  if (r.error) throw r.error;
  assert.strictEqual(r.status, 0, 'gen-dts failed:\n' + r.stderr);
}

let fixtureTypesWritten = false;

function fixtureTypes(o) {
  // Generated at test time (not committed): the fixture follows what gen-dts writes today.
  if (fixtureTypesWritten) return;
  genDts(o.dist, ['--assembly', path.join(o.dist, 'ZTS.Fixtures.dll')], path.join(fixture, 'types'));
  fixtureTypesWritten = true;
}

const FIXTURE_REFS = [
  'src/extensions.ts:7:18 new static [Fixtures.Everyday] Item(name, weight)/2',
  'src/extensions.ts:8:24 call instance [Fixtures.Everyday] Item.IsHeavy()/0',
  'src/extensions.ts:9:23 call instance [Fixtures.Everyday] Item.Describe(prefix)/1',
  'src/extensions.ts:10:21 new static [Fixtures.Everyday] Coins(count)/1',
  'src/extensions.ts:10:34 call instance [Fixtures.Everyday] Coins.Doubled()/0',
  'src/extensions.ts:11:34 call static [Fixtures.Everyday.Extensions] ItemExtensions.IsHeavy(item)/1',
  'src/members.ts:6:27 call static [Fixtures] Overloads.Add(a, b)/2',
  'src/members.ts:7:15 new static [Fixtures] Widget(n)/1',
  'src/members.ts:8:21 call instance [Fixtures] Widget.Twice()/0',
  'src/members.ts:9:15 call static [Fixtures] Overloads.Both(b)/1',
  'src/members.ts:10:15 call static [Fixtures] Overloads.Both(s)/1',
  'src/members.ts:11:15 call static [Fixtures] Overloads.Both(i)/1',
  'src/members.ts:12:15 call static [Fixtures] Overloads.Optional(a, b, c)/1',
  'src/members.ts:13:7 set instance [Fixtures] Widget.N',
  'src/members.ts:14:7 get instance [Fixtures] Widget.N',
  'src/members.ts:14:7 set instance [Fixtures] Widget.N',
  'src/members.ts:15:7 get instance [Fixtures] Widget.N',
  'src/members.ts:15:7 set instance [Fixtures] Widget.N',
  'src/members.ts:16:17 get instance [Fixtures] Widget.N',
  'src/members.ts:17:15 new static [Fixtures.Decl] Circle(r)/1',
  'src/members.ts:18:7 set instance [Fixtures.Decl] Circle.Label',
  'src/members.ts:19:21 get instance [Fixtures.Decl] Circle.Label',
  'src/members.ts:20:7 get instance [Fixtures.Decl] Circle.Label',
  'src/members.ts:20:7 set instance [Fixtures.Decl] Circle.Label',
  'src/members.ts:21:7 get instance [Fixtures.Decl] Circle.Radius',
  'src/members.ts:21:7 set instance [Fixtures.Decl] Circle.Radius',
  'src/members.ts:22:9 set static [Fixtures] Zoo.Total',
  'src/members.ts:23:25 get static [Fixtures] Zoo.Counter',
  'src/members.ts:24:20 call instance [Fixtures.Decl] Circle.Name(n)/1',
  'src/members.ts:25:12 call static [Fixtures.Decl] Circle.ReferenceEquals(objA, objB)/2',
  'src/members.ts:26:7 call instance [System] Object.GetType()/0',
  'src/members.ts:27:17 get instance [Fixtures] Widget.Twice',
  'src/members.ts:28:13 get instance [Fixtures] Widget.N',
  'src/structs.ts:6:22 get instance [Fixtures] Carrier.Position',
  'src/structs.ts:6:31 call instance [Fixtures] Vec3.Length()/0',
  'src/structs.ts:7:23 call instance [Fixtures] Carrier.Ahead(d)/1',
  'src/structs.ts:8:7 set instance [Fixtures] Vec3.X',
  'src/structs.ts:8:13 get instance [Fixtures] Carrier.Frame',
  'src/structs.ts:8:19 get instance [Fixtures] Numbers.Inner',
  'src/structs.ts:8:25 get instance [Fixtures] Vec3.Y',
  'src/structs.ts:9:23 get instance [Fixtures] Vec3.X',
  'src/types.ts:9:19 new static [Fixtures.Decl] Outer+Inner()/0',
  'src/types.ts:10:11 call instance [Fixtures.Decl] Outer+Inner.Where()/0',
  'src/types.ts:11:43 get static [Fixtures.Decl] Outer+Inner+Mode.On',
  'src/types.ts:12:20 new static [Fixtures] Bag+Nested+Deeper()/0',
  'src/types.ts:13:31 call static [Fixtures] Overloads.Add(a, b)/2',
  'src/types.ts:14:22 type static [Fixtures] Box`1 <System.Int32>',
  'src/types.ts:14:34 type static [Fixtures] Box`1',
  'src/types.ts:14:55 type static [System] Int32',
  'src/types.ts:15:17 new static [Fixtures] Box`1(value)/1 <System.Int32>',
  'src/types.ts:16:9 set instance [Fixtures] Box`1.Value',
  'src/types.ts:17:14 call static [Fixtures] Box`1.Describe()/0 <System.Int32>',
  'src/types.ts:18:18 new static [System.Collections.Generic] List`1()/0 <System.String>',
  'src/types.ts:18:23 type static [System.Collections.Generic] List`1 <System.String>',
  'src/types.ts:18:35 type static [System.Collections.Generic] List`1',
  'src/types.ts:18:57 type static [System] String',
  'src/types.ts:19:10 call instance [System.Collections.Generic] List`1.Add(item)/1',
  'src/types.ts:20:21 call instance [System.Collections.Generic] List`1.[Symbol.iterator]()/0',
  'src/types.ts:21:18 type static [Fixtures.Decl] Outer+Pair`2 <System.Int32, System.Collections.Generic.List`1<System.String>>',
  'src/types.ts:21:36 type static [Fixtures.Decl] Outer+Pair`2',
  'src/types.ts:21:58 type static [System] Int32',
  'src/types.ts:21:65 type static [System.Collections.Generic] List`1 <System.String>',
  'src/types.ts:21:77 type static [System.Collections.Generic] List`1',
  'src/types.ts:21:99 type static [System] String',
  'src/types.ts:22:31 get static [Fixtures] Color.Green',
  'src/types.ts:22:47 get static [Fixtures.Decl] DayKind.Work',
  'src/types.ts:23:8 call static [Fixtures.Decl] function.delete(in_)/1',
  'src/types.ts:24:8 call static [Fixtures.Decl] function.new()/0',
  'src/types.ts:25:19 call static [] GlobalGreeter.Hello(name)/1',
  'src/types.ts:26:29 call static [Fixtures.Decl] Callbacks.Adder()/0',
  'src/types.ts:27:36 call instance [Fixtures.Decl] Combine.Invoke(a, b)/2',
  'src/types.ts:28:35 type static [Fixtures.Decl] Circle',
  'src/types.ts:29:35 type static [Fixtures] Widget',
  'src/types.ts:30:15 type static [Fixtures] Widget',
  'src/types.ts:31:30 type static [Fixtures.Decl] Circle',
  'src/types.ts:32:29 call static [Fixtures] Overloads.Range(n)/1',
  'src/types.ts:33:11 set instance [System] Array.[index]',
  'src/types.ts:33:22 get instance [System] Array.[index]',
  'src/types.ts:34:25 get instance [System] Array.length',
  'src/types.ts:34:40 get instance [System] Array.Length',
  'src/types.ts:35:21 call instance [System] Array.[Symbol.iterator]()/0',
  'src/types.ts:36:11 call instance [System] Array.[Symbol.iterator]()/0',
  'src/types.ts:37:62 type static [Fixtures.Everyday] MathUtil',
  'src/types.ts:37:72 get static [Fixtures.Everyday] MathUtil.Make <System.Int32>',
  'src/types.ts:37:94 type static [System] Int32',
  'src/types.ts:38:34 new static [Fixtures] Vec3(x, y, z)/3',
  'src/types.ts:38:62 new static [Fixtures.Everyday] Vec3(x, y, z)/3',
  'src/types.ts:39:19 type static [Fixtures] Widget',
  'src/types.ts:41:50 call instance [Fixtures] Box`1.Get()/0',
  'src/types.ts:46:19 call instance [Fixtures] Vec3.Length()/0',
  'src/types.ts:46:19 call instance [Fixtures.Everyday] Vec3.Length()/0',
  'src/unresolved.ts:10:15 new static [Fixtures] Widget(n)/1',
  'src/unresolved.ts:13:40 type static [Fixtures.Everyday] MathUtil',
  'src/unresolved.ts:13:72 type static [System] Int32',
  'src/unresolved.ts:14:39 type static [Fixtures.Everyday] MathUtil',
  'src/unresolved.ts:14:79 type static [System] Int32',
  'src/unresolved.ts:14:101 type static [System] String',
  'src/unresolved.ts:15:21 type static [Fixtures.Everyday] MathUtil',
  'src/unresolved.ts:16:74 type static [System] Int32',
  'src/unresolved.ts:17:32 type static [Fixtures] Box`1',
  'src/unresolved.ts:17:61 type static [System] Int32',
  'src/unresolved.ts:17:83 type static [System] Double',
];

const FIXTURE_UNRESOLVED = [
  'src/unresolved.ts:11:20 Overloads[member] -- a computed member name on the type object Fixtures.Overloads: the member is chosen at run time',
  'src/unresolved.ts:12:22 w[which ? "N" : "Twice"] -- a computed member name on a C# object: the member is chosen at run time',
  'src/unresolved.ts:13:21 zts.generic_method(MathUtil, method, CSharp.System.Int32) -- zts.generic_method with a computed method name: the method is chosen at run time',
  'src/unresolved.ts:14:20 zts.generic_method(MathUtil, "Make", which ? CSharp.System.Int32 : CSharp.Sys... -- zts.generic_method with a computed type argument (argument 3): the closed method is chosen at run time',
  'src/unresolved.ts:16:22 zts.generic_method(owners[0], "Make", CSharp.System.Int32) -- zts.generic_method on a computed type object: the method is chosen at run time',
  'src/unresolved.ts:17:20 zts.generic(Box$1, which ? CSharp.System.Int32 : CSharp.System.Double) -- zts.generic with a computed type argument (argument 2): the closed type is chosen at run time',
  'src/unresolved.ts:19:5 anyWidget.Twice -- a member of an `any` value that comes from C#: it is looked up at run time',
  'src/unresolved.ts:20:5 (w as any).N -- a member of an `any` value that comes from C#: it is looked up at run time',
  'src/unresolved.ts:21:23 CSharp[ns] -- a computed key on a C# namespace object (CSharp[...], a csharp: module): the type is chosen at run time',
  'src/unresolved.ts:22:18 CSharp.Fixtures[typeName] -- a computed key on a C# namespace object (CSharp[...], a csharp: module): the type is chosen at run time',
  'src/unresolved.ts:23:5 (w as unknown as { Hidden(): void }).Hidden -- a member of a C# object cast to a type the declarations do not give it: it is looked up at run time',
  'src/unresolved.ts:24:5 for (const key in w) console.log(key); -- for...in over a C# object: its keys are listed at run time',
  'src/unresolved.ts:25:20 ...w -- object spread of a C# object: its properties are read at run time',
];

function testFixture(o) {
  fixtureTypes(o);
  const result = analyze(fixture);
  checkShape(result);
  assert.deepStrictEqual(result.refs.map(compact), FIXTURE_REFS);
  assert.deepStrictEqual(result.unresolved.map(compactUnresolved), FIXTURE_UNRESOLVED);
  // One ref in full: the contract's exact fields and values.
  assert.deepStrictEqual(result.refs.find(r => r.file === 'src/members.ts' && r.line === 9), {
    file: 'src/members.ts', line: 9, col: 15, namespace: 'Fixtures', type: 'Overloads', member: 'Both', kind: 'call',
    static: true, params: ['b'], args: 1,
  });
  // A tsconfig path and an explicit --typescript give the same list.
  assert.deepStrictEqual(analyze(path.join(fixture, 'tsconfig.json'), ['--typescript', path.join(root, 'node_modules', 'typescript')]), result);
  return 'fixture: ' + result.refs.length + ' refs, ' + result.unresolved.length + ' unresolved';
}

// Compiled scripts: a folder of .js + .js.map (here: maps written by hand, with the forms tsc writes: a relative
// source, a sourceRoot, an inline data: map) leads to the fixture's tsconfig; only the mapped sources are walked.
function testCompiled(o) {
  fixtureTypes(o);
  const full = analyze(fixture);
  const dir = tmpdir('compiled');
  fs.mkdirSync(path.join(dir, 'game'));
  const rel = f => path.relative(path.join(dir, 'game'), path.join(fixture, 'src', f)).split(path.sep).join('/');
  fs.writeFileSync(path.join(dir, 'game', 'members.js'), 'export {};\n//# sourceMappingURL=members.js.map\n');
  fs.writeFileSync(path.join(dir, 'game', 'members.js.map'), JSON.stringify({ version: 3, file: 'members.js', sources: [rel('members.ts')], mappings: '' }));
  fs.writeFileSync(path.join(dir, 'types.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'types.js.map'), JSON.stringify({ version: 3, sourceRoot: path.join(fixture, 'src'), sources: ['types.ts'], mappings: '' }));
  const inline = Buffer.from(JSON.stringify({ version: 3, sources: [path.join(fixture, 'src', 'unresolved.ts')], mappings: '' })).toString('base64');
  fs.writeFileSync(path.join(dir, 'unresolved.js'), 'export {};\n//# sourceMappingURL=data:application/json;base64,' + inline + '\n');
  const result = analyze(dir);
  checkShape(result);
  const mapped = new Set(['src/members.ts', 'src/types.ts', 'src/unresolved.ts']);
  assert.deepStrictEqual(result.refs, full.refs.filter(r => mapped.has(r.file)));
  assert.deepStrictEqual(result.unresolved, full.unresolved.filter(r => mapped.has(r.file)));
  assert.ok(!result.refs.some(r => r.file === 'src/extensions.ts'), 'an unmapped source is not walked');
  return 'compiled: ' + result.refs.length + ' refs from 3 mapped sources';
}

// samples/sim: what the sample's scripts reach (members, not positions: the sample may be edited), the same from its
// compiled out/ folder.
const SIM_MEMBERS = [
  'call instance [Sim] Entity.Is(kind)',
  'call instance [Sim] Entity.Label()',
  'call instance [Sim] World.All(kind)',
  'call instance [Sim] World.Despawn(e, reason)',
  'call instance [Sim] World.Integrate(e, dt)',
  'call instance [Sim] World.Nearest(from, kind)',
  'call instance [Sim] World.Spawn(name, kind, position, velocity, radius)',
  'call instance [Sim] World.SurveyAsync(kind)',
  'call instance [Sim] World.Touching(a, b)',
  'call instance [Sim] World.add_Changed(value)',
  'call instance [System] Array.[Symbol.iterator]()',
  'call static [Sim] World.Distance(a, b)',
  'call static [ZTS.Run] Host.Exit(code)',
  'get instance [Sim] Entity.Id',
  'get instance [Sim] Entity.Name',
  'get instance [Sim] Entity.Position',
  'get instance [Sim] Entity.Radius',
  'get instance [Sim] Entity.Velocity',
  'get instance [Sim] Vec2.Length',
  'get instance [Sim] Vec2.X',
  'get instance [Sim] Vec2.Y',
  'get instance [Sim] World.Count',
  'get instance [Sim] World.Height',
  'get instance [Sim] World.Width',
  'get instance [System] Array.length',
  'get static [Sim] Kind.Crystal',
  'get static [Sim] Kind.Rock',
  'get static [Sim] Kind.Ship',
  'new static [Sim] Vec2(x, y)',
  'new static [Sim] World(width, height)',
  'set instance [Sim] Entity.Position',
  'set instance [Sim] Entity.Velocity',
  'set static [Sim] World.Current',
];

function testSim(o) {
  for (const needed of ['types/csharp.Sim.d.ts', 'out/main.js.map'])
    assert.ok(fs.existsSync(path.join(o.sim, needed)), path.join(o.sim, needed) + ' is missing: build the zts_sample_sim target first');
  const result = analyze(o.sim);
  checkShape(result);
  const members = [...new Set(result.refs.map(r => r.kind + ' ' + (r.static ? 'static' : 'instance') + ' [' + r.namespace + '] ' + r.type +
                                            (r.member ? '.' + r.member : '') + (r.params ? '(' + r.params.join(', ') + ')' : '')))].sort();
  assert.deepStrictEqual(members, SIM_MEMBERS);
  assert.deepStrictEqual(result.unresolved, []);
  // The sample's README example: the ship's steering in game/logic.ts.
  assert.ok(result.refs.some(r => r.file === 'src/game/logic.ts' && r.type === 'World' && r.member === 'Nearest' && r.kind === 'call' &&
                                  r.args === 2), 'src/game/logic.ts calls World.Nearest');
  assert.deepStrictEqual(analyze(path.join(o.sim, 'out')), result, 'the compiled scripts lead to the same list');
  return 'sim: ' + result.refs.length + ' refs, ' + members.length + ' distinct members';
}

function testCli() {
  const help = run(['--help']);
  assert.strictEqual(help.code, 0);
  assert.match(help.stdout, /--project/);
  assert.match(help.stdout, /--typescript/);
  const usage = (args, pattern) => {
    const r = run(args);
    assert.strictEqual(r.code, 64, args.join(' ') + ': ' + r.stderr);
    assert.match(r.stderr, pattern);
    assert.strictEqual(r.stderr.trim().split('\n').length, 1, 'one line: ' + r.stderr);
  };
  usage([], /^script-refs: missing --project/);
  usage(['--project', fixture], /^script-refs: missing --out/);
  usage(['--project', fixture, '--out', 'x.json', '--frobnicate'], /unknown option --frobnicate/);
  usage(['--project'], /--project needs a value/);

  const dir = tmpdir('cli');
  const out = path.join(dir, 'refs.json');
  const setup = (args, pattern) => {
    fs.writeFileSync(out, 'stale');
    const r = run(args.concat(['--out', out]));
    assert.strictEqual(r.code, 2, args.join(' ') + ': ' + r.stderr);
    assert.match(r.stderr, pattern);
    assert.strictEqual(r.stderr.trim().split('\n').length, 1, 'one line: ' + r.stderr);
    assert.ok(!fs.existsSync(out), 'a failed run leaves no list behind');
  };
  setup(['--project', path.join(dir, 'nowhere')], /^script-refs: --project .* does not exist/);
  setup(['--project', fixture, '--typescript', path.join(dir, 'no-typescript')], /^script-refs: cannot load typescript .*--typescript/);
  // A project outside the repository, without a typescript of its own: the tool's location finds the pinned one.
  const loose = path.join(dir, 'loose');
  fs.mkdirSync(path.join(loose, 'src'), { recursive: true });
  fs.writeFileSync(path.join(loose, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "noEmit": true, "types": [] }, "include": ["src/*.ts"] }');
  fs.writeFileSync(path.join(loose, 'src', 'a.ts'), 'export const n: number = 1;\n');
  assert.deepStrictEqual(analyze(loose), { version: 1, refs: [], unresolved: [] });
  // Compiled scripts without maps, and maps whose sources no tsconfig includes.
  const noMap = path.join(dir, 'nomap');
  fs.mkdirSync(noMap);
  fs.writeFileSync(path.join(noMap, 'main.js'), 'export {};\n');
  setup(['--project', noMap], /^script-refs: .*main\.js has no source map/);
  const orphan = path.join(dir, 'orphan');
  fs.mkdirSync(path.join(orphan, 'out'), { recursive: true });
  fs.writeFileSync(path.join(orphan, 'main.ts'), 'export {};\n');
  fs.writeFileSync(path.join(orphan, 'out', 'main.js'), 'export {};\n');
  fs.writeFileSync(path.join(orphan, 'out', 'main.js.map'), JSON.stringify({ version: 3, sources: ['../main.ts'], mappings: '' }));
  if (!findUp(orphan, 'tsconfig.json')) setup(['--project', path.join(orphan, 'out')], /^script-refs: no tsconfig\.json includes the sources/);
  const empty = path.join(dir, 'empty');
  fs.mkdirSync(empty);
  setup(['--project', empty], /^script-refs: .* has no tsconfig\.json and no compiled scripts/);

  // TypeScript errors: printed as tsc prints them, exit 1, nothing written.
  fs.writeFileSync(path.join(loose, 'src', 'b.ts'), 'export const s: number = "text";\n');
  fs.writeFileSync(out, 'stale');
  const bad = run(['--project', loose, '--out', out], { cwd: loose });
  assert.strictEqual(bad.code, 1, bad.stderr);
  assert.match(bad.stderr, /^src\/b\.ts\(1,14\): error TS2322: Type 'string' is not assignable to type 'number'\./m);
  assert.match(bad.stderr, /script-refs: 1 TypeScript error in .*; nothing written/);
  assert.ok(!fs.existsSync(out), 'nothing written on TypeScript errors');
  return 'cli: exit codes 0, 1, 2, 64';
}

function findUp(dir, name) {
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, name))) return path.join(d, name);
    if (path.dirname(d) === d) return null;
  }
}

function main() {
  const o = options(process.argv.slice(2));
  const tests = { fixture: testFixture, compiled: testCompiled, sim: testSim, cli: testCli };
  let failed = 0;
  for (const g of o.groups) {
    if (!tests[g]) throw new Error('unknown group ' + g + ' (fixture, compiled, sim, cli)');
    try {
      console.log('ok   ' + tests[g](o));
    } catch (e) {
      failed++;
      console.log('FAIL ' + g + ': ' + (e && e.stack ? e.stack : e));
    }
  }
  for (const d of tmpdirs) fs.rmSync(d, { recursive: true, force: true });
  if (failed > 0) {
    console.log(failed + ' of ' + o.groups.length + ' groups failed');
    process.exit(1);
  }
  console.log('script-refs tests passed');
}

main();
