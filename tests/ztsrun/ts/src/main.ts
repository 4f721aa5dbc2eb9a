// ztsrun end-to-end fixture: ticks, imports a module of its own, calls back into the host.
import { Host } from "csharp:ZTS.Run";
import { Counter, explode, label } from "./lib/label";

const counter: Counter = { frames: 0 };

export function tick(dt: number): void {
    counter.frames++;
    if (counter.frames === 3) console.log(`${label(counter)}, host frame ${Host.Frame}, dt ${dt >= 0}`);
}

export function tickThrow(_dt: number): void {
    counter.frames++;
    if (counter.frames === 2) explode(counter); // CALL-SITE
}
