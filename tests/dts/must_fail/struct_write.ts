// Must not compile (Dts_Tsc_StructWriteFails_Reason): a field of a struct read from C# is a read-only view's
// (docs/DECLARATIONS.md "Struct results are read-only"): the write would change a copy. C# refuses it too (CS1612).
import { Carrier } from 'csharp:Fixtures';

export function lostWrite(c: Carrier): void {
    c.Position.X = 5;
}
