// Module "app": the functions of 01-HOST-API §2.3.
export function add(a, b) {
    return a + b;
}

export function greet(name) {
    return `hello, ${name} (from QuickJS, zts ${zts.version})`;
}
