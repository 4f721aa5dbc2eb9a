// Checks for the declaration conformance cases; every failure throws an Error with a readable message.
export function eq<T>(actual: T, expected: T, what = 'value'): void {
    if (actual !== expected) {
        throw new Error(`${what}: expected ${String(expected)} (${typeof expected}), got ${String(actual)} (${typeof actual})`);
    }
}

export function ok(condition: boolean, what = 'condition'): void {
    if (!condition) throw new Error(`${what}: expected true`);
}

// Runs fn, expects an Error whose message starts with prefix.
export function throws(fn: () => unknown, prefix: string, what = 'call'): void {
    try {
        fn();
    } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (!message.startsWith(prefix)) throw new Error(`${what}: expected an error starting "${prefix}", got "${message}"`);
        return;
    }
    throw new Error(`${what}: expected an error starting "${prefix}", but nothing was thrown`);
}

// A value that is not null (narrowing for results typed `T | null`).
export function some<T>(value: T | null | undefined, what = 'value'): T {
    if (value === null || value === undefined) throw new Error(`${what}: expected a value, got ${String(value)}`);
    return value;
}
