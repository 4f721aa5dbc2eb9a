// ztsrun end-to-end fixture: ticks, imports, calls back into the host.
import { Host } from 'csharp:ZTS.Run';
import { label } from './lib/util.js';

let frames = 0;

export function tick(dt) {
    frames++;
    if (frames === 3) console.log(`${label()}: frame ${frames}, host frame ${Host.Frame}, dt ${dt >= 0}`);
}

export function tickExit(dt) {
    frames++;
    if (frames === 3) {
        console.log('asking to exit with 7');
        Host.Exit(7);
    }
}

export const notAFunction = 42;
