// Each frame runs the hot TypeScript function, until the test stops the process.
import { hotLoop } from "./hot";

let sink = 0;

export function tick(dt: number): number {
    sink = hotLoop(150000);
    return dt + sink * 0;
}
