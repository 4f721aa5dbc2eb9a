// Serves the Chrome DevTools front end from its npm package (`chrome-devtools-frontend`, pinned in
// package-lock.json) to a browser, for tests/debugger/devtools/devtools_session.js. The package holds the front end's
// TypeScript sources, not a build (its own build needs Chromium's gn/ninja tool chain), so this server does the few
// steps of that build a browser needs, per request, and caches them in memory:
//   - `X.js` with no such file but an `X.ts`: the TypeScript transpiled to an ES module by esbuild (npm, pinned:
//     about 1 ms a file, where TypeScript's own transpileModule took ~200 ms a file here and drops `const enum`s
//     that other modules read), with the package's tsconfig options that change the emitted code;
//   - `X.css.js`: the module that `X.css` becomes (the front end's CSS-in-JS: a default export of the CSS text);
//   - `core/i18n/locales.js`: the locale list the build writes from its arguments (en-US only, bundled), and
//     `core/i18n/locales/<locale>.json` as `{}` (every string then falls back to the English UIStrings in the sources);
//   - `<entrypoint>.html` (inspector.html, js_app.html): `entrypoint_template.html` with the entry point's name;
//   - `X.skill.js`: the AI assistant's skill `X.md` (YAML front matter: name, description, allowed-tools; the rest is
//     its instructions) as the module the build makes of it;
//   - `Images/Images.js`: the `--image-file-<name>` CSS variables the icons use, one per image, on the document, and
//     `Images/<name>.svg` from `Images/src/` where the build copies them.
// Everything else is served as the package has it. Only on 127.0.0.1, only GET, only inside front_end/.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const esbuild = require('esbuild');

const root = path.join(path.dirname(require.resolve('chrome-devtools-frontend/package.json')), 'front_end');

const types = {
    '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.html': 'text/html',
    '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.avif': 'image/avif',
    '.woff2': 'font/woff2', '.ico': 'image/x-icon', '.wasm': 'application/wasm',
};

const cache = new Map();
let transpiled = 0;

// The transpiled modules are kept in cacheDir (serve()'s option) under the source's path, size and mtime, so later
// runs read them back.
let cacheDir = null;

function transpile(file) {
    const st = fs.statSync(file);
    const key = cacheDir && path.join(cacheDir, path.relative(root, file).replace(/[\\/]/g, '__') + '.' + st.size + '.' +
        Math.floor(st.mtimeMs) + '.js');
    if (key && exists(key)) return fs.readFileSync(key, 'utf8');
    const out = esbuild.transformSync(fs.readFileSync(file, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: 'es2023',
        sourcefile: file,
        // The package's tsconfig options that change the emitted code (front_end/tsconfig.json and the base it
        // extends); a `const enum` stays an object, as preserveConstEnums keeps it for other modules.
        tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: true, preserveValueImports: false } },
    });
    transpiled++;
    if (key) fs.writeFileSync(key, out.code);
    return out.code;
}

function exists(file) {
    try {
        return fs.statSync(file).isFile();
    } catch {
        return false;
    }
}

// Images/Images.js: a style sheet on the document with `--image-file-<name>: url(<its URL>)` for each image.
function imagesModule() {
    const names = new Set();
    for (const dir of [path.join(root, 'Images'), path.join(root, 'Images', 'src')]) {
        for (const f of fs.readdirSync(dir)) {
            if (/\.(svg|png|avif)$/.test(f)) names.add(f);
        }
    }
    const entries = [...names].map(f => [f.replace(/\.[a-z]+$/, ''), f]);
    return `const images = ${JSON.stringify(entries)};
const sheet = new CSSStyleSheet();
sheet.replaceSync(':root {' + images.map(([name, file]) =>
    '--image-file-' + name + ': url("' + new URL('./' + file, import.meta.url) + '");').join('') + '}');
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
`;
}

// A skill's Markdown as `export const skill = {name, description, allowedTools, instructions}`.
function skillModule(text) {
    const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
    const skill = { name: '', description: '', allowedTools: [], instructions: m ? m[2].trim() : text.trim() };
    let list = null;
    for (const line of (m ? m[1] : '').split('\n')) {
        const item = /^\s+-\s+(.*)$/.exec(line);
        if (item && list) {
            list.push(item[1].trim());
            continue;
        }
        const kv = /^([\w-]+):\s*(.*)$/.exec(line);
        if (!kv) continue;
        list = null;
        if (kv[1] === 'allowed-tools') {
            list = skill.allowedTools = kv[2].startsWith('[') ? kv[2].slice(1, -1).split(',').map(t => t.trim()).filter(Boolean) : [];
        } else if (kv[1] === 'name' || kv[1] === 'description') {
            skill[kv[1]] = kv[2].trim();
        }
    }
    return 'export const skill = ' + JSON.stringify(skill) + ';\n';
}

// The body and type of a path under front_end/, or null (404).
function build(rel) {
    const file = path.join(root, rel);
    if (!file.startsWith(root + path.sep)) return null;
    const html = /^([a-z_]+)\.html$/.exec(rel);
    if (html && exists(path.join(root, 'entrypoints', html[1], html[1] + '.ts'))) {
        const template = fs.readFileSync(path.join(root, 'entrypoint_template.html'), 'utf8');
        return { type: types['.html'], body: template.replace(/%ENTRYPOINT_NAME%/g, html[1]) };
    }
    if (rel === 'core/i18n/locales.js') {
        return {
            type: types['.js'],
            body: "export const LOCALES = ['en-US'];\nexport const BUNDLED_LOCALES = ['en-US'];\n" +
                "export const DEFAULT_LOCALE = 'en-US';\n" +
                "export const REMOTE_FETCH_PATTERN = '@HOST@/remote/serve_file/@VERSION@/core/i18n/locales/@LOCALE@.json';\n" +
                "export const LOCAL_FETCH_PATTERN = './locales/@LOCALE@.json';\n",
        };
    }
    if (/^core\/i18n\/locales\/[A-Za-z-]+\.json$/.test(rel)) return { type: types['.json'], body: '{}' };
    if (rel === 'Images/Images.js') return { type: types['.js'], body: imagesModule() };
    const icon = /^Images\/([^/]+\.svg)$/.exec(rel);
    if (icon && !exists(file) && exists(path.join(root, 'Images', 'src', icon[1]))) {
        return { type: types['.svg'], body: fs.readFileSync(path.join(root, 'Images', 'src', icon[1])) };
    }
    if (exists(file)) return { type: types[path.extname(file)] || 'application/octet-stream', body: fs.readFileSync(file) };
    if (rel.endsWith('.skill.js') && exists(file.slice(0, -9) + '.md')) {
        return { type: types['.js'], body: skillModule(fs.readFileSync(file.slice(0, -9) + '.md', 'utf8')) };
    }
    if (rel.endsWith('.css.js') && exists(file.slice(0, -3))) {
        return { type: types['.js'], body: 'export default ' + JSON.stringify(fs.readFileSync(file.slice(0, -3), 'utf8')) + ';\n' };
    }
    if (rel.endsWith('.js') && exists(file.slice(0, -3) + '.ts')) {
        return { type: types['.js'], body: transpile(file.slice(0, -3) + '.ts') };
    }
    return null;
}

// Starts the server on 127.0.0.1 (port 0: a free one; options.cacheDir: where transpiled modules are kept); resolves to { server, port, stats() }. missing collects the
// paths answered 404 (a sign of a build step this server lacks).
function serve(port = 0, options = {}) {
    const missing = [];
    if (options.cacheDir) {
        fs.mkdirSync(options.cacheDir, { recursive: true });
        cacheDir = options.cacheDir;
    }
    const server = http.createServer((req, res) => {
        const rel = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname).replace(/^\/+/, '');
        let entry = cache.get(rel);
        if (entry === undefined) {
            try {
                entry = req.method === 'GET' ? build(rel) : null;
            } catch (e) {
                entry = { status: 500, type: 'text/plain', body: String(e.stack || e) };
            }
            cache.set(rel, entry);
        }
        if (entry === null) {
            missing.push(rel);
            res.writeHead(404, { 'Content-Type': 'text/plain' });
            res.end('not found: ' + rel);
            return;
        }
        res.writeHead(entry.status || 200, { 'Content-Type': entry.type, 'Cache-Control': 'no-store' });
        res.end(entry.body);
    });
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () =>
            resolve({ server, port: server.address().port, missing, stats: () => ({ transpiled }) }));
    });
}

module.exports = { serve };

if (require.main === module) {
    serve(Number(process.argv[2] || 0)).then(s => console.log(`devtools front end on http://127.0.0.1:${s.port}/`));
}
