// Game logic calling into ./util.ts; the tests call these exports from C#.
import { check, lengthOf, type Named } from "./util.js";

type Step = {
  readonly dt: number;
  readonly label: string;
};

/** Doubles a checked value; a negative one throws inside util.ts. */
export function step(value: number): number {
  const s: Step = { dt: value, label: "step" };
  return check(s.dt) * 2; // CALL:logic-check
}

/** Reads a name through null: an engine TypeError. */
export function typeError(): number {
  const nothing: Named | null = null;
  return lengthOf(nothing); // CALL:logic-length
}

/** Catches the Error of step(-1) in TypeScript and returns its e.stack to C#. */
export function caughtStack(): string {
  try {
    step(-1); // CALL:logic-caught
    return "no error";
  } catch (e) {
    return (e as Error).stack ?? "";
  }
}

/** A ztsrun tick (Ztsrun_SourceMappedStack): the first frame throws inside util.ts. */
export function tick(dt: number): void {
  step(-1 - dt); // CALL:logic-tick
}
