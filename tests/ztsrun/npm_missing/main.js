// ztsrun end-to-end fixture: a package that no node_modules above this folder has.
import { nothing } from 'zts-no-such-package';

export function tick(dt) {
    console.log(nothing);
}
