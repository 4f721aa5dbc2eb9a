// Module "game/logic": ticked once per frame by the host.
import { clamp, SPEED } from './util';

const ball = { x: 0, vx: SPEED };
let frames = 0;

export function OnTick(dt) {
    frames++;
    ball.x = clamp(ball.x + ball.vx * dt * 60, 0, 10);
    if (ball.x === 10 || ball.x === 0) ball.vx = -ball.vx;
    console.log(`[v1] frame ${frames}: ball.x = ${ball.x.toFixed(2)}`);
}

export function describe() {
    return `v1 logic after ${frames} frames, ball at ${ball.x.toFixed(2)}`;
}
