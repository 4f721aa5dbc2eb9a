// The script profiler over CDP (docs/DEBUGGING.md, "The script profiler"), against `ztsrun --inspect` on
// tests/debugger/profile/main.js, whose every frame runs a hot JS function (hotLoop) and a slow C# call
// (System.Threading.Thread.Sleep). chrome-remote-interface is the client, as in inspect_session.js.
//   - Profiler.stop without a profile is refused with V8's text;
//   - two profiles, at 1000 us and at 4000 us (Profiler.setSamplingInterval): each well-formed (every sample a node,
//     children linked to one parent each, hitCounts the samples' count, timeDeltas within startTime..endTime), the
//     number of samples following the interval, hotLoop and the C# frame (a node of its own, under tick) carrying
//     most of the samples, hotLoop at its line in main.js;
//   - Chrome DevTools' own profile model (CPUProfileDataModel of the npm chrome-devtools-frontend, bundled with
//     esbuild as tests/debugger/devtools does for the whole front end) reads the first profile: its total is the
//     profile's duration, and hotLoop and Thread.Sleep get the self time their samples give;
//   - positionTicks: each node's self samples by line, hotLoop's all on its loop's lines;
//   - the top functions by self samples are printed (what a person reads in DevTools' Bottom-Up view).
// The only clock is the overall timeout, a failure (a hang), not an assertion on how long anything took.
// Usage: node profile_session.js <fixture dir> <command> [args...]
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');
const CDP = require('chrome-remote-interface');

const [dir, command, ...commandArgs] = process.argv.slice(2);
const mainJs = path.join(dir, 'main.js');
let stderr = '';

function fail(message) {
    console.error(`profile session FAILED: ${message}\n--- ztsrun stderr:\n${stderr}`);
    child.kill('SIGKILL');
    process.exit(1);
}

function check(cond, message) {
    if (!cond) fail(message);
}

const child = spawn(command, [...commandArgs, dir, '--inspect=0', '--until-exit', '--fps', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
const exited = new Promise(resolve => child.on('exit', (code, signal) => resolve({ code, signal })));
const listening = new Promise((resolve, reject) => {
    child.stderr.on('data', d => {
        stderr += d;
        const m = /Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
        if (m) resolve(Number(m[1]));
    });
    child.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening`)));
});
const timer = setTimeout(() => fail('timed out'), 90000);

function sleep(ms) {
    return new Promise(resolve => setTimeout(resolve, ms));
}

// Checks the CDP Profile's shape; returns { byId, parent, self } (self: samples per node id).
function wellFormed(p, label) {
    check(Array.isArray(p.nodes) && p.nodes.length > 0, `${label}: no nodes`);
    const byId = new Map();
    for (const n of p.nodes) {
        check(Number.isInteger(n.id) && !byId.has(n.id), `${label}: node id ${n.id} missing or repeated`);
        const f = n.callFrame;
        check(f && typeof f.functionName === 'string' && typeof f.scriptId === 'string' && typeof f.url === 'string' &&
              Number.isInteger(f.lineNumber) && Number.isInteger(f.columnNumber), `${label}: node ${n.id} callFrame ${JSON.stringify(f)}`);
        check(Number.isInteger(n.hitCount) && n.hitCount >= 0, `${label}: node ${n.id} hitCount`);
        byId.set(n.id, n);
    }
    const root = p.nodes[0];
    check(root.callFrame.functionName === '(root)', `${label}: the first node is not (root)`);
    const parent = new Map();
    for (const n of p.nodes) {
        for (const c of n.children || []) {
            check(byId.has(c), `${label}: node ${n.id} has child ${c}, no such node`);
            check(!parent.has(c), `${label}: node ${c} has two parents`);
            parent.set(c, n.id);
        }
    }
    for (const n of p.nodes) {
        check(n === root || parent.has(n.id), `${label}: node ${n.id} is linked to no parent`);
    }
    check(Array.isArray(p.samples) && Array.isArray(p.timeDeltas) && p.samples.length === p.timeDeltas.length,
          `${label}: samples and timeDeltas differ in length`);
    const self = new Map();
    for (const s of p.samples) {
        check(byId.has(s), `${label}: sample ${s} is no node`);
        self.set(s, (self.get(s) || 0) + 1);
    }
    for (const n of p.nodes) {
        check(n.hitCount === (self.get(n.id) || 0), `${label}: node ${n.id} hitCount ${n.hitCount}, samples ${self.get(n.id) || 0}`);
    }
    check(p.endTime >= p.startTime, `${label}: endTime before startTime`);
    let t = p.startTime;
    for (const d of p.timeDeltas) {
        check(d >= 0, `${label}: a negative time delta`);
        t += d;
    }
    check(t <= p.endTime, `${label}: the time deltas run past endTime (${t} > ${p.endTime})`);
    return { byId, parent, self };
}

function selfOf(p, shape, pred) {
    return p.nodes.filter(pred).reduce((sum, n) => sum + (shape.self.get(n.id) || 0), 0);
}

async function profile(client, interval, ms) {
    await client.send('Profiler.setSamplingInterval', { interval });
    await client.send('Profiler.start');
    await sleep(ms);
    const { profile: p } = await client.send('Profiler.stop');
    return p;
}

function examine(p, interval, label) {
    const shape = wellFormed(p, label);
    const total = p.samples.length;
    const expected = (p.endTime - p.startTime) / interval;
    // The tick thread keeps absolute deadlines, so the count follows the interval; the last partial tick and a
    // busy machine's late wake-ups only lower it a little.
    check(total >= expected * 0.7 && total <= expected + 2,
          `${label}: ${total} samples over ${(p.endTime - p.startTime) / 1000} ms at ${interval} us (expected ~${expected.toFixed(0)})`);
    const hot = p.nodes.filter(n => n.callFrame.functionName === 'hotLoop');
    check(hot.length > 0, `${label}: no hotLoop node`);
    const mainLines = fs.readFileSync(mainJs, 'utf8').split('\n');
    const hotStart = mainLines.findIndex(l => l.startsWith('export function hotLoop'));
    for (const n of hot) {
        check(n.callFrame.url.endsWith('main.js') && n.callFrame.scriptId !== '0',
              `${label}: hotLoop's callFrame ${JSON.stringify(n.callFrame)}`);
        check(n.callFrame.lineNumber > hotStart && n.callFrame.lineNumber < hotStart + 6,
              `${label}: hotLoop at line ${n.callFrame.lineNumber}, its body starts after ${hotStart}`);
    }
    // positionTicks (V8's line-level ticks): a node's self samples by the 1-based line of the generated JS it ran; a
    // script frame's, never a C# frame's or (program)'s. hotLoop's samples all fall on its loop's lines.
    for (const n of p.nodes) {
        const ticks = n.positionTicks || [];
        const sum = ticks.reduce((a, t) => a + t.ticks, 0);
        for (const t of ticks) {
            check(Number.isInteger(t.line) && t.line > 0 && Number.isInteger(t.ticks) && t.ticks > 0,
                  `${label}: node ${n.id} positionTicks ${JSON.stringify(t)}`);
        }
        check(sum <= n.hitCount, `${label}: node ${n.id} has ${sum} position ticks and ${n.hitCount} samples`);
        if (n.callFrame.scriptId === '0') {
            check(ticks.length === 0, `${label}: ${n.callFrame.functionName} (not a script frame) has positionTicks`);
        }
    }
    for (const n of hot) {
        const ticks = n.positionTicks || [];
        check(ticks.reduce((a, t) => a + t.ticks, 0) === n.hitCount,
              `${label}: hotLoop's ${n.hitCount} samples, positionTicks ${JSON.stringify(ticks)}`);
        for (const t of ticks) {
            check(t.line > hotStart + 1 && t.line <= hotStart + 6,
                  `${label}: hotLoop tick at line ${t.line}, its body is lines ${hotStart + 2}..${hotStart + 6}`);
        }
    }
    const hotTicks = hot.flatMap(n => n.positionTicks || []);
    console.log(`${label}: hotLoop's position ticks ${hotTicks.map(t => `main.js:${t.line} ${t.ticks}`).join(', ')}`);
    const sleepNodes = p.nodes.filter(n => n.callFrame.functionName === 'System.Threading.Thread.Sleep');
    check(sleepNodes.length > 0, `${label}: no node of the C# call: ${JSON.stringify(p.nodes.map(n => n.callFrame.functionName))}`);
    for (const n of sleepNodes) {
        check(n.callFrame.url === 'csharp:System.Threading.Thread', `${label}: the C# frame's url ${n.callFrame.url}`);
        const up = shape.byId.get(shape.parent.get(n.id));
        check(up && up.callFrame.functionName === 'tick', `${label}: the C# frame's caller is ${up && up.callFrame.functionName}`);
    }
    const top = p.nodes.map(n => ({ n, s: shape.self.get(n.id) || 0 })).filter(x => x.s > 0).sort((a, b) => b.s - a.s).slice(0, 5);
    console.log(`${label}: ${total} samples at ${interval} us; top by self: ` +
                top.map(x => `${x.n.callFrame.functionName || '(anonymous)'} ${(100 * x.s / total).toFixed(1)}%`).join(', '));
    const hotSelf = selfOf(p, shape, n => n.callFrame.functionName === 'hotLoop');
    const sleepSelf = selfOf(p, shape, n => n.callFrame.functionName === 'System.Threading.Thread.Sleep');
    check(hotSelf >= total * 0.2, `${label}: hotLoop has ${hotSelf} of ${total} samples`);
    check(sleepSelf >= total * 0.2, `${label}: Thread.Sleep has ${sleepSelf} of ${total} samples`);
    check(hotSelf + sleepSelf >= total * 0.7, `${label}: hotLoop and Thread.Sleep have ${hotSelf + sleepSelf} of ${total} samples`);
}

// Chrome DevTools' CPUProfileDataModel over p: self milliseconds per function name.
async function devToolsSelf(p) {
    const esbuild = require('esbuild');
    const entry = require.resolve('chrome-devtools-frontend/front_end/models/cpu_profile/cpu_profile.ts');
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zts-profile-')), 'cpu_profile.mjs');
    esbuild.buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
    const m = await import(pathToFileURL(out).href);
    const model = new m.CPUProfileDataModel.CPUProfileDataModel(JSON.parse(JSON.stringify(p)));
    const self = new Map();
    const walk = n => {
        self.set(n.callFrame.functionName, (self.get(n.callFrame.functionName) || 0) + n.self);
        n.children.forEach(walk);
    };
    walk(model.profileHead);
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
    return { total: model.profileHead.total, self };
}

(async () => {
    const port = await listening;
    const client = await CDP({ port, local: true });
    await client.send('Runtime.enable');
    await client.send('Debugger.enable');
    await client.send('Profiler.enable');
    let refused = null;
    try {
        await client.send('Profiler.stop');
    } catch (e) {
        refused = e;
    }
    check(refused && /No recording profiles found/.test(JSON.stringify(refused.response || refused.message)),
          `Profiler.stop without a profile: ${refused}`);

    const first = await profile(client, 1000, 1500);
    examine(first, 1000, 'profile 1000us');
    // Kept for Chrome DevTools' Performance panel (Debugger_DevTools_ProfileOpened loads it).
    if (process.env.ZTS_PROFILE_OUT) {
        fs.mkdirSync(path.dirname(process.env.ZTS_PROFILE_OUT), { recursive: true });
        fs.writeFileSync(process.env.ZTS_PROFILE_OUT, JSON.stringify(first));
        console.log(`profile written: ${process.env.ZTS_PROFILE_OUT}`);
    }
    const dt = await devToolsSelf(first);
    const duration = (first.endTime - first.startTime) / 1000;
    check(Math.abs(dt.total - duration) <= 1, `DevTools' model: total ${dt.total} ms, the profile lasted ${duration} ms`);
    for (const [name, count] of [['hotLoop', first.nodes.filter(n => n.callFrame.functionName === 'hotLoop')],
                                  ['System.Threading.Thread.Sleep', first.nodes.filter(n => n.callFrame.functionName === 'System.Threading.Thread.Sleep')]]) {
        const samples = count.reduce((a, n) => a + n.hitCount, 0);
        const ms = dt.self.get(name) || 0;
        check(Math.abs(ms - samples * duration / first.samples.length) <= 1,
              `DevTools' model: ${name} ${ms} ms self, its ${samples} samples give ${samples * duration / first.samples.length} ms`);
    }
    console.log(`DevTools' model: ${dt.total.toFixed(1)} ms, hotLoop ${dt.self.get('hotLoop').toFixed(1)} ms self, ` +
                `System.Threading.Thread.Sleep ${dt.self.get('System.Threading.Thread.Sleep').toFixed(1)} ms self`);
    examine(await profile(client, 4000, 2000), 4000, 'profile 4000us');

    await client.send('Runtime.evaluate', { expression: 'globalThis.done = true' });
    await client.close();
    const { code } = await exited;
    check(code === 0, `ztsrun exited with ${code}`);
    clearTimeout(timer);
    console.log('profile session ok');
})().catch(e => fail(e.stack || String(e)));
