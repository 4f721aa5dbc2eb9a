// Must not compile (Dts_Tsc_WrongCallFails): a string where the C# method takes an int.
import { Overloads } from 'csharp:Fixtures';

export function wrong(): number {
    return Overloads.Add('1', 2);
}
