// The profiler session's script (tests/debugger/profile_session.js drives it through `ztsrun --inspect`): each frame
// a hot JS function and a slow C# call, about half of the frame each. Plain JS, so positions are the file's own.
import { Host } from "csharp:ZTS.Run";
import { Thread } from "csharp:System.Threading";

globalThis.done = false;

export function hotLoop(n) {
    let s = 0;
    for (let i = 0; i < n; i++) {
        s = (s + i * i) % 1000003;
    }
    return s;
}

export function tick(dt) {
    globalThis.sink = hotLoop(120000);
    Thread.Sleep(4);
    if (globalThis.done) {
        Host.Exit(0);
    }
    return dt;
}
