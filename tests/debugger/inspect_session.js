// Drives a `ztsrun --inspect-brk` session of the TypeScript fixture (tests/debugger/fixture) with a real Chrome
// DevTools Protocol client, chrome-remote-interface (pinned in package-lock.json), as VS Code or Chrome DevTools
// would: breakpoint on a .ts line, locals and a C# object's member, step into and out, evaluation, a pause on an
// exception, console output, and the run finishing with its normal output.
// Usage: node inspect_session.js <fixture out dir> <fixture src dir> <command> [args...]
// (the command runs ztsrun; this script adds <out dir> --inspect-brk=0 --until-exit --fps 0).
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const CDP = require('chrome-remote-interface');

const [outDir, srcDir, command, ...commandArgs] = process.argv.slice(2);
const mainTs = path.join(srcDir, 'main.ts');
const mathTs = path.join(srcDir, 'math.ts');

// The 0-based line of the marker comment in a file.
function lineOf(file, marker) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const i = lines.findIndex(l => l.includes('// ' + marker));
    if (i < 0) throw new Error(`no marker ${marker} in ${file}`);
    return i;
}

function fail(message) {
    console.error('inspect session FAILED: ' + message);
    process.exitCode = 1;
    throw new Error(message);
}

function check(cond, message) {
    if (!cond) fail(message);
}

const child = spawn(command, [...commandArgs, outDir, '--inspect-brk=0', '--until-exit', '--fps', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
let stdout = '';
let stderr = '';
child.stdout.on('data', d => { stdout += d; });
const exited = new Promise(resolve => child.on('exit', code => resolve(code)));
const listening = new Promise((resolve, reject) => {
    child.stderr.on('data', d => {
        stderr += d;
        const m = /Debugger listening on (ws:\/\/127\.0\.0\.1:(\d+)\/\S+)/.exec(stderr);
        if (m) resolve({ url: m[1], port: Number(m[2]) });
    });
    child.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening:\n${stderr}`)));
});

const timer = setTimeout(() => {
    console.error('inspect session FAILED: timed out\nstdout:\n' + stdout + '\nstderr:\n' + stderr);
    child.kill('SIGKILL');
    process.exit(1);
}, 60000);

async function main() {
    const { url, port } = await listening;
    // node --inspect's HTTP endpoints: what VS Code and chrome://inspect read first.
    const version = await CDP.Version({ host: '127.0.0.1', port });
    check(version['Protocol-Version'] === '1.3', 'json/version: ' + JSON.stringify(version));
    const targets = await CDP.List({ host: '127.0.0.1', port });
    check(targets.length === 1 && targets[0].webSocketDebuggerUrl === url, 'json/list: ' + JSON.stringify(targets));

    // local: the protocol descriptor chrome-remote-interface bundles (node's /json/protocol is not served).
    const client = await CDP({ host: '127.0.0.1', port, local: true });
    const { Debugger, Runtime } = client;
    const scripts = new Map();
    const pauses = [];
    let waiter = null;
    const consoleLines = [];
    Debugger.scriptParsed(p => scripts.set(p.scriptId, p));
    Debugger.paused(p => { pauses.push(p); if (waiter) { const w = waiter; waiter = null; w(); } });
    Runtime.consoleAPICalled(p => consoleLines.push(p.args.map(a => a.value !== undefined ? a.value : a.description).join(' ')));
    const nextPause = async () => {
        if (pauses.length === 0) await new Promise(resolve => { waiter = resolve; });
        return pauses.shift();
    };
    const local = async (frame, name) => {
        const scope = frame.scopeChain.find(s => s.type === 'local');
        const { result } = await Runtime.getProperties({ objectId: scope.object.objectId, ownProperties: true });
        const p = result.find(r => r.name === name);
        return p && p.value;
    };

    await Runtime.enable();
    await Debugger.enable();
    // Instrumentation breakpoints are refused with an error reply (as V8 refuses what it cannot set), not accepted and
    // never hit.
    const refused = await Debugger.setInstrumentationBreakpoint({ instrumentation: 'beforeScriptExecution' })
        .then(() => null, e => e);
    check(refused && /zts: instrumentation breakpoints are not supported/.test(JSON.stringify(refused.response || refused.message)),
        'setInstrumentationBreakpoint refused: ' + (refused && JSON.stringify(refused.response || refused.message)));
    // A breakpoint on a .ts line, set before the module loads: it resolves through the source map when main.js
    // compiles.
    const bpLine = lineOf(mainTs, 'BREAK-HERE');
    const bp = await Debugger.setBreakpointByUrl({ url: 'file://' + mainTs, lineNumber: bpLine });
    check(typeof bp.breakpointId === 'string', 'setBreakpointByUrl: ' + JSON.stringify(bp));
    await Runtime.runIfWaitingForDebugger();

    // --inspect-brk: the first statement of the program's main module, as Node's (math.js, which it imports, runs
    // a top-level statement first).
    let p = await nextPause();
    check(/main\.js$/.test(p.callFrames[0].url) && p.reason === 'Break on start',
        'first pause in main.js, Break on start: ' + p.callFrames[0].url + ' ' + p.reason);
    const mainScript = [...scripts.values()].find(s => /main\.js$/.test(s.url));
    check(mainScript && /^data:application\/json/.test(mainScript.sourceMapURL), 'main.js reported with its source map');
    check(mainScript.url === 'file://' + path.join(outDir, 'main.js'), 'main.js has its file URL: ' + mainScript.url);
    await Debugger.resume();

    // The breakpoint, in the generated line that the .ts line maps to.
    p = await nextPause();
    const top = p.callFrames[0];
    const mainJs = fs.readFileSync(path.join(outDir, 'main.js'), 'utf8').split('\n');
    const generated = mainJs.findIndex(l => l.includes('add(frames, 40)'));
    check(p.hitBreakpoints.includes(bp.breakpointId), 'hit the breakpoint: ' + JSON.stringify(p.hitBreakpoints));
    check(top.functionName === 'tick' && top.location.lineNumber === generated,
        `stopped in tick at line ${generated}: ${top.functionName} ${top.location.lineNumber}`);
    const label = await local(top, 'label');
    check(label && label.value === 'frame 2', 'local label: ' + JSON.stringify(label));
    const dt = await local(top, 'dt');
    check(dt && dt.type === 'number', 'argument dt: ' + JSON.stringify(dt));
    check(top.scopeChain.map(s => s.type).join(',') === 'local,closure,module,global' ||
          top.scopeChain.map(s => s.type).join(',') === 'local,module,global',
        'scopes: ' + top.scopeChain.map(s => s.type).join(','));
    const moduleScope = top.scopeChain.find(s => s.type === 'module');
    const moduleVars = (await Runtime.getProperties({ objectId: moduleScope.object.objectId, ownProperties: true })).result;
    const frames = moduleVars.find(v => v.name === 'frames');
    check(frames && frames.value.value === 2, 'module variable frames: ' + JSON.stringify(frames));
    // A C# object: its members are properties, read when the client expands it.
    const world = moduleVars.find(v => v.name === 'world');
    check(world && world.value.type === 'object' && world.value.objectId, 'module variable world: ' + JSON.stringify(world));
    const members = (await Runtime.getProperties({ objectId: world.value.objectId, ownProperties: true })).result;
    const width = members.find(m => m.name === 'Width');
    check(width && width.value.value === 100, 'C# member Width: ' + JSON.stringify(members.map(m => m.name)));
    // Evaluation on the frame sees its locals, closures and module variables.
    const ev = await Debugger.evaluateOnCallFrame({ callFrameId: top.callFrameId, expression: 'label + " of " + world.Height' });
    check(ev.result.value === 'frame 2 of 50', 'evaluateOnCallFrame: ' + JSON.stringify(ev));
    // throwOnSideEffect (DevTools' eager evaluation, VS Code's hovers): refused as V8 refuses a side effect, not run.
    for (const asked of [Runtime.evaluate({ expression: 'globalThis.zts_side = 1', throwOnSideEffect: true }),
                         Debugger.evaluateOnCallFrame({ callFrameId: top.callFrameId, expression: 'globalThis.zts_side = 2', throwOnSideEffect: true })]) {
        const refused = await asked;
        check(refused.exceptionDetails && refused.result.className === 'EvalError', 'throwOnSideEffect refused: ' + JSON.stringify(refused));
    }
    // A concatenation over ~8 KiB is a QuickJS rope until something flattens it: it is a string all the same.
    const rope = await Runtime.evaluate({ expression: "'x'.repeat(6000) + 'y'.repeat(6000)" });
    check(rope.result.type === 'string' && rope.result.value.length === 12000 && rope.result.value.endsWith('yy'),
          'a rope string evaluated: ' + JSON.stringify(rope.result).slice(0, 200));
    const side = await Runtime.evaluate({ expression: 'typeof globalThis.zts_side' });
    check(side.result.value === 'undefined', 'a throwOnSideEffect expression did not run: ' + JSON.stringify(side));
    // Held longer than ztsrun's call budget (1000 ms): a paused script does not count against it.
    await new Promise(resolve => setTimeout(resolve, 1500));

    // Step into add (math.ts), then out again.
    await Debugger.stepInto();
    p = await nextPause();
    check(p.callFrames[0].functionName === 'add' && /math\.js$/.test(p.callFrames[0].url),
        'stepInto lands in add: ' + p.callFrames[0].functionName + ' ' + p.callFrames[0].url);
    const a = await local(p.callFrames[0], 'a');
    check(a && a.value === 2, 'argument a in add: ' + JSON.stringify(a));
    const sum = await Debugger.evaluateOnCallFrame({ callFrameId: p.callFrames[0].callFrameId, expression: 'a + b' });
    check(sum.result.value === 42, 'a + b in add: ' + JSON.stringify(sum));
    await Debugger.stepOut();
    p = await nextPause();
    check(p.callFrames[0].functionName === 'tick', 'stepOut back in tick: ' + p.callFrames[0].functionName);
    await Debugger.stepOver();
    p = await nextPause();
    const afterAdd = mainJs.findIndex(l => l.includes('AFTER-ADD'));
    check(p.callFrames[0].functionName === 'tick' && p.callFrames[0].location.lineNumber === afterAdd,
        `stepOver to the next line ${afterAdd}: ${p.callFrames[0].location.lineNumber}`);
    const total = await local(p.callFrames[0], 'total');
    check(total && total.value === 42, 'local total after the step: ' + JSON.stringify(total));

    // Pause on a (caught) exception, where it is thrown.
    await Debugger.setPauseOnExceptions({ state: 'all' });
    await Debugger.resume();
    p = await nextPause();
    check(p.reason === 'exception' && /caught one/.test(p.data.description) && p.data.uncaught === false,
        'exception pause: ' + p.reason + ' ' + JSON.stringify(p.data));
    check(p.callFrames[0].functionName === 'fail', 'thrown in fail: ' + p.callFrames[0].functionName);
    await Debugger.setPauseOnExceptions({ state: 'none' });
    await Debugger.resume();

    const code = await exited;
    await client.close().catch(() => {});
    check(code === 0, `ztsrun exit code ${code}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    check(stdout.includes('total 42, width 100, frame 2, dt true') && stdout.includes('caught: caught one'),
        'normal output: ' + stdout);
    check(consoleLines.some(l => l.startsWith('total 42, width 100')), 'console.log reached the client: ' + JSON.stringify(consoleLines));
    clearTimeout(timer);
    console.log('inspect session ok: breakpoint, locals, C# member, step into/out/over, evaluate, budget held, exception, console');
}

main().catch(e => {
    console.error('inspect session FAILED: ' + (e && e.stack || e) + '\nstdout:\n' + stdout + '\nstderr:\n' + stderr);
    child.kill('SIGKILL');
    clearTimeout(timer);
    process.exit(1);
});
