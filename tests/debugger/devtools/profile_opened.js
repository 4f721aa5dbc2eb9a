// A recorded profile opened by the Chrome DevTools front end itself (the npm chrome-devtools-frontend, served by
// frontend_server.js, in Debian's headless Chromium driven by playwright-core):
//   1. `ztsrun --inspect` runs the TypeScript fixture tests/debugger/profile-ts (each frame its hot function hotLoop,
//      in hot.ts); chrome-remote-interface records a 1.5 s profile (Profiler.start/stop at 1000 us) and writes it as
//      a .cpuprofile file, the file Chrome DevTools and VS Code save and open; hotLoop's node has positionTicks;
//   2. the front end connects to the same target (as Node's devtoolsFrontendUrl: js_app.html?ws=...), its Performance
//      panel loads the file through its own file input ("Load profile"), and its Bottom-up view lists hotLoop (at
//      hot.js:5:21: this panel links a loaded file's frames by their URL, not through the target's source maps);
//   3. DevTools' own models in the page (its CPUProfileDataModel over the file, its DebuggerWorkspaceBinding over the
//      scripts and source maps the target announced) put hotLoop's hottest line at hot.ts's loop line (HOT-LINE).
// A screenshot of the panel is kept as a test artefact (devtools-profile.png), with the .cpuprofile.
// The only clock is the overall timeout, a failure (a hang), not an assertion on how long anything took.
// Usage: node profile_opened.js <fixture out dir> <fixture src dir> <artefact dir> <command> [args...]
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const CDP = require('chrome-remote-interface');
const { chromium } = require('playwright-core');
const { serve } = require('./frontend_server.js');

const [outDir, srcDir, artefacts, command, ...commandArgs] = process.argv.slice(2);
let child = null;
let stderr = '';
let browser = null;
let page = null;
const pageErrors = [];

async function fail(message) {
    console.error(`devtools profile FAILED: ${message}\n--- page errors:\n${pageErrors.join('\n')}\n--- ztsrun stderr:\n${stderr}`);
    if (page) { // before ztsrun goes, which would close the front end's connection over what it showed
        const shot = path.join(artefacts, 'devtools-profile-failed.png');
        await page.screenshot({ path: shot }).then(() => console.error('devtools screenshot: ' + shot), () => {});
    }
    if (child) child.kill('SIGKILL');
    if (browser) await browser.close().catch(() => {});
    process.exit(1);
}

function sleep(ms) {
    return new Promise(resolve => setTimeout(resolve, ms));
}

async function main() {
    const hotLines = fs.readFileSync(path.join(srcDir, 'hot.ts'), 'utf8').split('\n');
    const hotTsLine = hotLines.findIndex(l => l.includes('HOT-LINE')) + 1; // 1-based
    fs.mkdirSync(artefacts, { recursive: true });
    child = spawn(command, [...commandArgs, outDir, '--inspect=0', '--until-exit', '--fps', '0'],
        { stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise(resolve => child.on('exit', code => resolve(code)));
    const ws = await new Promise((resolve, reject) => {
        child.stderr.on('data', d => {
            stderr += d;
            const m = /Debugger listening on ws:\/\/(\S+)/.exec(stderr);
            if (m) resolve(m[1]);
        });
        exited.then(code => reject(new Error(`ztsrun exited (${code}) before listening`)));
    });
    const port = Number(/:(\d+)\//.exec(ws)[1]);

    // 1. The recording, as a client saves it.
    const client = await CDP({ port, local: true });
    await client.send('Profiler.enable');
    await client.send('Profiler.setSamplingInterval', { interval: 1000 });
    await client.send('Profiler.start');
    await sleep(1500);
    const { profile } = await client.send('Profiler.stop');
    await client.close();
    const hot = profile.nodes.filter(n => n.callFrame.functionName === 'hotLoop');
    if (!hot.length || !hot.every(n => n.callFrame.url.endsWith('/hot.js'))) {
        await fail('no hotLoop node of hot.js: ' + JSON.stringify(profile.nodes.map(n => n.callFrame)));
    }
    const ticks = hot.flatMap(n => n.positionTicks || []).sort((a, b) => b.ticks - a.ticks);
    if (!ticks.length) await fail("hotLoop has no positionTicks: " + JSON.stringify(hot));
    const file = path.join(artefacts, 'zts-hot.cpuprofile');
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`profile: ${profile.samples.length} samples, hotLoop ${hot.reduce((a, n) => a + n.hitCount, 0)}, ` +
                `its hottest line hot.js:${ticks[0].line} (${ticks[0].ticks}); written ${file}`);

    // 2. The front end on the same target, its Performance panel loading the file.
    const server = await serve(0, { cacheDir: path.join(artefacts, 'frontend-cache') });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', e => pageErrors.push(e.message));
    page.on('websocket', w => {
        w.on('framesent', f => { if (process.env.ZTS_WS_LOG) console.log('> ' + String(f.payload).slice(0, 300)); });
        w.on('framereceived', f => { if (process.env.ZTS_WS_LOG) console.log('< ' + String(f.payload).slice(0, 300)); });
        w.on('close', () => console.log('devtools: the front end\'s WebSocket closed'));
    });
    const url = `http://127.0.0.1:${server.port}/js_app.html?experiments=true&v8only=true&ws=${ws}`;
    console.log('devtools: ' + url);
    await page.goto(url, { waitUntil: 'commit' });
    // Connected once the target's scripts are known with their maps: hot.ts is a source the front end resolved.
    const mapped = async (scriptId, line0, column0) => page.evaluate(async ([sid, l, c]) => {
        const SDK = await import('/core/sdk/sdk.js');
        const Bindings = await import('/models/bindings/bindings.js');
        const target = SDK.TargetManager.TargetManager.instance().targets()[0];
        const dm = target && target.model(SDK.DebuggerModel.DebuggerModel);
        if (!dm || !dm.scriptForId(sid)) return null;
        const raw = dm.createRawLocationByScriptId(sid, l, c);
        const ui = await Bindings.DebuggerWorkspaceBinding.DebuggerWorkspaceBinding.instance().rawLocationToUILocation(raw);
        return ui ? `${ui.uiSourceCode.url()}:${ui.lineNumber + 1}` : null;
    }, [scriptId, line0, column0]).catch(() => null);
    const hotNode = hot[0];
    // The column of the line's first statement: column 0 of an indented line has no mapping of its own, and a map
    // lookup there takes the previous line's last one.
    const hotJsLine = fs.readFileSync(path.join(outDir, 'hot.js'), 'utf8').split('\n')[ticks[0].line - 1] || '';
    const column = hotJsLine.length - hotJsLine.trimStart().length;
    let where = null;
    for (let i = 0; i < 2400 && !(where && where.includes('hot.ts')); i++) {
        await sleep(100);
        where = await mapped(hotNode.callFrame.scriptId, ticks[0].line - 1, column);
    }
    if (!where || !where.includes('hot.ts')) await fail(`hotLoop's hottest line does not map to hot.ts: ${where}`);
    if (!where.endsWith(`hot.ts:${hotTsLine}`)) await fail(`hotLoop's hottest line maps to ${where}, not hot.ts:${hotTsLine}`);
    console.log(`DevTools' DebuggerWorkspaceBinding: hot.js:${ticks[0].line} -> ${where}`);

    await page.evaluate(async () => {
        const UI = await import('/ui/legacy/legacy.js');
        await UI.ViewManager.ViewManager.instance().showView('timeline');
    });
    const input = page.locator('input[type=file][accept*="cpuprofile"]');
    await input.first().waitFor({ state: 'attached', timeout: 60000 }).catch(() => fail('no Load profile file input'));
    await input.first().setInputFiles(file);
    const bottomUp = page.getByRole('tab', { name: 'Bottom-up' });
    await bottomUp.first().waitFor({ timeout: 120000 }).catch(() => fail('the Performance panel shows no Bottom-up tab'));
    // Chosen by the tab's own handler (a tab is selected on mousedown): a pointer click there is taken by the
    // toolbar's shortcut-dialog element, which overlaps the tab strip in this headless window.
    await bottomUp.first().dispatchEvent('mousedown', { button: 0 });
    const name = page.locator('.data-grid-data-grid-node').filter({ hasText: 'hotLoop' });
    await name.first().waitFor({ timeout: 60000 }).catch(() => fail('the Bottom-up view does not list hotLoop'));
    const row = (await name.first().innerText()).replace(/\s+/g, ' ');
    console.log('Bottom-up: ' + row);
    // DevTools' profile model over the same file, in the page: hotLoop's self time, and the line its ticks give.
    const model = await page.evaluate(async text => {
        const CPU = await import('/models/cpu_profile/cpu_profile.js');
        const m = new CPU.CPUProfileDataModel.CPUProfileDataModel(JSON.parse(text));
        let self = 0;
        const walk = n => {
            if (n.callFrame.functionName === 'hotLoop') self += n.self;
            n.children.forEach(walk);
        };
        walk(m.profileHead);
        return { total: m.profileHead.total, self };
    }, JSON.stringify(profile));
    if (!(model.self > 0)) await fail("DevTools' CPUProfileDataModel gives hotLoop no self time: " + JSON.stringify(model));
    console.log(`DevTools' CPUProfileDataModel: ${model.total.toFixed(1)} ms, hotLoop ${model.self.toFixed(1)} ms self`);
    const shot = path.join(artefacts, 'devtools-profile.png');
    await page.screenshot({ path: shot });
    console.log('devtools screenshot: ' + shot);

    await browser.close();
    server.server.close();
    child.kill('SIGTERM');
    await exited;
    console.log('devtools profile ok');
    process.exit(0);
}

setTimeout(() => fail('timed out (a hang)'), 420000).unref();
main().catch(e => fail(e.stack || String(e)));
