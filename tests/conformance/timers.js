// Timers and microtasks from the frame pump (docs/EVERYDAY.md): the runner advances the host clock 16 ms per frame.
import { eq, ok, throws } from './assert.js';

function frames(n) {
    return new Promise(resolve => {
        let left = n;
        const id = setInterval(() => {
            if (--left <= 0) {
                clearInterval(id);
                resolve();
            }
        }, 0);
    });
}

export async function test_Timers_ZeroTimeout_RunsAfterMicrotasks() {
    const order = [];
    const done = new Promise(resolve => setTimeout(() => { order.push('timeout'); resolve(); }, 0));
    queueMicrotask(() => order.push('microtask'));
    Promise.resolve().then(() => order.push('promise'));
    order.push('sync');
    await done;
    eq(order.join(','), 'sync,microtask,promise,timeout', 'order');
}

export async function test_Timers_Timeouts_RunInDueOrder() {
    const order = [];
    await new Promise(resolve => {
        setTimeout(() => order.push('b'), 40);
        setTimeout(() => order.push('a'), 20);
        setTimeout(() => order.push('a2'), 20);
        setTimeout(() => { order.push('c'); resolve(); }, 60);
    });
    eq(order.join(','), 'a,a2,b,c', 'order');
}

export async function test_Timers_Arguments_Passed() {
    const got = await new Promise(resolve => setTimeout((x, y) => resolve(x + y), 1, 2, 3));
    eq(got, 5, 'arguments');
}

export async function test_Timers_Interval_CancelInsideItsOwnCallback() {
    let runs = 0;
    await new Promise(resolve => {
        const id = setInterval(() => {
            runs++;
            if (runs === 3) {
                clearInterval(id);
                setTimeout(resolve, 50); // frames pass: the interval must not run again
            }
        }, 10);
    });
    eq(runs, 3, 'interval runs');
}

export async function test_Timers_ClearTimeout_BeforeDue() {
    let ran = false;
    const id = setTimeout(() => { ran = true; }, 10);
    clearTimeout(id);
    clearTimeout(12345); // unknown ids are ignored
    await frames(3);
    eq(ran, false, 'cleared timeout ran');
}

export async function test_Timers_ZeroInterval_OncePerPump() {
    // A 0 ms timer scheduled by a timer runs at the next pump, never in a loop within one pump.
    let count = 0;
    let started = false;
    await new Promise(resolve => {
        const id = setInterval(() => {
            count++;
            if (count === 5) {
                clearInterval(id);
                resolve();
            }
        }, 0);
        started = true;
    });
    ok(started, 'started');
    eq(count, 5, 'count');
}

export function test_Timers_NotAFunction_Throws() {
    throws(() => setTimeout('code', 0), 'zts: setTimeout needs a function');
    throws(() => queueMicrotask(1), 'zts: queueMicrotask needs a function');
    ok(typeof setTimeout(() => {}, 1000) === 'number', 'ids are numbers');
}
