// Arguments as a C# caller leaves them out or passes them (fixture tests/fixtures/InteropArgs.cs; docs/OVERLOADS.md
// "Optional", "params"; docs/MARSHAL.md "Omitted arguments").
import { eq, throws } from './assert.js';
import { InteropArgs, Overloads, JsArrays } from 'csharp:Fixtures';

// `TimeSpan t = default(TimeSpan)` reports no default value (null): an omitted one, or undefined, is default(T),
// not a null unboxed into the struct (which threw System.NullReferenceException).
export function test_InteropArgs_StructDefault_OmittedIsDefaultOfT() {
    eq(InteropArgs.Span(), 'ticks:0');
    eq(InteropArgs.Span(undefined), 'ticks:0', 'undefined takes the default');
    eq(InteropArgs.When(1), '1:0', 'DateTime');
    eq(InteropArgs.Token(), 'none', 'CancellationToken ct = default');
    eq(InteropArgs.Length(2), '2:0,0,0', 'a struct of the fixtures');
}

export function test_InteropArgs_StructDefault_PassedValueStillWins() {
    eq(InteropArgs.Span(CSharp.System.TimeSpan.FromTicks(5)), 'ticks:5');
    eq(InteropArgs.Token(new CSharp.System.Threading.CancellationTokenSource().Token), 'cancelable');
    throws(() => InteropArgs.Span(null), "zts: cannot convert null to System.TimeSpan (argument 1 of 'InteropArgs.Span')", 'null is no TimeSpan');
}

// An omitted params array is empty, as C# passes it; a value passed is still the one array slot.
export function test_InteropArgs_Params_OmittedIsEmpty() {
    eq(InteropArgs.Rest(1), '1,0,0[]');
    eq(InteropArgs.Rest(1, 2), '1,2,0[]');
    eq(InteropArgs.Rest(1, 2, undefined), '1,2,0[]', 'undefined is omitted');
    eq(Overloads.Sum(), 0, 'Sum(params int[]) with nothing');
    eq(JsArrays.Sum(), 0);
}

export function test_InteropArgs_Params_PassedIsOneSlot() {
    eq(InteropArgs.Rest(1, 2, ['a', 'b']), '1,2,2[a|b]');
    eq(InteropArgs.Rest(1, 2, null), '1,2,null', 'null is passed as null, as in C#');
    throws(() => InteropArgs.Rest(1, 2, 'a'), "zts: cannot convert string to System.String[] (argument 3 of 'InteropArgs.Rest')",
        'one candidate: the bridge names the argument');
    throws(() => InteropArgs.Rest(1, 2, 'a', 'b'), "zts: no overload of 'InteropArgs.Rest' matches (number, number, string, string)",
        'params is not variadic');
    throws(() => Overloads.Sum('a', 'b'), "zts: no overload of 'Overloads.Sum' matches (string, string); candidates: Sum(Int32[])");
}
