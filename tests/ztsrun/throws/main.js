let frames = 0;

export function tick(dt) {
    frames++;
    if (frames === 2) {
        throw new Error('boom at frame 2');
    }
}
