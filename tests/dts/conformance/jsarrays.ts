// Fixtures/JsArrays.cs through the generated declarations: T[] and list parameters, setters and
// delegate results are typed `E[] | zts.Array<E>` / `E[] | List<E>`, so JS arrays type-check and run.
import { eq, throws } from './assert.js';
import { Animal, JsArrays, Overloads } from 'csharp:Fixtures';

export function test_JsArrays_Parameters_TakeJsArrays(): void {
    eq(JsArrays.Sum([1, 2, 3]), 6);
    eq(JsArrays.Sum(Overloads.Range(3)), 3, 'or a C# array');
    eq(JsArrays.Join(['a', null]), 'a|null');
    eq(JsArrays.Total([[1], Overloads.Range(3)]), 4, 'nested: JS or C# arrays');
    eq(JsArrays.AnimalNames([new Animal('a'), null]), 'a,null');
    eq(JsArrays.Grow([1]), 2);
    eq(JsArrays.ViaIList([1, 2]), 'List`1:3');
    eq(JsArrays.ViaReadOnlyList([0.5]), 'List`1:0.5');
    eq(JsArrays.ViaCollection(['x']), 'List`1:1');
    eq(JsArrays.ViaEnumerable([]), 'List`1:0');
}

export function test_JsArrays_SettersAndDelegateResults(): void {
    JsArrays.Numbers = [1, 2];
    const n: number = JsArrays.Numbers![1];
    eq(n, 2, 'the getter is the C# array');
    JsArrays.Names = ['a'];
    eq(JsArrays.Names!.Count, 1);
    eq(JsArrays.SumOf(() => [4, 5]), 9);
    eq(JsArrays.CountOf(() => ['a', 'b', 'c']), 3);
}

export function test_JsArrays_BadElement_NamesTheIndex(): void {
    const values: number[] = [1, 2.5];
    throws(() => JsArrays.Sum(values), "zts: cannot convert non-integral number 2.5 to System.Int32 (element 1 of argument 1 of 'JsArrays.Sum')");
}

export function test_JsArrays_OverloadsAndElementKinds(): void {
    eq(JsArrays.Rank([1, 2]), 'int[]');
    eq(JsArrays.Rank(['a']), 'string[]');
    eq(JsArrays.Rank([1.5]), 'List<double>');
    eq(JsArrays.Prefer([1]), 'int[]');
    eq(JsArrays.Bytes([1, 2]), '1,2');
    eq(JsArrays.Maybe([1, null]), '1,null');
    eq(JsArrays.Mixed([1, 'a', new Animal('x')]), 'Int32,String,Animal');
    const r = zts.ref<number[] | zts.Array<number> | null>([1, 2]);
    JsArrays.Double(r as zts.Ref<zts.Array<number> | null>);
    eq((r.value as zts.Array<number>)[1], 4);
}
