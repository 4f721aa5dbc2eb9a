// Bad input: each is a zts: error in JS, nothing crashes, the domain keeps working.
import { eq, throws } from './assert.js';
import { Overloads, Animal, Dog, WideResults, BrokenStatics, BrokenNew } from 'csharp:Fixtures';

export function test_Errors_WrongArgumentKinds() {
    // One candidate: its bridge converts and names the argument (the same text as every other path).
    throws(() => Overloads.Add('1', 2), "zts: cannot convert string to System.Int32 (argument 1 of 'Overloads.Add')");
    throws(() => new Dog(42), "zts: cannot convert number to System.String (argument 1 of 'Dog.constructor')");
}

export function test_Errors_WrongArity() {
    throws(() => Overloads.Add(1), "zts: no overload of 'Overloads.Add' matches (number)");
    throws(() => Overloads.Add(1, 2, 3), "zts: no overload of 'Overloads.Add' matches (number, number, number)");
}

export function test_Errors_IntegralRange() {
    throws(() => Overloads.Byte(300), 'zts: cannot convert number 300 to System.Byte: out of range (argument 1 of \'Overloads.Byte\')');
    throws(() => Overloads.Byte(-1), 'zts: cannot convert number -1 to System.Byte: out of range');
    throws(() => Overloads.Add(2 ** 40, 1), 'zts: cannot convert number 1099511627776 to System.Int32: out of range');
    throws(() => Overloads.Add(1.5, 1), "zts: cannot convert non-integral number 1.5 to System.Int32 (argument 1 of 'Overloads.Add')");
    throws(() => Overloads.Add(NaN, 1), 'zts: cannot convert non-integral number NaN to System.Int32');
    throws(() => Overloads.Add(Infinity, 1), 'zts: cannot convert non-integral number Infinity to System.Int32');
}

export function test_Errors_WrongThis() {
    const speak = new Dog('rex').Speak;
    throws(() => speak.call({}), "zts: 'Dog.Speak' needs a Dog instance as this");
    throws(() => speak.call(new Animal('a')), "zts: 'Dog.Speak' needs a Dog instance as this");
}

export function test_Errors_DomainKeepsWorking() {
    for (let i = 0; i < 100; i++) {
        try { Overloads.Add('x'); } catch (e) { }
        try { Overloads.Byte(1e9); } catch (e) { }
    }
    eq(Overloads.Add(2, 3), 5);
}

// IntPtr/UIntPtr cross as numbers under the Int64/UInt64 rule (docs/MARSHAL.md; once "cannot cross to JS"; more in
// interop_args.js); types with no JS value at all (pointers, TypedReference, Span-like) still fail loudly when bound.
export function test_Errors_NativeSizedIntegers_CrossAsNumbers() {
    const IntPtr = CSharp.System.IntPtr;
    eq(IntPtr.Zero, 0);
    eq(CSharp.System.UIntPtr.Zero, 0);
    eq(IntPtr.Size === 8 || IntPtr.Size === 4, true, "the process's pointer width (4 in a 32-bit Player)");
    throws(() => IntPtr.op_Explicit(2 ** 53), "zts: cannot bind 'IntPtr.op_Explicit': type System.Void* cannot cross to JS",
        'its void* overload wins for a number beyond ±(2^53-1) and fails loudly');
}

// A 64-bit result beyond ±(2^53-1) is ResultWriter's zts: error on every result path (a method, a static and an
// instance field, a long boxed in an object result), never a value: the Player once gave undefined.
export function test_Errors_WideResults_AreMarshalErrors() {
    const beyond = (v, where) => `zts: cannot convert ${v} to a JS number: beyond ±(2^53-1) (return value of '${where}')`;
    eq(throws(() => WideResults.Max(), 'zts:').message, beyond('System.Int64 9223372036854775807', 'WideResults.Max'));
    eq(throws(() => WideResults.StaticMin, 'zts:').message, beyond('System.Int64 -9223372036854775808', 'WideResults.StaticMin'));
    eq(throws(() => new WideResults().Field, 'zts:').message, beyond('System.UInt64 18446744073709551615', 'WideResults.Field'));
    eq(throws(() => WideResults.Boxed(), 'zts:').message, beyond('System.Int64 -9223372036854775808', 'WideResults.Boxed'));
    eq(WideResults.Edge(), 9007199254740991, 'the largest exact value crosses');
}

// A type whose static constructor threw: every member that needs the type throws the TypeInitializationException
// with its cause (ErrorBoundary.ErrorText), through a static method, a static field read and write, a constructor;
// its const needs no initialization. The Player once failed the whole type with "no typed entry".
export function test_Errors_TypeInitializer_NamesItsCause() {
    const broken = "zts: System.TypeInitializationException: The type initializer for 'Fixtures.BrokenStatics' threw an exception." +
        ' ---> System.InvalidOperationException: BrokenStatics cannot start';
    eq(throws(() => BrokenStatics.Touch(), 'zts:').message, broken, 'static method');
    eq(throws(() => BrokenStatics.Value, 'zts:').message, broken, 'static field read');
    eq(throws(() => { BrokenStatics.Value = 1; }, 'zts:').message, broken, 'static field write');
    eq(BrokenStatics.Name, 'broken', 'a const');
    eq(throws(() => new BrokenNew(), 'zts:').message,
       "zts: System.TypeInitializationException: The type initializer for 'Fixtures.BrokenNew' threw an exception." +
       ' ---> System.ArgumentException: BrokenNew cannot start', 'constructor');
}

// The Error made for a C# exception carries no property a script could copy onto an Error of its own to choose the
// InnerException the host sees (the mark is in the core's WeakMap; tests/managed/ErrorIdentityTests.cs forges one).
export function test_Errors_CSharpExceptionMark_NotOnTheError() {
    let e;
    try { CSharp.System.Int32.Parse('x'); } catch (x) { e = x; }
    eq(e instanceof Error, true, 'a C# exception arrives as an Error');
    eq(Object.getOwnPropertySymbols(e).length, 0, 'no symbol property');
}

// A C# namespace or type object has no string or number form: String() says so in a zts: text, not
// `TypeError: toPrimitive` (clr/type_class.cpp, to_primitive_refusal).
export function test_Errors_StringOfCSharpNames_IsZtsText() {
    throws(() => String(CSharp), "zts: cannot convert the C# namespace root 'CSharp' to a string or number");
    throws(() => `${CSharp.System}`, "zts: cannot convert the C# namespace 'CSharp.System' to a string or number");
    throws(() => String(CSharp.System.Math), "zts: cannot convert the C# type 'System.Math' to a string or number");
    throws(() => CSharp.System.Math + 1, "zts: cannot convert the C# type 'System.Math' to a string or number");
    eq(CSharp.System.Math.Max(1, 2), 2, 'the type still works');
}
