// What the script profiler costs while it takes a profile (docs/DEBUGGING.md, "The script profiler"): the same
// evaluation of bench/profiler/main.js timed inside the script, with no profile and with one at 1000 us (V8's default
// interval), alternately, seven times each, the best of each counting: work() (JS calls and loops, 160000 JS -> C#
// calls, each of which tells the profiler when it enters and returns) and workJs() (the same JS alone).
// Its cost while off is the debugger_detached_* rows' (tools/bench.sh): the profiler's only code on the call paths
// is left out of that baseline's build.
// Usage: node profiler_cost.js <command> [args...] (the command runs ztsrun; this adds the script dir and --inspect=0).
'use strict';
const { spawn } = require('child_process');
const CDP = require('chrome-remote-interface');

const [command, ...commandArgs] = process.argv.slice(2);
const child = spawn(command, [...commandArgs, __dirname, '--inspect=0', '--until-exit', '--fps', '100', '--budget', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
const listening = new Promise((resolve, reject) => {
    child.stderr.on('data', d => {
        stderr += d;
        const m = /Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
        if (m) resolve(Number(m[1]));
    });
    child.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening: ${stderr}`)));
});

(async () => {
    const client = await CDP({ port: await listening, local: true });
    await client.send('Runtime.enable');
    const run = async expression => {
        const { result, exceptionDetails } = await client.send('Runtime.evaluate', { expression });
        if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
        return result.value;
    };
    for (const [row, expression] of [['profiler_on_work_1000us', 'work()'], ['profiler_on_js_only_1000us', 'workJs()']]) {
        await run(expression); // warm-up
        let off = Infinity, on = Infinity, samples = 0;
        for (let i = 0; i < 7; i++) {
            off = Math.min(off, await run(expression));
            await client.send('Profiler.setSamplingInterval', { interval: 1000 });
            await client.send('Profiler.start');
            on = Math.min(on, await run(expression));
            const { profile } = await client.send('Profiler.stop');
            samples = Math.max(samples, profile.samples.length);
        }
        console.log(`# profiler bench: ${expression}, up to ${samples} samples a profile`);
        console.log(`bench ${row}: ${on.toFixed(2)} ms baseline ${off.toFixed(2)} ratio ${(on / off).toFixed(3)}`);
    }
    await client.close();
    child.kill();
})().catch(e => {
    console.error('profiler bench FAILED: ' + (e.stack || e) + '\n--- ztsrun stderr:\n' + stderr);
    child.kill('SIGKILL');
    process.exit(1);
});
