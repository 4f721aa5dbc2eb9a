// ztsrun end-to-end fixture: the fixed timestep of --fps 0 (dt = 1/60 s, or --dt) and the timers' clock that follows
// it; a top-level timer counts from its load, also after a reload (Ztsrun_FixedStep_*, Ztsrun_Reload_TimerCountsFromTheLoad).
import { Host } from 'csharp:ZTS.Run';

const loadedAt = Host.Frame;
let ticks = 0;
let total = 0;
setTimeout(() => console.log(`timeout of 1000 ms fired after ${ticks} ticks, dt sum ${total.toFixed(4)} (loaded at frame ${loadedAt})`), 1000);

export function tick(dt) {
    ticks++;
    total += dt;
    if (ticks === 1) console.log(`first dt ${dt.toFixed(6)}`);
}

// Reloads at frame 100, then ends the run 70 ticks after the reload.
export function tickReload(dt) {
    tick(dt);
    if (loadedAt === 0 && ticks === 100) Host.Reload();
    if (loadedAt > 0 && ticks === 70) Host.Exit(0);
}
