// Fixtures/Overloads.cs through the generated declarations: overload sets, aliases (attribute and
// alias XML), optional parameters, params arrays, object parameters, chars, longs, ref/out boxes.
import { eq, some, throws } from './assert.js';
import { Overloads, Animal, Dog, Precompiled, Refs } from 'csharp:Fixtures';

export function test_Overloads_EverySet(): void {
    eq(Overloads.Pick(1), 'int');
    eq(Overloads.Pick(1.5), 'double');
    eq(Overloads.Pick('s'), 'string');
    eq(Overloads.Pick(true), 'bool');
    eq(Overloads.Pick(new Animal('a')), 'animal');
    eq(Overloads.Pick(new Dog('d')), 'dog');
    eq(Overloads.Pick(1, 2), 'int,int');
    eq(Overloads.Pick(1, 'x'), 'int,string');
    eq(Overloads.Tie(5), 'short');
    eq(Overloads.Tie(70000), 'long');
    eq(Overloads.Any(2.5), 'System.Double=2.5');
    eq(Overloads.Optional(1), '1,10,c');
    eq(Overloads.Optional(1, 2), '1,2,c');
    eq(Overloads.Optional(1, undefined, 'z'), '1,10,z');
    eq(Overloads.OptionalNoDefault(1), '1,0,null', '[Optional] without a default: default(T)');
    eq(Overloads.OptionalNoDefault(1, 2, 'z'), '1,2,z');
    eq(Overloads.Sum(Overloads.Range(4)), 6);
    eq(Overloads.Any(3), 'System.Int32=3');
    eq(Overloads.Any('s'), 'System.String=s');
    eq(Overloads.Any(true), 'System.Boolean=True');
    eq(Overloads.Any(null), 'null');
    eq(Overloads.Any(new Animal('z')), 'Fixtures.Animal=Animal:z');
    eq(Overloads.run_i32(7), 'run_i32:7');
    eq(Overloads.Both('s'), 'first:s');
    eq(Overloads.Both(3), 'second:3');
    eq(Overloads.Both(true), 'both:True');
    eq(Overloads.Add(2, 3), 5);
    eq(Overloads.Big(9007199254740991), 9007199254740991);
    eq(Overloads.Byte(255), 255);
    eq(Overloads.Initial('hello'), 'h');
    eq(Overloads.FromChar('q'), 'char:q');
    eq(Overloads.Text('h'), 'char');
    eq(Overloads.Text('hello'), 'string');
    eq(Overloads.Take(new Dog('d')), 'pet');
    eq(Overloads.Take(new Animal('a')), 'object');
    throws(() => Overloads.Byte(300), 'zts: cannot convert number 300 to System.Byte');
}

export function test_Arrays_AreCSharpArrays(): void {
    const a = some(Overloads.Range(3));
    eq(a.length, 3);
    eq(a.Length, 3, 'System.Array members on the prototype chain');
    a[1] = 10;
    eq(a[1], 10);
    let total = 0;
    for (const x of a) total += x;
    eq(total, 12);
}

export function test_Precompiled_AliasXml(): void {
    eq(Precompiled.scale_i32(2), 'int:2');
    eq(Precompiled.Scale(2.5), 'double:2.5');
    eq(Precompiled.title(), 'precompiled');
    eq(Precompiled.attribute_wins(), 'attribute');
}

export function test_Refs_Boxes(): void {
    const r = zts.ref<number>();
    eq(Refs.TryParse('42', r), true);
    eq(r.value, 42);
    const a = zts.ref(1);
    const b = zts.ref(2);
    Refs.Swap(a, b);
    eq(a.value, 2);
    eq(b.value, 1);
    const s = zts.ref<string | null>('ab');
    Refs.Append(s, 'cd');
    eq(s.value, 'abcd');
    const made = zts.ref<Animal | null>(null);
    Refs.MakeAnimal(made);
    eq(some(made.value).Name, 'made');
}
