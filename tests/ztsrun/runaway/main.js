// A runaway tick. Frame 2 never returns; ztsrun's default budget interrupts it.
let frames = 0;

export function tick(dt) {
    frames++;
    if (frames === 2) {
        for (;;) {}
    }
    console.log('runaway fixture: frame ' + frames);
}
