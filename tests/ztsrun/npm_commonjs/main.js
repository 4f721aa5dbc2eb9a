// ztsrun end-to-end fixture: typescript (in the repository's node_modules) is a CommonJS package.
import ts from 'typescript';

export function tick(dt) {
    console.log(typeof ts);
}
