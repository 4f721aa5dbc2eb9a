// Entry module of the simulation: ztsrun binds `tick` (Action<float>) and calls it every frame.
// Before the first step it awaits a C# task (the world's survey) and a timer; e.Label() and e.Is(...)
// are C# extension methods (Sim.Extensions, opted in with [assembly: TsUsing]).
import { Host } from "csharp:ZTS.Run";
import { Entity, Kind, World } from "csharp:Sim";
import { Cast, populate } from "./game/spawn";
import { Score, step } from "./game/logic";
import { format } from "./game/vec";

const FIXED_DT = 1 / 60; // fixed-step simulation: the same story at any frame rate
const TIME_LIMIT_FRAMES = 60 * 60;

const world = new World(20, 10);
World.Current = world;
// A JS function becomes the C# EntityChanged delegate the event wants; its parameters are [NotNull] in C#.
world.add_Changed((e: Entity, what: string) => {
    if (!e.Is(Kind.Rock)) console.log(`[sim] ${e.Label()} ${what} at ${format(e.Position)}`);
});

const cast: Cast = populate(world, 5, 3, 2026);
const score: Score = { collected: 0, bumps: 0, dodging: null };
let frame = 0;
let running = false;

// A C# Task<int> awaited as a Promise (it completes on a worker thread; the frame pump resumes this function),
// then a countdown on the host's clock. Frames before the start only pump.
async function prepare(): Promise<void> {
    const crystals: number = await world.SurveyAsync(Kind.Crystal);
    console.log(`[sim] survey: ${crystals} crystals to collect, start in 100 ms`);
    await new Promise<void>(resolve => setTimeout(resolve, 100));
    console.log(`[sim] go`);
    running = true;
}
prepare().catch((e: unknown) => {
    console.error(`[sim] could not start: ${String(e)}`);
    Host.Exit(2);
});

export function tick(_dt: number): void {
    if (!running) return;
    frame++;
    step(world, cast, FIXED_DT, score);
    const left = world.All(Kind.Crystal).length;
    if (frame % 60 === 0) {
        console.log(`[sim] t=${(frame * FIXED_DT).toFixed(0)}s ship at ${format(cast.ship.Position)}, ` +
                    `${score.collected} collected, ${left} left, ${score.bumps} bumps (step ${frame})`);
    }
    if (left === 0) {
        console.log(`[sim] all crystals collected in ${frame} frames (${(frame * FIXED_DT).toFixed(1)} s), ` +
                    `${score.bumps} rock bumps, ${world.Count} entities left`);
        Host.Exit(0);
    } else if (frame >= TIME_LIMIT_FRAMES) {
        console.log(`[sim] time is up: ${left} crystals left`);
        Host.Exit(1);
    }
}
