// Module "app", hot-reloaded version.
export function add(a, b) {
    return a + b;
}

export function greet(name) {
    return `hello again, ${name} (reloaded)`;
}
