// Helpers imported by logic.ts. The tests find the throw sites by their THROW: marker comments,
// so lines may move freely.

/** A value with a name, as the logic passes it around. */
export interface Named {
  readonly name: string;
}

/** Returns value, or throws an Error for a negative one. */
export function check(value: number): number {
  if (value < 0) {
    throw new Error(`negative value ${value}`); // THROW:util-error
  }
  return value;
}

/** The length of a name; the engine throws a TypeError for null. */
export function lengthOf(item: Named | null): number {
  return (item as Named).name.length; // THROW:util-type-error
}
