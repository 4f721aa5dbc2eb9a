// Imported by main; the hot-reload test rewrites VERSION and recompiles.
export const VERSION: string = "ts-one";

export interface Counter {
    frames: number;
}

export function label(counter: Counter): string {
    return `${VERSION}: frame ${counter.frames}`;
}

export function explode(counter: Counter): never {
    throw new Error(`boom in TypeScript at frame ${counter.frames}`); // THROW-SITE
}
