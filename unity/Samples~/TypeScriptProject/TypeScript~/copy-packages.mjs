// Copies the npm packages the scripts import at run time (package.json "dependencies") into the compiled scripts'
// folder, tsconfig's outDir, as <outDir>/node_modules/<name>: ZTS's file loader (TsFileLoader) resolves a bare
// import such as "gl-matrix" from the nearest node_modules of the scripts' folder, and a Player build has
// StreamingAssets but not this TypeScript folder. Only the packages' files ship, not their own dependencies:
// a package that has some, or that is CommonJS, needs a bundler instead (the package's README, "npm packages").
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(here, "package.json"), "utf8"));
// tsconfig.json has comments: take outDir by pattern rather than JSON.parse.
const tsconfig = fs.readFileSync(path.join(here, "tsconfig.json"), "utf8");
const outDir = /"outDir"\s*:\s*"([^"]+)"/.exec(tsconfig);
if (!outDir) throw new Error("copy-packages: tsconfig.json has no outDir");
const target = path.resolve(here, outDir[1], "node_modules");

// The package's folder as Node finds it: node_modules of this folder or a parent.
function find(name) {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

let copied = 0;
for (const name of Object.keys(manifest.dependencies || {}).sort()) {
  const from = find(name);
  if (!from) {
    console.error(`copy-packages: ${name} is not installed: run npm install in ${here}`);
    process.exit(1);
  }
  const to = path.join(target, name);
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true, dereference: true, filter: src => !path.relative(from, src).split(path.sep).includes("node_modules") });
  copied++;
}
console.log(`copy-packages: ${copied} package(s) into ${path.relative(process.cwd(), target) || target}`);
