// Records a CPU profile of a ztsrun program through its debugger (docs/DEBUGGING.md, "The script profiler") and prints
// the script functions with the most self time, at their .ts positions (through the .js.map beside each script), as
// DevTools' Bottom-Up view lists them. The profile is also written as a .cpuprofile file, which Chrome DevTools and
// VS Code open.
// Usage: node tools/profile.js <milliseconds> <interval us> <out.cpuprofile> <command> [args...]
//   (the command runs ztsrun on a folder; this adds --inspect-brk=0, starts the profile, lets the program run, and
//   stops the profile after <milliseconds> or when it prints nothing more to stop: keep the run longer than that).
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const { SourceMap } = require('module');
const { fileURLToPath } = require('url');
const CDP = require('chrome-remote-interface');

const [ms, interval, out, command, ...args] = process.argv.slice(2);
const child = spawn(command, [...args, '--inspect-brk=0'], { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
const listening = new Promise((resolve, reject) => {
    child.stderr.on('data', d => {
        stderr += d;
        const m = /Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
        if (m) resolve(Number(m[1]));
    });
    child.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening: ${stderr}`)));
});

const maps = new Map();
function tsPosition(url, line, column) {
    if (!url.startsWith('file://') || line < 0) return null;
    if (!maps.has(url)) {
        let map = null;
        try {
            map = new SourceMap(JSON.parse(fs.readFileSync(fileURLToPath(url) + '.map', 'utf8')));
        } catch {
            // no map beside the script: its own positions
        }
        maps.set(url, map);
    }
    const map = maps.get(url);
    const e = map && map.findEntry(line, column);
    return e && e.originalSource ? `${e.originalSource.replace(/^.*\//, '')}:${e.originalLine + 1}` : null;
}

(async () => {
    const client = await CDP({ port: await listening, local: true });
    await client.send('Runtime.enable');
    await client.send('Profiler.enable');
    await client.send('Profiler.setSamplingInterval', { interval: Number(interval) });
    await client.send('Profiler.start');
    await client.send('Runtime.runIfWaitingForDebugger');
    await new Promise(resolve => setTimeout(resolve, Number(ms)));
    const { profile } = await client.send('Profiler.stop');
    fs.writeFileSync(out, JSON.stringify(profile));
    const self = new Map();
    for (const s of profile.samples) self.set(s, (self.get(s) || 0) + 1);
    const byFunction = new Map();
    for (const n of profile.nodes) {
        const f = n.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url}:${f.lineNumber}`;
        const e = byFunction.get(key) || { f, self: 0 };
        e.self += self.get(n.id) || 0;
        byFunction.set(key, e);
    }
    const total = profile.samples.length;
    const script = [...byFunction.values()].filter(e => e.self > 0);
    const inScripts = script.filter(e => !e.f.functionName.startsWith('(')).reduce((a, e) => a + e.self, 0);
    console.log(`${total} samples at ${interval} us over ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms; ` +
                `${inScripts} in scripts and C# calls, the rest (program) (outside scripts); written to ${out}`);
    script.sort((a, b) => b.self - a.self);
    for (const e of script.slice(0, 15)) {
        const f = e.f;
        const where = tsPosition(f.url, f.lineNumber, f.columnNumber) ||
                      (f.lineNumber >= 0 ? `${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}` : f.url);
        console.log(`  ${String(e.self).padStart(6)}  ${(100 * e.self / total).toFixed(1).padStart(5)}%  ` +
                    `${f.functionName || '(anonymous)'}  ${where}`);
    }
    await client.close();
    child.kill();
})().catch(e => {
    console.error('profile FAILED: ' + (e.stack || e) + '\n--- ztsrun stderr:\n' + stderr);
    child.kill('SIGKILL');
    process.exit(1);
});
