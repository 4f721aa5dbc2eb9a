// Node's HTTP endpoints and addresses with stock clients, against `ztsrun --inspect-brk` on the TypeScript fixture:
//   default:   chrome-remote-interface with its default options, `CDP({port})` (it fetches /json/protocol, then
//              /json/list, from `localhost`), evaluates an expression; /json/activate/<id> as Node answers it.
//   ipv6:      the same client dials [::1] (the IPv6 loopback, where `localhost` resolves first on many systems); the
//              target list names the WebSocket on [::1]. Skipped (exit 77) when the machine has no IPv6 loopback.
//   localhost: `--inspect-brk=localhost:0` listens on both loopbacks (127.0.0.1 and, where the machine has it, ::1),
//              so a client reaches it whichever one `localhost` resolves to; no warning.
//   public:    this machine's first non-loopback address (os.networkInterfaces()) refuses a connection on the
//              debugger's port unless the host asked for it: `--inspect-brk=<address>:0` listens there (and only
//              there), answers a client, and warns as node does. Skipped (exit 77) without such an address.
// The only clock is the overall timeout, a failure (a hang), not an assertion on how long anything took.
// Usage: node endpoints_session.js <default|ipv6|localhost|public> <fixture out dir> <command> [args...]
'use strict';
const { spawn } = require('child_process');
const http = require('http');
const net = require('net');
const os = require('os');
const CDP = require('chrome-remote-interface');

const [mode, outDir, command, ...commandArgs] = process.argv.slice(2);
let child = null;
let stderr = '';
const warning = 'zts: warning: the debugger listens on';

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

// Starts ztsrun with the given --inspect-brk option (a previous one is killed); resolves to its port once it printed
// its URL.
async function start(option) {
    if (child) {
        child.kill('SIGKILL');
        await new Promise(resolve => child.once('exit', resolve));
    }
    stderr = '';
    child = spawn(command, [...commandArgs, outDir, option, '--until-exit', '--fps', '0'],
        { stdio: ['ignore', 'ignore', 'pipe'] });
    const started = child;
    return new Promise((resolve, reject) => {
        started.stderr.on('data', d => {
            stderr += d;
            const m = /Debugger listening on ws:\/\/[^\s]+:(\d+)\//.exec(stderr);
            if (m && stderr.includes('waiting for the debugger')) resolve(Number(m[1]));
        });
        started.on('exit', code => reject(new Error(`ztsrun exited (${code}) before listening`)));
    });
}

// 'connected', or the error code of a TCP connection to host:port ('ECONNREFUSED').
function dial(host, port) {
    return new Promise(resolve => {
        const s = net.connect({ host, port });
        s.once('connect', () => { s.destroy(); resolve('connected'); });
        s.once('error', e => resolve(e.code));
    });
}

// The first address of this machine that is not a loopback one, or null.
function publicAddress() {
    for (const list of Object.values(os.networkInterfaces())) {
        for (const a of list) {
            if (!a.internal && a.family === 'IPv4') return a.address;
        }
    }
    for (const list of Object.values(os.networkInterfaces())) {
        for (const a of list) {
            if (!a.internal && a.family === 'IPv6' && !a.address.startsWith('fe80')) return a.address;
        }
    }
    return null;
}

async function main() {
    if (mode === 'ipv6' && !(await hasIpv6Loopback())) {
        console.log('endpoints session ipv6 skipped: this machine has no IPv6 loopback (::1)');
        process.exit(77);
    }
    let port = await start('--inspect-brk=0');

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
    } else if (mode === 'ipv6') {
        const [target] = JSON.parse((await get('::1', port, '/json/list')).body);
        check(target.webSocketDebuggerUrl.startsWith(`ws://[::1]:${port}/`), 'ws url: ' + target.webSocketDebuggerUrl);
        client = await CDP({ host: '::1', port });
    } else if (mode === 'localhost') {
        port = await start('--inspect-brk=localhost:0');
        check(stderr.includes(`Debugger listening on ws://localhost:${port}/`), 'the URL names localhost');
        check(!stderr.includes(warning), 'no warning for the loopback');
        const [target] = JSON.parse((await get('127.0.0.1', port, '/json/list')).body);
        check(target.webSocketDebuggerUrl.startsWith(`ws://127.0.0.1:${port}/`), 'ws url: ' + target.webSocketDebuggerUrl);
        if (await hasIpv6Loopback()) {
            const [target6] = JSON.parse((await get('::1', port, '/json/list')).body);
            check(target6.id === target.id, '[::1] lists the same target');
        }
        // Whichever family the resolver gives localhost first, the client reaches the server.
        client = await CDP({ host: 'localhost', port });
    } else {
        const address = publicAddress();
        if (address === null) {
            console.log('endpoints session public skipped: this machine has no non-loopback address');
            process.exit(77);
        }
        const shown = address.includes(':') ? `[${address}]` : address;
        check(!stderr.includes(warning), 'no warning on the loopback: ' + stderr);
        const refused = await dial(address, port);
        check(refused === 'ECONNREFUSED', `${shown}:${port} without --inspect=HOST: ${refused}, not refused`);
        port = await start(`--inspect-brk=${shown}:0`);
        check(stderr.includes(`Debugger listening on ws://${shown}:${port}/`), 'the URL names ' + shown);
        check(stderr.includes(`${warning} ${shown}, which other machines can reach`), 'the warning');
        const loopback = await dial('127.0.0.1', port);
        check(loopback === 'ECONNREFUSED', `127.0.0.1:${port} with --inspect=${shown}: ${loopback}, not refused`);
        const [target] = JSON.parse((await get(address, port, '/json/list')).body);
        check(target.webSocketDebuggerUrl === `ws://${shown}:${port}/${target.id}`, 'ws url: ' + target.webSocketDebuggerUrl);
        client = await CDP({ host: address, port, local: true });
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
