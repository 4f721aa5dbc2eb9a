// Small vector helpers over the C# Vec2 struct (a ByVal copy on the JS side). The arithmetic is gl-matrix's
// (an npm ESM package, pinned in package-lock.json, loaded from node_modules by ztsrun: docs/USAGE.md "npm
// packages and bundling"), on plain [x, y] arrays: the same double math as before, so expected-output.txt holds.
import { Vec2 } from "csharp:Sim";
import { vec2 } from "gl-matrix";

export function sub(a: Vec2, b: Vec2): Vec2 {
    const out: [number, number] = [0, 0];
    vec2.subtract(out, [a.X, a.Y], [b.X, b.Y]);
    return new Vec2(out[0], out[1]);
}

export function scale(v: Vec2, k: number): Vec2 {
    const out: [number, number] = [0, 0];
    vec2.scale(out, [v.X, v.Y], k);
    return new Vec2(out[0], out[1]);
}

export function normalized(v: Vec2): Vec2 {
    const length = v.Length;
    return length > 1e-6 ? scale(v, 1 / length) : new Vec2(0, 0);
}

export function format(v: Vec2): string {
    return `(${v.X.toFixed(1)}, ${v.Y.toFixed(1)})`;
}
