// The profiler session's script (tests/debugger/profile_session.js drives it through `ztsrun --inspect`): each frame
// a hot JS function and a slow C# call, half of the frame each. hotLoop spins for as long as the C# call sleeps, by the
// clock (read every 1024 iterations), not for a count of iterations: samples are due by the clock, and on a busy
// machine a fixed count took four times the sleep and more (Thread.Sleep had 19% of the samples in one CI run). Plain
// JS, so positions are the file's own.
import { Host } from "csharp:ZTS.Run";
import { Thread } from "csharp:System.Threading";

globalThis.done = false;

export function hotLoop(ms) {
    let s = 0;
    for (let i = 0, end = Date.now() + ms; (i & 1023) !== 0 || Date.now() < end; i++) {
        s = (s + i * i) % 1000003;
    }
    return s;
}

export function tick(dt) {
    globalThis.sink = hotLoop(4);
    Thread.Sleep(4);
    if (globalThis.done) {
        Host.Exit(0);
    }
    return dt;
}
