// The Chrome DevTools front end itself as the client: the npm package chrome-devtools-frontend (pinned in
// package-lock.json), served by tests/debugger/devtools/frontend_server.js, in Debian's headless Chromium driven by
// playwright-core, opened as Node's devtoolsFrontendUrl opens it (js_app.html?v8only=true&ws=127.0.0.1:PORT/<id>)
// against `ztsrun --inspect-brk` on the TypeScript fixture (compiled with its sources inlined in the maps: a front
// end served over http cannot read file:// URLs, as Chrome's built-in one does through its host). It checks what the
// page shows, in its DOM: connected and paused at the start of main.ts, both .ts sources listed, a breakpoint set by
// a click on the .ts line's number, the pause there on the call stack and the locals `label`, `dt` in the scope;
// then resumes, and the run ends with its own output; no request of the front end was answered "wasn't found". A screenshot of the paused window is kept as a test artefact.
// The only clock is the overall timeout, a failure (a hang), not an assertion on how long anything took.
// Usage: node devtools_session.js <fixture out dir> <fixture src dir> <artefact dir> <command> [args...]
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');
const { serve } = require('./frontend_server.js');

const [outDir, srcDir, artefacts, command, ...commandArgs] = process.argv.slice(2);
let child = null;
let stdout = '';
let stderr = '';
let browser = null;
let page = null;
const pageErrors = [];
const unanswered = []; // requests the server answered "wasn't found", as the front end logs them

async function fail(message) {
    console.error(`devtools session FAILED: ${message}\n--- page errors:\n${pageErrors.join('\n')}\n` +
        `--- ztsrun stderr:\n${stderr}`);
    if (child) child.kill('SIGKILL');
    if (page) {
        const shot = path.join(artefacts, 'devtools-failed.png');
        await page.screenshot({ path: shot }).then(() => console.error('devtools screenshot: ' + shot), () => {});
    }
    if (browser) await browser.close().catch(() => {});
    process.exit(1);
}

// The 1-based line of the marker comment in a fixture source.
function lineOf(file, marker) {
    const lines = fs.readFileSync(path.join(srcDir, file), 'utf8').split('\n');
    const i = lines.findIndex(l => l.includes(marker));
    if (i < 0) throw new Error(`no ${marker} in ${file}`);
    return i + 1;
}

// The text of the elements a selector finds, shadow roots included (Playwright's CSS locators pierce them): the call
// stack's frames (.call-frame-item: name and location) and the scope chain's sections and variables.
async function texts(page, selector) {
    return (await page.locator(selector).filter({ visible: true }).allInnerTexts()).join('\n');
}

async function main() {
    const breakLine = lineOf('main.ts', 'BREAK-HERE');
    fs.mkdirSync(artefacts, { recursive: true });
    child = spawn(command, [...commandArgs, outDir, '--inspect-brk=0', '--until-exit', '--fps', '0'],
        { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', d => { stdout += d; });
    const exited = new Promise(resolve => child.on('exit', code => resolve(code)));
    const ws = await new Promise((resolve, reject) => {
        child.stderr.on('data', d => {
            stderr += d;
            const m = /Debugger listening on ws:\/\/(\S+)/.exec(stderr);
            if (m && stderr.includes('waiting for the debugger')) resolve(m[1]);
        });
        exited.then(code => reject(new Error(`ztsrun exited (${code}) before listening`)));
    });

    const server = await serve(0, { cacheDir: path.join(artefacts, 'frontend-cache') });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', e => pageErrors.push(e.message));
    page.on('console', m => { if (/wasn't found/.test(m.text())) unanswered.push(m.text()); });
    const url = `http://127.0.0.1:${server.port}/js_app.html?experiments=true&v8only=true&ws=${ws}`;
    console.log('devtools: ' + url);
    await page.goto(url, { waitUntil: 'commit' });

    // --inspect-brk's first pause, at the first statement of main.ts (the first run transpiles the front end).
    await page.getByText('Debugger paused').first().waitFor({ timeout: 240000 });
    for (const name of ['main.ts', 'math.ts']) {
        // The navigator's tree (the Scripts tab) lists the map's sources.
        const item = page.getByRole('treeitem', { name });
        await item.first().waitFor({ timeout: 30000 }).catch(() => fail(`${name} is not listed in the navigator`));
    }
    let stack = await texts(page, '.call-frame-item');
    for (let i = 0; i < 300 && !/main\.ts:\d+/.test(stack); i++) {
        await page.waitForTimeout(100);
        stack = await texts(page, '.call-frame-item');
    }
    if (!/main\.ts:\d+/.test(stack)) await fail('the first pause is not in main.ts: ' + stack);

    console.log('first pause: ' + stack.replace(/\n/g, ' '));
    // A breakpoint by a click on the line's number in main.ts's editor, then resume to it.
    await page.getByText('main.ts', { exact: true }).first().click();
    const gutter = page.locator('.cm-lineNumbers .cm-gutterElement', { hasText: new RegExp(`^${breakLine}$`) });
    await gutter.first().waitFor({ timeout: 60000 });
    await gutter.first().click();
    await page.keyboard.press('F8');
    const want = `main.ts:${breakLine}`;
    // The frame at the .ts line. (Its name: CDP's functionName is `tick`, which the pane shows until the source map
    // resolved the frame; then this front end names it from the .ts source, where it finds no name it parses:
    // "(anonymous)". The scope below is the frame's own.)
    for (let i = 0; i < 600 && !stack.includes(want); i++) {
        await page.waitForTimeout(100);
        stack = await texts(page, '.call-frame-item');
    }
    if (!stack.includes(want)) await fail(`call stack without a frame at ${want}: ${stack}`);
    // The breakpoint stays on the line clicked once the server resolved it (it reports the statement's column: at
    // column 0 of an indented line the front end mapped it to the line before).
    const bpLines = await texts(page, '.breakpoint-item-location-or-actions .location');
    if (bpLines.trim() !== String(breakLine)) await fail(`the Breakpoints pane lists line ${bpLines}, not ${breakLine}`);
    // The Local section is expanded at a pause; its variables are tree items under it.
    let scope = '';
    for (let i = 0; i < 300 && !/"frame 2"/.test(scope); i++) {
        await page.waitForTimeout(100);
        scope = await texts(page, '.scope-chain-sidebar-pane-section, .name-and-value');
    }
    if (!/label\s*:\s*"frame 2"/.test(scope) || !/dt\s*:\s*[0-9]/.test(scope) || !/Module/.test(scope)) {
        await fail('scope without Local label: "frame 2", dt, and a Module section: ' + scope);
    }
    const shot = path.join(artefacts, 'devtools-paused.png');
    await page.screenshot({ path: shot });
    console.log('devtools screenshot: ' + shot);
    console.log('call stack: ' + stack.trim().replace(/\n/g, ' ') + '\nscope: ' + scope.trim().replace(/\s*\n\s*/g, ' '));

    await page.keyboard.press('F8');
    const code = await exited;
    if (code !== 0) await fail('ztsrun exit code ' + code);
    if (!stdout.includes('total 42, width 100, frame 2')) await fail('run output: ' + stdout);
    await browser.close();
    server.server.close();
    // Every request the front end sent got an answer (docs/DEBUGGING.md lists those accepted without effect).
    if (unanswered.length) await fail('requests answered "wasn\'t found":\n' + unanswered.join('\n'));
    console.log('devtools session ok');
    process.exit(0);
}

setTimeout(() => fail('timed out (a hang)'), 420000).unref();
main().catch(e => fail(e.stack || String(e)));
