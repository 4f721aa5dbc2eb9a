// Module "game/logic", hot-reloaded version: a fresh context, so JS state starts over (C# state stays).
import { clamp, SPEED } from './util.js';
import { World } from 'csharp:Hello';

const probe = World.Spawn('probe', 5);
let frames = 0;

export function OnTick(dt) {
    frames++;
    probe.X = clamp(probe.X + SPEED * dt * 60, 0, 10);
    console.log(`[v2] frame ${frames}: ${probe.ToString()}`);
}

export function describe() {
    return `v2 logic after ${frames} frames, ${probe.ToString()}, ${World.Count} entities in C#`;
}
