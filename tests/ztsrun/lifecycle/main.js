// ztsrun end-to-end fixture: reset hooks and dispose, output at exit, unhandled rejections.
import { Host } from 'csharp:ZTS.Run';
import { Environment } from 'csharp:System';

const load = (globalThis.loads = 1); // a fresh domain on every (re)load
zts.on_reset(() => console.log(`hook a (load ${load})`));
zts.on_reset(function failingHook() { console.log('hook b'); throw new Error('hook b failed'); });
zts.on_reset(() => console.log('hook c'));

export function dispose() {
    console.log('dispose');
}

// Frame 1 asks for a reload; the reloaded scripts end the run with 0 at their second frame.
let frames = 0;
export function tickReload(dt) {
    frames++;
    if (Host.Frame === 1) Host.Reload();
    if (Host.Frame === 3) Host.Exit(0);
}

export function tickHostExit(dt) {
    console.log('logged before Host.Exit');
    Host.Exit(4);
}

export function tickEnvironmentExit(dt) {
    console.log('logged before Environment.Exit');
    Environment.Exit(5);
}

export function tickThrowAfterLog(dt) {
    console.log('logged before the throw');
    throw new Error('thrown after logging');
}

export function tickReject(dt) {
    if (Host.Frame === 1) Promise.reject(new Error('nobody handles this'));
}

// One line per frame, for a stdout that closes under the run (Ztsrun_Output_ClosedStdoutReportedOnce).
export function tickChatty(dt) {
    console.log('line ' + Host.Frame);
}
