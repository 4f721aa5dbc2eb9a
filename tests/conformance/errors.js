// Bad input: each is a zts: error in JS, nothing crashes, the domain keeps working.
import { eq, throws } from './assert.js';
import { Overloads, Animal, Dog } from 'csharp:Fixtures';

export function test_Errors_WrongArgumentKinds() {
    // One candidate: its bridge converts and names the argument (the same text as every other path, issue 9).
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

// Regression (issue 5 review): IntPtr/UIntPtr values cannot cross (no JS value stands for them); members that
// use them fail loudly with a bind error instead of "unknown type id 0", and gen-dts does not declare them.
export function test_Errors_NativeSizedIntegers_CannotCross() {
    const IntPtr = CSharp.System.IntPtr;
    throws(() => IntPtr.Zero, "zts: cannot bind 'IntPtr.Zero': type System.IntPtr cannot cross to JS");
    throws(() => new IntPtr(5), "zts: cannot bind 'IntPtr constructor': type System.IntPtr cannot cross to JS");
    throws(() => CSharp.System.UIntPtr.Zero, "zts: cannot bind 'UIntPtr.Zero': type System.UIntPtr cannot cross to JS");
    eq(IntPtr.Size, 8, 'members without IntPtr values still work');
}
