// A runaway tick. Frame 2 never returns; ztsrun's default budget interrupts it.
let frames = 0;

export function tick(dt) {
    frames++;
    if (frames === 2) {
        for (;;) {}
    }
    console.log('runaway fixture: frame ' + frames);
}

// A runaway timer callback: the budget stops it as it stops a runaway tick, and the run ends with exit 1.
export function tickTimer(dt) {
    frames++;
    if (frames === 1) {
        console.log('runaway timer fixture: timer set');
        setTimeout(() => { for (;;) {} }, 0);
    }
}

// A hang under --budget 0: what was logged just before it is printed with the hang report.
export function tickHang(dt) {
    frames++;
    if (frames === 2) {
        console.log('logged just before the hang');
        for (;;) {}
    }
}
