import { nothing } from './does/not/exist.js';

export function tick(dt) {
    nothing();
}
