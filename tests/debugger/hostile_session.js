// Hostile requests against `ztsrun --inspect` on tests/debugger/hostile/main.js, one case per run, each a ctest
// (tests/CMakeLists.txt, Debugger_*): what a client (or a page that got the target id) can send must neither crash
// nor hang the game. chrome-remote-interface is the client, as in inspect_session.js.
// Usage: node hostile_session.js <case> <fixture dir> <command> [args...]
// (the command runs ztsrun; this script adds <fixture dir> --inspect=0 --until-exit --fps 100 and the case's options).
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const CDP = require('chrome-remote-interface');

const [caseName, dir, command, ...commandArgs] = process.argv.slice(2);
const mainJs = path.join(dir, 'main.js');

function lineOf(file, marker) {
    const i = fs.readFileSync(file, 'utf8').split('\n').findIndex(l => l.includes('// ' + marker));
    if (i < 0) throw new Error(`no marker ${marker} in ${file}`);
    return i;
}

function check(cond, message) {
    if (!cond) throw new Error(message);
}

const caseArgs = {
    reset: [],
    budget: ['--budget', '2000'],
    timeout: ['--budget', '0'],
    terminate: ['--budget', '0'],
    condition: ['--budget', '2000'],
    consolegroup: [],
    urlregex: [],
}[caseName];
if (!caseArgs) {
    console.error('hostile session: unknown case ' + caseName);
    process.exit(64);
}

const child = spawn(command, [...commandArgs, dir, '--inspect=0', '--until-exit', '--fps', '100', ...caseArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] });
let stdout = '';
let stderr = '';
child.stdout.on('data', d => { stdout += d; });
const exited = new Promise(resolve => child.on('exit', (code, signal) => resolve({ code, signal })));
const listening = new Promise((resolve, reject) => {
    child.stderr.on('data', d => {
        stderr += d;
        const m = /Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
        if (m) resolve(Number(m[1]));
    });
    child.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening`)));
});

// A safety net for a broken build (a hang), not an assertion: every case ends by itself when the server behaves.
const timer = setTimeout(() => {
    console.error(`hostile session ${caseName} FAILED: timed out\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    child.kill('SIGKILL');
    process.exit(1);
}, 60000);

const frames = async Runtime => (await Runtime.evaluate({ expression: 'globalThis.frames' })).result.value;

// The game runs on after the request: frames still advance.
async function gameRuns(Runtime) {
    const before = await frames(Runtime);
    for (;;) {
        await new Promise(resolve => setTimeout(resolve, 20));
        if (await frames(Runtime) > before) return;
    }
}

async function exitsNormally(Runtime, client) {
    await Runtime.evaluate({ expression: 'globalThis.done = true' });
    const { code, signal } = await exited;
    await client.close().catch(() => {});
    check(code === 0, `ztsrun exit code ${code} signal ${signal}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
}

function stoppedBy(reply, text) {
    return reply.exceptionDetails && reply.result.subtype === 'error' && reply.result.description.includes(text);
}

const cases = {
    // Runtime.evaluate between frames runs as a nested call: a Reset it reaches is refused and stays reserved, and
    // the game's own EndOfFrame applies it (before: the domain was freed under the debugger, SIGABRT).
    async reset({ Runtime }) {
        // Past the first frame, so that the reloaded module knows it is a reload (Host.Frame > 0).
        while (await frames(Runtime) < 2) await gameRuns(Runtime);
        const r = await Runtime.evaluate({ expression: 'resetNow()' });
        check(r.exceptionDetails && /a Reset cannot be applied inside a C# -> JS/.test(r.exceptionDetails.text),
            'the Reset was refused: ' + JSON.stringify(r));
        const { code, signal } = await exited;
        check(code === 0 && stdout.includes('reloaded in a new domain'),
            `the reserved Reset applied at the frame's end: exit ${code} signal ${signal}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    },
    // A runaway evaluation between frames ends at the call budget with an exception reply; the game runs on.
    async budget({ Runtime }, client) {
        const r = await Runtime.evaluate({ expression: 'for (;;) {}' });
        check(stoppedBy(r, 'zts: script interrupted: the call ran past its time budget of 2000 ms'), 'budget: ' + JSON.stringify(r));
        await gameRuns(Runtime);
        await exitsNormally(Runtime, client);
    },
    // With no call budget, CDP's timeout bounds an evaluation, between frames and while paused.
    async timeout({ Runtime, Debugger }, client) {
        const r = await Runtime.evaluate({ expression: 'for (;;) {}', timeout: 100 });
        check(stoppedBy(r, 'time budget of 100 ms'), 'timeout between frames: ' + JSON.stringify(r));
        await gameRuns(Runtime);
        const paused = new Promise(resolve => Debugger.paused(resolve));
        await Debugger.pause();
        const p = await paused;
        const e = await Debugger.evaluateOnCallFrame({ callFrameId: p.callFrames[0].callFrameId, expression: 'for (;;) {}', timeout: 100 });
        check(stoppedBy(e, 'time budget of 100 ms'), 'timeout while paused: ' + JSON.stringify(e));
        const g = await Runtime.evaluate({ expression: 'while (true) {}', timeout: 100 });
        check(stoppedBy(g, 'time budget of 100 ms'), 'Runtime.evaluate timeout while paused: ' + JSON.stringify(g));
        const ok = await Debugger.evaluateOnCallFrame({ callFrameId: p.callFrames[0].callFrameId, expression: 'dt >= 0' });
        check(ok.result.value === true, 'the paused frame evaluates after: ' + JSON.stringify(ok));
        await Debugger.resume();
        await gameRuns(Runtime);
        await exitsNormally(Runtime, client);
    },
    // With no budget and no timeout, Debugger.pause (and Runtime.terminateExecution) stops a runaway evaluation.
    async terminate({ Runtime, Debugger }, client) {
        for (const stop of [() => Debugger.pause(), () => client.send('Runtime.terminateExecution')]) {
            const running = Runtime.evaluate({ expression: 'for (;;) {}' });
            await stop();
            const r = await running;
            check(stoppedBy(r, "zts: script interrupted: the debugger's client terminated the evaluation"), 'terminated: ' + JSON.stringify(r));
            await gameRuns(Runtime);
        }
        await exitsNormally(Runtime, client);
    },
    // A breakpoint condition that runs away is the tick's runaway: ztsrun reports it and ends the run (before: the
    // interrupt was dropped, each frame took the whole budget, and nothing was reported).
    async condition({ Debugger }, client) {
        await Debugger.setBreakpointByUrl({ url: 'file://' + mainJs, lineNumber: lineOf(mainJs, 'CONDITION-HERE'),
            condition: '(() => { for (;;) {} })()' });
        const { code } = await exited;
        await client.close().catch(() => {});
        check(code === 1 && /script interrupted after \d+ ms in main\.tick/.test(stdout + stderr),
            `the runaway condition reported: exit ${code}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    },
    // A Proxy in the "console" group whose traps log past the group's bound (1000 arguments): the group is released
    // while Runtime.getProperties walks the Proxy; the walk keeps it (before: use after free).
    async consolegroup({ Runtime }, client) {
        const r = await Runtime.evaluate({ objectGroup: 'console', expression:
            '(() => { const log = () => { if (globalThis.armed) for (let i = 0; i < 1100; i++) console.log("trap " + i); };' +
            ' return new Proxy({ a: 1, b: 2 }, {' +
            ' ownKeys(t) { log(); return Reflect.ownKeys(t); },' +
            ' getOwnPropertyDescriptor(t, k) { log(); return Reflect.getOwnPropertyDescriptor(t, k); },' +
            ' getPrototypeOf(t) { log(); return Reflect.getPrototypeOf(t); } }); })()' });
        check(r.result.objectId, 'a Proxy object: ' + JSON.stringify(r));
        await Runtime.evaluate({ expression: 'globalThis.armed = true' }); // its traps log from now on
        const props = await Runtime.getProperties({ objectId: r.result.objectId, ownProperties: true });
        const names = props.result.map(p => p.name);
        check(names.includes('a') && names.includes('b'), 'the Proxy\'s properties: ' + JSON.stringify(names));
        await gameRuns(Runtime);
        await exitsNormally(Runtime, client);
    },
    // urlRegex is matched on the game thread: a pattern std::regex's recursive compiler died on (20,000 nested
    // groups) is an error reply, a backtracking one matches in linear time, and a VS Code-style pattern works.
    async urlregex({ Runtime, Debugger }, client) {
        const deep = '('.repeat(20000) + 'a' + ')'.repeat(20000);
        const refused = await Debugger.setBreakpointByUrl({ urlRegex: deep, lineNumber: 0 }).then(r => r, e => e);
        check(refused instanceof Error && /zts: urlRegex: the pattern is longer than/.test(refused.message),
            'a deep pattern refused: ' + (refused.message || JSON.stringify(refused)));
        const nested = '('.repeat(2000) + 'a' + ')'.repeat(2000);
        const refused2 = await Debugger.setBreakpointByUrl({ urlRegex: nested, lineNumber: 0 }).then(r => r, e => e);
        check(refused2 instanceof Error && /nested deeper than 64/.test(refused2.message),
            'a nested pattern refused: ' + (refused2.message || JSON.stringify(refused2)));
        const slow = await Debugger.setBreakpointByUrl({ urlRegex: '^(.*)*(.*)*(.*)*x$', lineNumber: 0 });
        check(slow.locations.length === 0, 'a backtracking pattern that matches nothing: ' + JSON.stringify(slow));
        await gameRuns(Runtime);
        const paused = new Promise(resolve => Debugger.paused(resolve));
        const bp = await Debugger.setBreakpointByUrl({ urlRegex: '[mM][aA][iI][nN]\\.[jJ][sS]($|\\?)',
            lineNumber: lineOf(mainJs, 'CONDITION-HERE') });
        check(bp.locations.length === 1, 'a VS Code-style pattern resolves: ' + JSON.stringify(bp));
        const p = await paused;
        check(p.hitBreakpoints.includes(bp.breakpointId), 'it stops there: ' + JSON.stringify(p.hitBreakpoints));
        await Debugger.removeBreakpoint({ breakpointId: bp.breakpointId });
        await Debugger.resume();
        await exitsNormally(Runtime, client);
    },
};

async function main() {
    const port = await listening;
    const client = await CDP({ host: '127.0.0.1', port, local: true });
    await client.Runtime.enable();
    await client.Debugger.enable();
    await cases[caseName](client, client);
    clearTimeout(timer);
    console.log(`hostile session ${caseName} ok`);
}

main().catch(async e => {
    // A diagnostic only: give a dying ztsrun a moment, so that the report says how it ended (a crash's signal).
    await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 2000))]);
    const how = child.exitCode !== null || child.signalCode !== null ? `ztsrun ended: exit ${child.exitCode} signal ${child.signalCode}` : 'ztsrun still runs';
    console.error(`hostile session ${caseName} FAILED (${how}): ${e && e.stack || e}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    child.kill('SIGKILL');
    clearTimeout(timer);
    process.exit(1);
});
