// Node's HTTP endpoints and addresses with stock clients, against `ztsrun --inspect-brk` on the TypeScript fixture:
//   default: chrome-remote-interface with its default options, `CDP({port})` (it fetches /json/protocol, then
//            /json/list, from `localhost`), evaluates an expression; /json/activate/<id> as Node answers it.
//   ipv6:    the same client dials [::1] (the IPv6 loopback, where `localhost` resolves first on many systems); the
//            target list names the WebSocket on [::1]. Skipped (exit 77) when the machine has no IPv6 loopback.
// The only clock is the overall timeout, a failure (a hang), not an assertion on how long anything took.
// Usage: node endpoints_session.js <default|ipv6> <fixture out dir> <command> [args...]
'use strict';
const { spawn } = require('child_process');
const http = require('http');
const net = require('net');
const CDP = require('chrome-remote-interface');

const [mode, outDir, command, ...commandArgs] = process.argv.slice(2);
let child = null;
let stderr = '';

function fail(message) {
    console.error(`endpoints session ${mode} FAILED: ${message}\n--- ztsrun stderr:\n${stderr}`);
    if (child) child.kill('SIGKILL');
    process.exit(1);
}

function check(cond, message) {
    if (!cond) fail(message);
}

function get(host, port, path) {
    return new Promise((resolve, reject) => {
        http.get({ host, port, path }, res => {
            let body = '';
            res.on('data', d => { body += d; });
            res.on('end', () => resolve({ status: res.statusCode, body }));
        }).on('error', reject);
    });
}

function hasIpv6Loopback() {
    return new Promise(resolve => {
        const s = net.createServer();
        s.once('error', () => resolve(false));
        s.listen(0, '::1', () => s.close(() => resolve(true)));
    });
}

async function main() {
    if (mode === 'ipv6' && !(await hasIpv6Loopback())) {
        console.log('endpoints session ipv6 skipped: this machine has no IPv6 loopback (::1)');
        process.exit(77);
    }
    child = spawn(command, [...commandArgs, outDir, '--inspect-brk=0', '--until-exit', '--fps', '0'],
        { stdio: ['ignore', 'ignore', 'pipe'] });
    const port = await new Promise((resolve, reject) => {
        child.stderr.on('data', d => {
            stderr += d;
            const m = /Debugger listening on ws:\/\/[^\s]+:(\d+)\//.exec(stderr);
            if (m) resolve(Number(m[1]));
        });
        child.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening`)));
    });

    let client;
    if (mode === 'default') {
        const protocol = await get('127.0.0.1', port, '/json/protocol');
        check(protocol.status === 200, '/json/protocol: ' + protocol.status);
        const domains = JSON.parse(protocol.body).domains.map(d => d.domain);
        check(domains.includes('Runtime') && domains.includes('Debugger'), '/json/protocol domains: ' + domains);
        const [target] = JSON.parse((await get('127.0.0.1', port, '/json/list')).body);
        const activate = await get('127.0.0.1', port, '/json/activate/' + target.id);
        check(activate.status === 200 && activate.body === 'Target activated', '/json/activate: ' + activate.body);
        const unknown = await get('127.0.0.1', port, '/json/activate/not-a-target');
        check(unknown.status === 404, '/json/activate of an unknown id: ' + unknown.status);
        client = await CDP({ port }); // the defaults: localhost, the protocol read from /json/protocol
    } else {
        const [target] = JSON.parse((await get('::1', port, '/json/list')).body);
        check(target.webSocketDebuggerUrl.startsWith(`ws://[::1]:${port}/`), 'ws url: ' + target.webSocketDebuggerUrl);
        client = await CDP({ host: '::1', port });
    }
    const r = await client.Runtime.evaluate({ expression: '6 * 7' });
    check(r.result.value === 42, 'Runtime.evaluate: ' + JSON.stringify(r));
    await client.Runtime.runIfWaitingForDebugger();
    await client.close();
    child.kill('SIGKILL');
    console.log(`endpoints session ${mode} ok`);
    process.exit(0);
}

setTimeout(() => fail('timed out (a hang)'), 60000).unref();
main().catch(e => fail(e.stack || String(e)));
