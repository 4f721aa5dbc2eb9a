// gen-dts --nullable oblivious (docs/EVERYDAY.md): unannotated reference types are declared without `| null`, so
// this compiles with --strict without `!` or checks; a site annotated nullable ([CanBeNull]) keeps `| null`.
import { Annotated } from 'csharp:Fixtures.Decl';

export function read(a: Annotated): number {
    const oblivious: string = a.Oblivious(); // `string | null` without the option
    const described: string = a.Describe();
    // @ts-expect-error [CanBeNull] keeps `| null`
    const found: string = a.Find('key');
    return oblivious.length + described.length + (found === null ? 0 : 1);
}
