// The Events, Structs and Tasks sample: a C# Arena (Arena/Arena.cs) driven from TypeScript. Run it with the quick
// start's ZtsQuickStart, Module set to "arena/main" (this file compiles to StreamingAssets/ZTS/arena/main.js).
// Under the headless host: ztsrun ../Assets/StreamingAssets/ZTS --module arena/main --assembly ZTS.Samples.Arena.dll
//                          --frames 600 --fps 0
import { Arena, Point2, Side } from "csharp:ZTS.Samples.Arena";
import { vec2 } from "gl-matrix"; // an npm package (npm run build copies it next to the compiled scripts)

let arena: Arena | null = null;

// An event handler: a JS function added to the C# event Goal (add_Goal). A reload removes it by itself.
function onGoal(side: Side, score: number): void {
    console.log(`[arena] goal for ${name(side)}, now ${score}`);
}

function name(side: Side): string {
    return side === Side.Left ? "left" : "right";
}

// Awaiting a C# Task<Side> as a Promise: it completes inside Arena.Step, and the frame pump resumes this function.
async function play(a: Arena, rounds: number): Promise<void> {
    for (let round = 1; round <= rounds; round++) {
        const side: Side = await a.NextGoalAsync();
        console.log(`[arena] round ${round} to ${name(side)}`);
    }
    console.log(`[arena] match over: left ${a.Left}, right ${a.Right}; ball back at ${a.Ball.ToString()}`);
}

export function start(): void {
    const a = new Arena(16, 9);
    a.add_Goal(onGoal);
    // Structs cross by value: a.Ball is a copy, so `a.Ball.Y = 2` would change the copy only (tsc refuses it: the
    // property is a Readonly<Point2>). Set a whole point.
    a.Ball = new Point2(a.Ball.X, 2);
    // gl-matrix does the vector math: 6 units per second along (3, 1).
    const v = vec2.scale(vec2.create(), vec2.normalize(vec2.create(), vec2.fromValues(3, 1)), 6);
    a.Velocity = new Point2(v[0], v[1]);
    console.log(`[arena] ball at ${a.Ball.ToString()}, velocity ${a.Velocity.ToString()}, ${Arena.Live} arena(s) live`);
    arena = a;
    play(a, 3).catch((e: unknown) => console.log(`[arena] match stopped: ${String(e)}`));
}

export function tick(dt: number): void {
    arena?.Step(dt);
}

// Runs before a reload, the old code's and then the new code's (before its start). C# state outlives the scripts,
// so undo through C#, not through this module's variables (the new code's are fresh): close every arena.
export function dispose(): void {
    Arena.CloseAll();
    arena = null;
}
