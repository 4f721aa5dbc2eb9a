// JS arrays into C# (SPEC_MAP D5): where T[], params T[] (one slot), List<T>, IList<T>,
// IReadOnlyList<T>, ICollection<T> or IEnumerable<T> is declared, a JS array crosses as a copy, each element
// converted by the same rules; a bad element is a `zts:` error naming its index.
import { eq, ok, throws } from './assert.js';
import { Animal, JsArrays, Overloads } from 'csharp:Fixtures';

export function test_JsArrays_Params_OneSlot() {
    eq(JsArrays.Sum([1, 2, 3]), 6);
    eq(JsArrays.Sum([]), 0);
    eq(JsArrays.Sum([2 ** 30, -5, 4.0]), 2 ** 30 - 1, 'integral doubles convert');
    eq(JsArrays.Sum(Overloads.Range(4)), 6, 'a C# Int32[] still passes as itself');
    throws(() => JsArrays.Sum(1, 2), "zts: no overload of 'JsArrays.Sum' matches", 'params is not variadic');
}

export function test_JsArrays_Elements_ConvertedByTheSameRules() {
    eq(JsArrays.Join(['a', null, 'c']), 'a|null|c');
    eq(JsArrays.Bytes([0, 255]), '0,255');
    eq(JsArrays.Maybe([1, null, undefined, 3]), '1,null,null,3');
    eq(JsArrays.Total([[1, 2], [3], []]), 6, 'nested JS arrays');
    eq(JsArrays.Total([Overloads.Range(3), [10]]), 13, 'a C# array inside a JS array');
    eq(JsArrays.AnimalNames([new Animal('rex'), null, new Animal('tom')]), 'rex,null,tom');
    eq(JsArrays.Mixed([1, 2.5, 'a', true, null, new Animal('x')]), 'Int32,Double,String,Boolean,null,Animal');
}

export function test_JsArrays_BadElement_NamesTheIndex() {
    throws(() => JsArrays.Sum([1, 2, 'x']), "zts: cannot convert string to System.Int32 (element 2 of argument 1 of 'JsArrays.Sum')");
    throws(() => JsArrays.Sum([1, 1.5]), 'zts: cannot convert non-integral number 1.5 to System.Int32 (element 1 of argument 1');
    throws(() => JsArrays.Bytes([1, 300]), "zts: cannot convert number 300 to System.Byte: out of range (element 1 of argument 1 of 'JsArrays.Bytes')");
    throws(() => JsArrays.Sum([1, , 3]), 'zts: cannot convert undefined to System.Int32 (element 1 of', 'a hole is undefined');
    throws(() => JsArrays.Total([[1], [2, 'x']]), "zts: cannot convert string to System.Int32 (element 1 of element 1 of argument 1 of 'JsArrays.Total')");
    throws(() => JsArrays.AnimalNames([{}]), 'zts: cannot convert object to Fixtures.Animal (element 0 of argument 1');
}

export function test_JsArrays_LongArray_ReadInTwoBatches() {
    const values = Array.from({ length: 100 }, (_, i) => i);
    eq(JsArrays.Sum(values), 4950);
    values[77] = 'x';
    throws(() => JsArrays.Sum(values), 'zts: cannot convert string to System.Int32 (element 77 of argument 1');
}

export function test_JsArrays_Lists_AreCopies() {
    const values = [1, 2];
    eq(JsArrays.Grow(values), 3, 'a List<int> copy');
    eq(values.length, 2, 'the JS array is not changed');
    eq(JsArrays.ViaIList([1, 2, 3]), 'List`1:6');
    eq(JsArrays.ViaReadOnlyList([0.5, 1]), 'List`1:1.5');
    eq(JsArrays.ViaCollection(['a', 'b']), 'List`1:2');
    eq(JsArrays.ViaEnumerable([4, 5]), 'List`1:9');
    throws(() => JsArrays.ViaIList([1, 'x']), "zts: cannot convert string to System.Int32 (element 1 of argument 1 of 'JsArrays.ViaIList')");
}

export function test_JsArrays_FieldAndPropertySets() {
    JsArrays.Numbers = [7, 8];
    eq(JsArrays.Numbers.length, 2);
    eq(JsArrays.Numbers[1], 8);
    JsArrays.Names = ['a', 'b', 'c'];
    eq(JsArrays.Names.Count, 3);
    throws(() => { JsArrays.Numbers = [1, 'x']; }, "zts: cannot convert string to System.Int32 (element 1 of argument 1 of 'JsArrays.Numbers')");
    JsArrays.Numbers = null;
    eq(JsArrays.Numbers, null);
}

export function test_JsArrays_DelegateResults() {
    eq(JsArrays.SumOf(() => [1, 2, 3]), 6);
    eq(JsArrays.CountOf(() => ['a', 'b']), 2);
    throws(() => JsArrays.SumOf(() => [1, 'x']), 'zts: cannot convert string to System.Int32 (element 1 of return value of');
}

export function test_JsArrays_RefBox_TakesAJsArray() {
    const r = zts.ref([1, 2, 3]);
    JsArrays.Double(r);
    eq(r.value.length, 3, 'written back as a C# Int32[]');
    eq(r.value[2], 6);
    const bad = zts.ref(['x']);
    throws(() => JsArrays.Double(bad), "zts: cannot convert string to System.Int32 (element 0 of argument 1 of 'JsArrays.Double')");
}

export function test_JsArrays_NotArrayLike_NoMatch() {
    throws(() => Overloads.Pick([1]), "zts: no overload of 'Overloads.Pick' matches (array)");
    throws(() => Overloads.Any([1]), "zts: cannot convert object to System.Object (argument 1 of 'Overloads.Any')", 'object takes no JS array');
    throws(() => JsArrays.Sum({ length: 1, 0: 1 }), "zts: cannot convert object to System.Int32[] (argument 1 of 'JsArrays.Sum')", 'an array-like object is not an array');
    throws(() => JsArrays.Describe([1]), "zts: cannot convert object to System.Array (argument 1 of 'JsArrays.Describe')", 'System.Array takes C# arrays only');
}

export function test_JsArrays_Overloads_RankByElements() {
    eq(JsArrays.Rank([1, 2]), 'int[]');
    eq(JsArrays.Rank(['a', null]), 'string[]');
    eq(JsArrays.Rank([1.5, 2]), 'List<double>', 'int[] rejects a fraction, string[] a number');
    eq(JsArrays.Rank([]), 'int[]', 'an empty array fits all: the first candidate by order');
    eq(JsArrays.Rank(5), 'object');
    eq(JsArrays.Prefer([1]), 'int[]', 'T[] is natural, IEnumerable<T> converts');
    throws(() => JsArrays.Rank([1, 'a']), "zts: cannot convert string to System.Int32 (element 1 of argument 1 of 'JsArrays.Rank')",
        'no candidate fits every element: pass 2 picks by kind, the bridge names the element');
}

export function test_JsArrays_CreateInstance_IsACSharpArray() {
    const a = CSharp.System.Array.CreateInstance(zts.typeof(CSharp.System.Int32), 3);
    eq(a.length, 3);
    a[0] = 5;
    a[2] = 7;
    eq(a[0] + a[1] + a[2], 12);
    eq(JsArrays.Sum(a), 12, 'accepted by an int[] parameter');
    eq(JsArrays.Describe(a), 'Int32[]:3', 'and by a System.Array parameter');
    throws(() => { a[0] = 'x'; }, 'zts: cannot convert string to System.Int32');
    const boxed = JsArrays.Boxed();
    eq(boxed[1], 5, 'an int[] returned as object is an Int32[] too');
    eq(JsArrays.Sum(boxed), 9);
}
