// Module "game/logic", hot-reloaded version: a fresh context, so state starts over.
import { clamp, SPEED } from './util.js';

let x = 5;
let frames = 0;

export function OnTick(dt) {
    frames++;
    x = clamp(x + SPEED * dt * 60, 0, 10);
    console.log(`[v2] frame ${frames}: x = ${x.toFixed(2)}`);
}

export function describe() {
    return `v2 logic after ${frames} frames, x at ${x.toFixed(2)}`;
}
