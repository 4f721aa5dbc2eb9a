export function label() {
    return 'version-one';
}
