// Drives Node's own command-line debugger, `node inspect HOST:PORT`, through its stdin against `ztsrun --inspect-brk`
// on the TypeScript fixture (tests/debugger/fixture), as a person at its `debug>` prompt would: the pause at the
// start, a breakpoint set by .ts file and line, cont, exec of a local, bt, step, out, next, and the end of the run.
// Each command is written after the output it waits for is followed by a new prompt; the only clock is the overall
// timeout, which is a failure (a hang), not an assertion on how long anything took.
// Usage: node node_inspect_session.js <fixture out dir> <fixture src dir> <host> <command> [args...]
// (<host> is the address node inspect dials: 127.0.0.1 or [::1]; the command runs ztsrun, this script adds
// <out dir> --inspect-brk=0 --until-exit --fps 0).
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const [outDir, srcDir, host, command, ...commandArgs] = process.argv.slice(2);
const mainTs = path.join(srcDir, 'main.ts');

// The 1-based line of the marker comment in a file (node inspect counts lines from 1).
function lineOf(file, marker) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const i = lines.findIndex(l => l.includes('// ' + marker));
    if (i < 0) throw new Error(`no marker ${marker} in ${file}`);
    return i + 1;
}

let stdout = '';
let stderr = '';
let out = '';
let inspector = null;
let ending = false; // the last `cont`: the run ends and node inspect may go with it

function fail(message) {
    console.error('node inspect session FAILED: ' + message + '\n--- node inspect:\n' + out +
        '\n--- ztsrun stdout:\n' + stdout + '\n--- ztsrun stderr:\n' + stderr);
    if (inspector) inspector.kill('SIGKILL');
    child.kill('SIGKILL');
    process.exit(1);
}

const child = spawn(command, [...commandArgs, outDir, '--inspect-brk=0', '--until-exit', '--fps', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.on('data', d => { stdout += d; });
const exited = new Promise(resolve => child.on('exit', code => resolve(code)));
const listening = new Promise((resolve, reject) => {
    child.stderr.on('data', d => {
        stderr += d;
        const m = /Debugger listening on ws:\/\/[^:\s]+:(\d+)\//.exec(stderr);
        if (m) resolve(Number(m[1]));
    });
    child.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening`)));
});

const timer = setTimeout(() => fail('timed out (a hang)'), 90000);

// Waits until node inspect's output after `from` matches re and a `debug>` prompt follows the match.
let waiter = null;
function poll() {
    if (!waiter) return;
    const rest = out.slice(waiter.from);
    const m = waiter.re.exec(rest);
    if (m && (!waiter.prompt || rest.indexOf('debug> ', m.index + m[0].length) >= 0)) {
        const w = waiter;
        waiter = null;
        w.resolve(rest);
    }
}
function waitFor(re, prompt = true) {
    return new Promise(resolve => { waiter = { from: out.length, re, prompt, resolve }; poll(); });
}
async function send(cmd, re, prompt = true) {
    const w = waitFor(re, prompt);
    inspector.stdin.write(cmd + '\n');
    const text = await w;
    console.log(`debug> ${cmd}\n${text.trim()}`);
    return text;
}

async function main() {
    const port = await listening;
    const first = waitFor(/(Break on start|break) in (\S+):(\d+)/);
    inspector = spawn(process.execPath, ['inspect', `${host}:${port}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    inspector.stdout.on('data', d => { out += d; poll(); });
    inspector.stderr.on('data', d => { out += d; poll(); });
    inspector.on('exit', code => {
        out += `\n[node inspect exited ${code}]\n`;
        if (!ending) fail('node inspect exited during the session');
    });

    // --inspect-brk: the first pause is at the first statement of the main module (main.js), as Node's.
    const start = await first;
    if (/internal error|wasn't found/.test(out)) fail('node inspect failed on attach');
    const m = /(Break on start|break) in (\S+):(\d+)/.exec(start);
    if (!/main\.js$/.test(m[2])) fail('first pause not in the main module: ' + m[0]);

    const breakLine = lineOf(mainTs, 'BREAK-HERE');
    await send(`sb('main.ts', ${breakLine})`, /\S/);
    await send('cont', /break in \S*main\.js:\d+[\s\S]*>\s*\d+ .*add\(frames, 40\)/);
    await send('exec label', /'frame 2'/);
    await send('bt', /#0 tick \S*main\.js:\d+/);
    await send('step', /break in \S*math\.js:\d+/);
    await send('out', /break in \S*main\.js:\d+/);
    await send('next', /break in \S*main\.js:\d+[\s\S]*>\s*\d+ .*console\.log\(`total/);
    // The run ends (Host.Exit(0) in the fixture's second frame): ztsrun exits and node inspect sees the close.
    ending = true;
    inspector.stdin.write('cont\n');
    const code = await exited;
    if (code !== 0) fail('ztsrun exit code ' + code);
    if (!/total 42, width 100, frame 2, dt true/.test(stdout + out)) fail('the run did not finish normally');
    inspector.kill('SIGKILL');
    clearTimeout(timer);
    console.log('node inspect session ok');
}

main().catch(e => fail(e.stack || String(e)));
