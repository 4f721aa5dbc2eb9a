// ztsrun end-to-end fixture: a bare import of the real gl-matrix (package-lock.json), found in the repository's
// node_modules by searching from this folder upward (TsFileLoader, docs/USAGE.md "npm packages and bundling").
import { vec3 } from 'gl-matrix';
// A subpath without "exports": gl-matrix/vec3/package.json names ../esm/vec3.js, the module the index imports.
import * as vec3Direct from 'gl-matrix/vec3';

let frames = 0;

export function tick(dt) {
    frames++;
    if (frames === 2) {
        const v = vec3.fromValues(3, 4, 12);
        console.log(`gl-matrix vec3.length = ${vec3.length(v)}, same module ${vec3Direct.length === vec3.length}, normalized x = ${vec3.normalize(vec3.create(), v)[0].toFixed(4)}`);
    }
}
