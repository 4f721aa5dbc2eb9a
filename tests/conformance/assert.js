// Checks for the conformance cases; every failure throws an Error with a readable message.
export function eq(actual, expected, what = 'value') {
    if (actual !== expected && !(Number.isNaN(actual) && Number.isNaN(expected))) {
        throw new Error(`${what}: expected ${String(expected)} (${typeof expected}), got ${String(actual)} (${typeof actual})`);
    }
}

export function ok(condition, what = 'condition') {
    if (!condition) throw new Error(`${what}: expected true`);
}

// Runs fn, expects it to throw an Error whose message starts with `prefix`; returns the error.
export function throws(fn, prefix, what = 'call') {
    try {
        fn();
    } catch (e) {
        const message = e && e.message !== undefined ? e.message : String(e);
        if (!message.startsWith(prefix)) {
            throw new Error(`${what}: expected an error starting "${prefix}", got "${message}"`);
        }
        return e;
    }
    throw new Error(`${what}: expected an error starting "${prefix}", but nothing was thrown`);
}
