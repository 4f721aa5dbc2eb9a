// Arguments as a C# caller leaves them out or passes them (fixture tests/fixtures/InteropArgs.cs; docs/OVERLOADS.md
// "Optional", "params"; docs/MARSHAL.md "Native-sized integers").
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
    eq(InteropArgs.Zero(), 'zero:True', 'IntPtr p = default');
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

// IntPtr/UIntPtr (native handles: GetNativeTexturePtr, plugin handles) cross as numbers: exact within the native
// int's range, beyond it a zts: error. That range is the process's: Int64's ±(2^53-1) in a 64-bit process, int's and
// uint's in a 32-bit Player (ARMv7, WebGL; docs/PLATFORMS.md), which this suite runs on too.
const wide = InteropArgs.PointerSize === 8;
const outOfRange = (n, type, method) =>
    `zts: cannot convert number ${n} to System.${type}: out of range (argument 1 of 'InteropArgs.${method}')`;

export function test_InteropArgs_IntPtr_CrossesAsNumber() {
    eq(InteropArgs.Handle(0), 0);
    eq(InteropArgs.Handle(-7), -7);
    eq(InteropArgs.Handle(2 ** 31 - 1), 2 ** 31 - 1);
    eq(InteropArgs.Handle(-(2 ** 31)), -(2 ** 31));
    eq(InteropArgs.UHandle(2 ** 32 - 1), 2 ** 32 - 1);
    if (wide) {
        eq(InteropArgs.Handle(2 ** 40 + 3), 2 ** 40 + 3);
        eq(InteropArgs.Handle(9007199254740991), 9007199254740991, 'the largest exact value');
        eq(InteropArgs.UHandle(2 ** 33), 2 ** 33);
    } else {
        throws(() => InteropArgs.Handle(2 ** 31), outOfRange(2 ** 31, 'IntPtr', 'Handle'));
        throws(() => InteropArgs.Handle(-(2 ** 31) - 1), outOfRange(-(2 ** 31) - 1, 'IntPtr', 'Handle'));
        throws(() => InteropArgs.UHandle(2 ** 32), outOfRange(2 ** 32, 'UIntPtr', 'UHandle'));
    }
    eq(InteropArgs.Offset(InteropArgs.Handle(4096), 16), 4112);
    eq(InteropArgs.Boxed(12, 0), 12, 'an IntPtr boxed in an object result');
    eq(CSharp.System.IntPtr.Zero, 0);
    throws(() => new CSharp.System.IntPtr(5), "zts: 'IntPtr' has no public constructor", 'the number is the handle');
    throws(() => new CSharp.System.UIntPtr(5), "zts: 'UIntPtr' has no public constructor");
    eq(CSharp.System.UIntPtr.Zero, 0);
    eq(CSharp.System.IntPtr.Size, InteropArgs.PointerSize, 'IntPtr.Size crosses as a number (4 in a 32-bit Player)');
}

export function test_InteropArgs_IntPtr_Field() {
    const handle = wide ? 0x7f0012345678 : 0x7f001234;
    InteropArgs.Stored = handle;
    eq(InteropArgs.Stored, handle);
    throws(() => { InteropArgs.Stored = 2 ** 60; }, 'zts: cannot convert number 1.152921504606847E+18 to System.IntPtr: out of range');
    InteropArgs.Stored = 0;
    eq(InteropArgs.Stored, 0);
    InteropArgs.UStored = 2 ** 32 - 1;
    eq(InteropArgs.UStored, 2 ** 32 - 1);
    throws(() => { InteropArgs.UStored = -1; }, 'zts: cannot convert number -1 to System.UIntPtr: out of range');
    InteropArgs.UStored = 0;
}

export function test_InteropArgs_IntPtr_BeyondSafeRange_IsZtsError() {
    if (!wide) { // every native int is an exact number; past the range, arguments are refused (CrossesAsNumber)
        eq(InteropArgs.Largest(), 2 ** 31 - 1);
        eq(InteropArgs.ULargest(), 2 ** 32 - 1);
        eq(InteropArgs.Boxed(1, 30), 2 ** 30);
        throws(() => InteropArgs.Handle(1.5), "zts: cannot convert non-integral number 1.5 to System.IntPtr (argument 1 of 'InteropArgs.Handle')");
        throws(() => InteropArgs.UHandle(-1), outOfRange(-1, 'UIntPtr', 'UHandle'));
        return;
    }
    eq(throws(() => InteropArgs.Largest(), 'zts:').message,
        "zts: cannot convert System.IntPtr 9223372036854775807 to a JS number: beyond ±(2^53-1) (return value of 'InteropArgs.Largest')");
    eq(throws(() => InteropArgs.ULargest(), 'zts:').message,
        "zts: cannot convert System.UIntPtr 18446744073709551615 to a JS number: beyond ±(2^53-1) (return value of 'InteropArgs.ULargest')");
    eq(throws(() => InteropArgs.Boxed(1, 53), 'zts:').message,
        "zts: cannot convert System.IntPtr 9007199254740992 to a JS number: beyond ±(2^53-1) (return value of 'InteropArgs.Boxed')");
    throws(() => InteropArgs.Handle(2 ** 53),
        "zts: cannot convert number 9007199254740992 to System.IntPtr: out of range (argument 1 of 'InteropArgs.Handle')");
    throws(() => InteropArgs.Handle(1.5), "zts: cannot convert non-integral number 1.5 to System.IntPtr (argument 1 of 'InteropArgs.Handle')");
    throws(() => InteropArgs.UHandle(-1), "zts: cannot convert number -1 to System.UIntPtr: out of range (argument 1 of 'InteropArgs.UHandle')");
    throws(() => InteropArgs.Handle('1'), "zts: cannot convert string to System.IntPtr (argument 1 of 'InteropArgs.Handle')");
}
