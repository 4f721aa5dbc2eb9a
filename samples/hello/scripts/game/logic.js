// Module "game/logic": ticked once per frame by the host; calls back into the C# world API.
import { clamp, SPEED } from './util';
import { World } from 'csharp:Hello';

const ball = World.Spawn('ball', 0);
ball.Y = 3; // a C# property set from JS
let frames = 0;
let vx = SPEED;

export function OnTick(dt) {
    frames++;
    ball.X = clamp(ball.X + vx * dt * 60, 0, 10);
    if (ball.X === 10 || ball.X === 0) vx = -vx;
    ball.Vy -= World.Gravity * dt;
    ball.Y = Math.max(0, ball.Y + ball.Vy * dt * 60);
    if (ball.Y === 0) ball.Vy = -ball.Vy * 0.8; // bounce
    console.log(`[v1] frame ${frames}: ${ball.ToString()}`);
}

export function describe() {
    return `v1 logic after ${frames} frames, ${ball.ToString()}, ${World.Count} entities in C#`;
}
