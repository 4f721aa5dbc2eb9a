// Fixtures/InteropArgs.cs through the generated declarations: struct-default optional parameters and omitted params
// arrays are optional (`?`) (docs/MARSHAL.md, docs/OVERLOADS.md).
import { eq } from './assert.js';
import { InteropArgs, Overloads } from 'csharp:Fixtures';

export function test_InteropArgs_OmittedArguments_TakeDefaults(): void {
    eq(InteropArgs.Span(), 'ticks:0');
    eq(InteropArgs.When(1), '1:0');
    eq(InteropArgs.Token(), 'none');
    eq(InteropArgs.Length(2), '2:0,0,0');
    eq(InteropArgs.Rest(1), '1,0,0[]');
    eq(InteropArgs.Rest(1, 2, ['a']), '1,2,1[a]');
    eq(Overloads.Sum(), 0, 'params int[] left out');
}
