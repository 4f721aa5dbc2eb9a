// Fixtures/InteropArgs.cs through the generated declarations: struct-default optional parameters and omitted params
// arrays are optional (`?`), IntPtr/UIntPtr are `number` (docs/MARSHAL.md, docs/OVERLOADS.md).
import { eq, throws } from './assert.js';
import { InteropArgs, Overloads } from 'csharp:Fixtures';

export function test_InteropArgs_OmittedArguments_TakeDefaults(): void {
    eq(InteropArgs.Span(), 'ticks:0');
    eq(InteropArgs.When(1), '1:0');
    eq(InteropArgs.Token(), 'none');
    eq(InteropArgs.Length(2), '2:0,0,0');
    eq(InteropArgs.Zero(), 'zero:True');
    eq(InteropArgs.Rest(1), '1,0,0[]');
    eq(InteropArgs.Rest(1, 2, ['a']), '1,2,1[a]');
    eq(Overloads.Sum(), 0, 'params int[] left out');
}

export function test_InteropArgs_NativeInts_AreNumbers(): void {
    const h: number = InteropArgs.Handle(4096);
    eq(InteropArgs.Offset(h, 16), 4112);
    const u: number = InteropArgs.UHandle(7);
    eq(u, 7);
    eq(InteropArgs.Boxed(3, 1), 6);
    InteropArgs.Stored = 12;
    const stored: number = InteropArgs.Stored;
    eq(stored, 12);
    InteropArgs.UStored = 7;
    const ustored: number = InteropArgs.UStored;
    eq(ustored, 7);
    InteropArgs.UStored = 0;
    if (InteropArgs.PointerSize === 8) { // a 32-bit process's largest native ints are exact numbers
        throws(() => InteropArgs.Largest(), 'zts: cannot convert System.IntPtr 9223372036854775807');
        throws(() => InteropArgs.ULargest(), 'zts: cannot convert System.UIntPtr 18446744073709551615');
    }
}
