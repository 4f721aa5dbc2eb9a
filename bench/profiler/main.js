// The profiler bench's script (bench/profiler/profiler_cost.js): a fixed amount of JS calls, loops and JS -> C#
// calls (work), or of the JS alone (workJs), run by Runtime.evaluate, timed inside the script.
import { World } from "csharp:Sim";

function leaf(a, b) {
    return (a * 31 + b) % 1000003;
}

function mid(n) {
    let s = 0;
    for (let i = 0; i < n; i++) {
        s = leaf(s, i);
    }
    return s;
}

// The same JS without the JS -> C# calls: what sampling costs the script itself.
globalThis.workJs = () => {
    const t0 = Date.now();
    let s = 0;
    for (let r = 0; r < 1600; r++) {
        s += mid(1000);
    }
    globalThis.sink = s;
    return Date.now() - t0;
};

globalThis.work = () => {
    const t0 = Date.now();
    const world = new World(16, 16);
    let s = 0;
    for (let r = 0; r < 1600; r++) {
        s += mid(1000);
        for (let k = 0; k < 100; k++) {
            s += world.Width; // a JS -> C# call: the branch and, while profiling, the enter/leave of each
        }
    }
    globalThis.sink = s;
    return Date.now() - t0;
};

export function tick() {}
