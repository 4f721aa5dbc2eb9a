// VS Code's JavaScript debugger (microsoft/vscode-js-debug) attaching to a Node process ("request": "attach"),
// replayed against `ztsrun --inspect-brk` on the TypeScript fixture: the discovery requests and the CDP calls it sends,
// in its order, with its parameters, as its source has them (file names of that repository):
//   src/targets/browser/spawn/endpoints.ts  GET /json/version and /json/list together; Node publishes no
//                                           webSocketDebuggerUrl in /json/version, so the first of /json/list
//   src/targets/node/nodeTarget.ts          NodeWorker.enable {waitForDebuggerOnStart}; a "dynamic attach" (its
//                                           nodeAttacher) enables Runtime and Debugger first
//   src/adapter/threads.ts                  Runtime.enable, Profiler.enable, Debugger.enable (its debuggerId);
//                                           Debugger.setInstrumentationBreakpoint beforeScriptWithSourceMapExecution;
//                                           a Runtime.evaluate {silent, contextId} per execution context (its
//                                           WebAssembly hook)
//   src/adapter/exceptionPauseService.ts    Debugger.setPauseOnExceptions {state: 'none'}
//   src/adapter/scriptSkipper/              Debugger.setBlackboxPatterns (skipFiles: <node_internals>/**)
//   src/adapter/breakpoints*.ts             Debugger.setBreakpointByUrl {urlRegex, lineNumber, columnNumber, condition},
//                                           Debugger.getPossibleBreakpoints {start, end, restrictToFunction}
//   src/adapter/asyncStackPolicy.ts         Debugger.setAsyncCallStackDepth {maxDepth: 16} once a breakpoint resolved
//   src/targets/node/nodeLauncherBase.ts    Runtime.evaluate {contextId: 1, returnByValue} of a process probe
//   src/targets/node/nodeAttacherBase.ts    Runtime.evaluate {contextId: 1, returnByValue} setting child env vars
//   src/targets/node/nodeTarget.ts          Runtime.runIfWaitingForDebugger
//   at a pause (variableStore.ts, evaluator.ts, threads.ts): Runtime.getProperties (accessors only, own, with
//                                           previews), Runtime.callFunctionOn {throwOnSideEffect, returnByValue},
//                                           Debugger.evaluateOnCallFrame, Debugger.getScriptSource,
//                                           Debugger.stepOver, Debugger.resume; NodeWorker.disable on detach.
// The expressions are this test's own, doing what its templates do. Every call must get a V8-shaped result (what
// this server accepts without effect says so: docs/DEBUGGING.md); the one refusal is the instrumentation breakpoint,
// an error reply as V8 gives for what it cannot set, which js-debug reads as "not set". The run then ends normally.
// The only clock is the overall timeout, a failure (a hang), not an assertion on how long anything took.
// Usage: node vscode_attach_session.js <fixture out dir> <command> [args...]
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const path = require('path');
const CDP = require('chrome-remote-interface');

const [outDir, command, ...commandArgs] = process.argv.slice(2);
let child = null;
let stderr = '';
let stdout = '';
const calls = [];

function fail(message) {
    console.error(`vscode attach session FAILED: ${message}\n--- calls:\n${calls.join('\n')}\n--- ztsrun stderr:\n${stderr}`);
    if (child) child.kill('SIGKILL');
    process.exit(1);
}

function check(cond, message) {
    if (!cond) fail(message);
}

function get(port, p) {
    return new Promise((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: p, headers: { Host: 'localhost' } }, res => {
            let body = '';
            res.on('data', d => { body += d; });
            res.on('end', () => resolve({ status: res.statusCode, body }));
        }).on('error', reject);
    });
}

// A path as js-debug matches it: either the file URL or the bare path, then the end or a query.
function urlRegex(file) {
    const escaped = file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return `^(?:[fF][iI][lL][eE]:\\/\\/${escaped}|${escaped})($|\\?)`;
}

async function main() {
    const mainJs = path.resolve(outDir, 'main.js');
    const jsLines = fs.readFileSync(mainJs, 'utf8').split('\n');
    const breakLine = jsLines.findIndex(l => l.includes('add(frames, 40)')); // 0-based, as CDP
    check(breakLine >= 0, 'no add(frames, 40) in main.js');

    child = spawn(command, [...commandArgs, outDir, '--inspect-brk=0', '--until-exit', '--fps', '0'],
        { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', d => { stdout += d; });
    const exited = new Promise(resolve => child.on('exit', code => resolve(code)));
    const port = await new Promise((resolve, reject) => {
        child.stderr.on('data', d => {
            stderr += d;
            const m = /Debugger listening on ws:\/\/[^\s]+:(\d+)\//.exec(stderr);
            if (m && stderr.includes('waiting for the debugger')) resolve(Number(m[1]));
        });
        exited.then(code => reject(new Error(`ztsrun exited (${code}) before listening`)));
    });

    const [version, list] = await Promise.all([get(port, '/json/version'), get(port, '/json/list')]);
    check(version.status === 200 && list.status === 200, `/json/version ${version.status}, /json/list ${list.status}`);
    check(!('webSocketDebuggerUrl' in JSON.parse(version.body)), '/json/version names a WebSocket, as Node does not');
    const [target] = JSON.parse(list.body);
    const client = await CDP({ target: target.webSocketDebuggerUrl, local: true });

    const contexts = [];
    const pauses = [];
    let pauseWaiter = null;
    client.on('Runtime.executionContextCreated', p => contexts.push(p.context.id));
    client.on('Debugger.paused', p => {
        pauses.push(p);
        if (pauseWaiter) pauseWaiter();
    });
    const nextPause = async () => {
        while (!pauses.length) await new Promise(resolve => { pauseWaiter = resolve; });
        return pauses.shift();
    };

    // One call: its reply must be a result object (or, with refused, an error reply carrying a zts: text).
    const call = async (method, params = {}, refused = false) => {
        let result;
        try {
            result = await client.send(method, params);
        } catch (e) {
            const text = (e.response && e.response.message) || String(e);
            calls.push(`${method}: error ${text}`);
            if (!refused) fail(`${method} answered with an error: ${text}`);
            check(/^zts: /.test(text), `${method}'s refusal carries no zts: text: ${text}`);
            return null;
        }
        calls.push(`${method}: ${JSON.stringify(result).slice(0, 160)}`);
        if (refused) fail(`${method} was accepted: ${JSON.stringify(result)}`);
        check(result !== null && typeof result === 'object', `${method}: no result object`);
        return result;
    };

    await call('NodeWorker.enable', { waitForDebuggerOnStart: true });
    await call('Runtime.enable');
    await call('Debugger.enable');
    await call('Runtime.enable');
    await call('Profiler.enable');
    const enabled = await call('Debugger.enable');
    check(typeof enabled.debuggerId === 'string' && enabled.debuggerId.length > 0, 'Debugger.enable: no debuggerId');
    await call('Debugger.setPauseOnExceptions', { state: 'none' });
    await call('Debugger.setBlackboxPatterns', { patterns: ['^(node:)?internal\\/'] });
    await call('Debugger.setInstrumentationBreakpoint', { instrumentation: 'beforeScriptWithSourceMapExecution' }, true);
    check(contexts.length > 0, 'no Runtime.executionContextCreated');
    for (const contextId of contexts) {
        const hook = await call('Runtime.evaluate', {
            expression: "typeof WebAssembly === 'undefined' ? 'no WebAssembly' : 'hooked'", silent: true, contextId,
        });
        check(hook.result.type === 'string', 'WebAssembly hook: ' + JSON.stringify(hook));
    }
    const bp = await call('Debugger.setBreakpointByUrl',
        { urlRegex: urlRegex(mainJs), lineNumber: breakLine, columnNumber: 0, condition: '' });
    check(typeof bp.breakpointId === 'string' && Array.isArray(bp.locations), 'setBreakpointByUrl: ' + JSON.stringify(bp));
    await call('Debugger.setAsyncCallStackDepth', { maxDepth: 16 });
    const probe = await call('Runtime.evaluate', {
        contextId: 1, returnByValue: true,
        expression: "typeof process === 'undefined' || process.pid === undefined ? 'process not defined' : " +
            '({ processId: process.pid, nodeVersion: process.version, architecture: process.arch })\n//# sourceURL=probe.js\n',
    });
    check(probe.result.value === 'process not defined', 'process probe: ' + JSON.stringify(probe));
    const env = await call('Runtime.evaluate', {
        contextId: 1, returnByValue: true,
        expression: "typeof Deno === 'object' ? 'deno' : typeof process === 'undefined' || process.pid === undefined ? " +
            "'process not defined' : (() => { process.env.NODE_OPTIONS = (process.env.NODE_OPTIONS || '') + ' --x'; })()",
    });
    check(env.result.value === 'process not defined', 'env vars: ' + JSON.stringify(env));
    await call('Runtime.runIfWaitingForDebugger');

    const start = await nextPause(); // --inspect-brk's first pause, in main.js
    check(start.reason === 'Break on start', 'first pause: ' + start.reason);
    const scriptId = start.callFrames[0].location.scriptId;
    const possible = await call('Debugger.getPossibleBreakpoints', {
        start: { scriptId, lineNumber: breakLine, columnNumber: 0 },
        end: { scriptId, lineNumber: breakLine + 1, columnNumber: 0 },
        restrictToFunction: false,
    });
    check(Array.isArray(possible.locations) && possible.locations.length > 0, 'getPossibleBreakpoints: ' + JSON.stringify(possible));
    await call('Debugger.resume');

    const hit = await nextPause();
    check(hit.callFrames[0].location.lineNumber === breakLine && hit.callFrames[0].functionName === 'tick',
        'breakpoint pause: ' + JSON.stringify(hit.callFrames[0].location) + ' ' + hit.callFrames[0].functionName);
    const frame = hit.callFrames[0];
    const local = frame.scopeChain.find(s => s.type === 'local');
    check(local && local.object.objectId, 'no local scope');
    const objectId = local.object.objectId;
    await call('Runtime.getProperties', { objectId, accessorPropertiesOnly: true, ownProperties: false, generatePreview: true });
    const own = await call('Runtime.getProperties', { objectId, ownProperties: true, generatePreview: true });
    const label = own.result.find(p => p.name === 'label');
    check(label && label.value.value === 'frame 2', 'local label: ' + JSON.stringify(own.result.map(p => p.name)));
    // Stringy previews: js-debug's call runs with throwOnSideEffect, which this server answers as V8 does a refused
    // side effect (an exception in the result), and js-debug then uses no custom description.
    const stringy = await call('Runtime.callFunctionOn', {
        functionDeclaration: 'function () { return {}; }', objectId, throwOnSideEffect: true, returnByValue: true,
    });
    check(stringy.result && (stringy.exceptionDetails || stringy.result.type === 'object'), 'callFunctionOn: ' + JSON.stringify(stringy));
    const evaluated = await call('Debugger.evaluateOnCallFrame',
        { callFrameId: frame.callFrameId, expression: 'label + "!"', returnByValue: false, generatePreview: true });
    check(evaluated.result.value === 'frame 2!', 'evaluateOnCallFrame: ' + JSON.stringify(evaluated));
    const source = await call('Debugger.getScriptSource', { scriptId: frame.location.scriptId });
    check(typeof source.scriptSource === 'string' && source.scriptSource.includes('add(frames, 40)'), 'getScriptSource');
    await call('Debugger.stepOver', {});
    const stepped = await nextPause();
    check(stepped.callFrames[0].location.lineNumber > breakLine, 'stepOver: ' + JSON.stringify(stepped.callFrames[0].location));
    // js-debug's detach (NodeWorker.disable), then its resume: the script ends the run (Host.Exit) right after.
    await call('NodeWorker.disable');
    await call('Debugger.resume');
    await client.close();

    const code = await exited;
    check(code === 0, 'ztsrun exit code ' + code);
    check(stdout.includes('total 42, width 100, frame 2'), 'run output: ' + stdout);
    console.log(calls.join('\n'));
    console.log('vscode attach session ok');
    process.exit(0);
}

setTimeout(() => fail('timed out (a hang)'), 90000).unref();
main().catch(e => fail(e.stack || String(e)));
