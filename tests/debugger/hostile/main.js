// The hostile debugger sessions' script (tests/debugger/hostile_session.js drives it through `ztsrun --inspect`):
// plain JS, so the breakpoint lines are the file's own. The markers name the lines the session sets breakpoints on.
import { Host } from "csharp:ZTS.Run";
import { TsFramePump } from "csharp:ZTS";

const reloaded = Host.Frame > 0; // a Reset applied: the module runs again in the new domain
globalThis.frames = 0;
globalThis.done = false;
// What a game's C# "reload now" does when an evaluation reaches it: reserve a Reset and apply it at once.
globalThis.resetNow = () => {
    Host.Reload();
    TsFramePump.EndOfFrame();
};

export function tick(dt) {
    globalThis.frames++;
    if (reloaded) {
        console.log("reloaded in a new domain");
        Host.Exit(0);
    }
    if (globalThis.done) {
        Host.Exit(0);
    }
    const step = dt >= 0 ? 1 : 0; // CONDITION-HERE
    return step;
}
