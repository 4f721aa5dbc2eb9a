// Small vector helpers over the C# Vec2 struct (a ByVal copy on the JS side).
import { Vec2 } from "csharp:Sim";

export function sub(a: Vec2, b: Vec2): Vec2 {
    return new Vec2(a.X - b.X, a.Y - b.Y);
}

export function scale(v: Vec2, k: number): Vec2 {
    return new Vec2(v.X * k, v.Y * k);
}

export function normalized(v: Vec2): Vec2 {
    const length = v.Length;
    return length > 1e-6 ? scale(v, 1 / length) : new Vec2(0, 0);
}

export function format(v: Vec2): string {
    return `(${v.X.toFixed(1)}, ${v.Y.toFixed(1)})`;
}
