// SPEC_MAP D5 Members: indexers, events, operators, arrays, statics, chars, longs, exceptions.
import { eq, ok, throws } from './assert.js';
import { Bag, Money, Overloads, Failing, Zoo, Holder } from 'csharp:Fixtures';

export function test_Members_Indexer_GetItemSetItem() {
    const bag = new Bag();
    bag.set_Item('a', 3);
    eq(bag.get_Item('a'), 3);
    eq(bag.get_Item('zz'), -1);
    eq(bag.Count, 1);
}

export function test_Members_Event_AddRemove() {
    const bag = new Bag();
    const counter = new Bag.Counter();
    const handler = Bag.CountingHandler(counter);
    bag.add_Changed(handler);
    bag.Touch();
    bag.Touch();
    eq(counter.Value, 2);
    bag.remove_Changed(handler);
    bag.Touch();
    eq(counter.Value, 2, 'removed handler is not called');
}

export function test_Members_Operators_AreOpMethods() {
    const sum = Money.op_Addition(new Money(150), new Money(75));
    eq(sum.Cents, 225);
    eq(sum.ToString(), '2.25');
    ok(Money.op_Equality(new Money(1), new Money(1)), 'op_Equality');
}

export function test_Members_Struct_DefaultConstructor() {
    eq(new Money().Cents, 0);
}

export function test_Members_Arrays_IndexAndLength() {
    const a = Overloads.Range(5);
    eq(a.length, 5);
    eq(a[3], 3);
    a[3] = 30;
    eq(a[3], 30);
    eq(Overloads.Sum(a), 0 + 1 + 2 + 30 + 4);
    throws(() => a[9], 'zts: System.IndexOutOfRangeException');
    throws(() => { a[1] = 'x'; }, 'zts: cannot convert string to System.Int32');
}

export function test_Members_Arrays_LengthIsPerArray() {
    // The core keeps each array's length after the first read (C# arrays never resize).
    const empty = Overloads.Range(0), three = Overloads.Range(3), big = Overloads.Range(1000);
    for (let round = 0; round < 2; round++) {
        eq(empty.length, 0, 'empty');
        eq(three.length, 3, 'three');
        eq(big.length, 1000, 'big');
    }
    eq(big[999], 999, 'last index');
    eq(big['999'], 999, 'string key');
    eq(big['01'], undefined, 'a non-canonical key is not an index');
    throws(() => big[1000], 'zts: System.IndexOutOfRangeException');
}

export function test_Members_Arrays_Iterable() {
    const a = Overloads.Range(4);
    const seen = [];
    for (const x of a) seen.push(x);
    eq(seen.join(','), '0,1,2,3', 'for...of over a C# array');
    eq([...a].length, 4, 'spread');
    eq(Array.from(a).join(','), '0,1,2,3', 'Array.from');
}

export function test_Members_StaticFieldsAndProperties() {
    Zoo.Total = 12;
    eq(Zoo.Total, 12);
}

export function test_Members_Chars_AreOneCharStrings() {
    eq(Overloads.Initial('hello'), 'h');
    eq(Overloads.FromChar('q'), 'char:q');
    throws(() => Overloads.FromChar('qq'), 'zts: cannot convert a string of length 2 to System.Char');
}

export function test_Members_Long_SafeRangeOnly() {
    eq(Overloads.Big(9007199254740991), 9007199254740991);
    throws(() => Overloads.Big(2 ** 60), 'zts: cannot convert number');
}

export function test_Members_WriteOnlyProperty() {
    const h = new Holder();
    h.WriteOnly = 'abcd';
    eq(h.Value, 4);
}

export function test_Members_CSharpException_BecomesZtsError() {
    const e = throws(() => Failing.Throw('bad state'), 'zts: System.InvalidOperationException: bad state');
    ok(e instanceof Error, 'an Error');
    ok(typeof e.csharpStack === 'string' && e.csharpStack.indexOf('Failing.Throw') >= 0, 'csharpStack names the C# frame');
    // ZTS's own bridge frames (zts_member_bridge, its delegate wrapper, HostCallBoundary) are dropped
    ok(!/zts_member_bridge|invoke_bound_|ZTS\.(Shared|Mono|Il2Cpp)\./.test(e.csharpStack), 'csharpStack without ZTS frames: ' + e.csharpStack);
    throws(() => Failing.Divide(1, 0), 'zts: System.DivideByZeroException: ');
    throws(() => Failing.Nested(), 'zts: System.ArgumentException: inner failure');
}

export function test_Members_ObjectResult_PrimitivesAndBoxes() {
    eq(Zoo.Boxed(0), 42);
    eq(Zoo.Boxed(1), 'text');
    const boxedEnum = Zoo.Boxed(2);
    eq(typeof boxedEnum, 'object', 'a boxed enum typed object is ByObj');
    eq(boxedEnum.ToString(), 'Green');
    eq(Zoo.TypeOf(Zoo.Boxed(3)), 'Animal:Animal:boxed');
}
