// ztsrun fixture: an import() of a module that throws while it is evaluated. tick handles the rejection, so the
// run goes on (tests/CMakeLists.txt Ztsrun_Rejection_HandledImport_RunGoesOn); tickUnhandled does not, so the run
// ends with that one rejection (Ztsrun_Rejection_UnhandledImport_ExitsOne).
import { Host } from 'csharp:ZTS.Run';

export function tick(dt) {
    if (Host.Frame === 1) import('./throws.js').catch(e => console.log('handled: ' + e.message));
    if (Host.Frame === 4) console.log('still running at frame 4');
}

export function tickUnhandled(dt) {
    if (Host.Frame === 1) import('./throws.js');
}
