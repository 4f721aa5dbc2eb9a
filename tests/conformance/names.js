// SPEC_MAP D4: the CSharp tree, csharp: modules, generic names, nested types, zts helpers.
import { eq, ok, throws } from './assert.js';
import { Math as SysMath, Console } from 'csharp:System';
import { Animal, Dog, Color } from 'csharp:Fixtures';

export function test_Names_CSharpTree_ResolvesTypes() {
    eq(CSharp.System.Math.Max(1, 2), 2);
    eq(CSharp.Fixtures.Animal, Animal, 'the tree and the module give the same type object');
}

export function test_Names_CSharpModule_ImportsTypes() {
    eq(SysMath.Abs(-7), 7);
    ok(typeof Console.WriteLine === 'function', 'Console.WriteLine is a function');
    eq(new Dog('rex').Speak(), 'rex says woof');
}

export function test_Names_MissingNamespaceMember_IsUndefined() {
    eq(CSharp.Fixtures.NoSuchType, undefined);
    eq(CSharp.NoSuchNamespace, undefined);
}

export function test_Names_Generics_ArityInName() {
    const List$1 = CSharp.System.Collections.Generic.List$1;
    ok(List$1 !== undefined, 'List$1 resolves');
    const ListOfInt = zts.generic(List$1, CSharp.System.Int32);
    const list = new ListOfInt();
    list.Add(3);
    list.Add(4);
    eq(list.Count, 2);
    eq(list.get_Item(1), 4);
    const Dict = zts.generic(CSharp.System.Collections.Generic.Dictionary$2, CSharp.System.String, CSharp.System.Int32);
    const d = new Dict();
    d.set_Item('a', 1);
    eq(d.get_Item('a'), 1);
}

export function test_Names_Generics_UserType() {
    const BoxOfString = zts.generic(CSharp.Fixtures.Box$1, CSharp.System.String);
    eq(BoxOfString.Describe(), 'Box of String');
    eq(new BoxOfString('x').Get(), 'x');
    throws(() => new CSharp.Fixtures.Box$1('x'), 'zts: ');
}

// A nested type of a closed generic is closed as in C#: Box<string>.Slot is Box`1+Slot[[System.String]].
export function test_Names_NestedTypeOfClosedGeneric_IsClosed() {
    const BoxOfString = zts.generic(CSharp.Fixtures.Box$1, CSharp.System.String);
    const Slot = BoxOfString.Slot;
    ok(Slot !== undefined, 'Box<string>.Slot is reachable');
    eq(BoxOfString.Slot, Slot, 'the same type object each read');
    eq(zts.typeof(Slot).ToString(), 'Fixtures.Box`1+Slot[System.String]');
    const s = new Slot();
    eq(s.Kind(), 'Slot of String');
    s.Held = 'x';
    eq(s.Held, 'x');
    throws(() => { s.Held = 1; }, 'zts: cannot convert number to System.String');
    const IntSlot = zts.generic(CSharp.Fixtures.Box$1, CSharp.System.Int32).Slot;
    ok(IntSlot !== Slot, 'one per closing');
    eq(new IntSlot().Kind(), 'Slot of Int32');
    ok(new BoxOfString('v').MakeSlot() instanceof Slot, 'a Slot result is that type');
    eq(new BoxOfString('v').MakeSlot().Held, 'v');
    eq(zts.typeof(CSharp.Fixtures.Box$1.Slot).ToString(), 'Fixtures.Box`1+Slot[T]', 'the definition keeps its open nested type');
}

export function test_Names_NestedTypes_AreProperties() {
    eq(CSharp.Fixtures.Bag.Nested.Where(), 'Bag.Nested');
    eq(CSharp.Fixtures.Bag.Nested.Deeper.Where(), 'Bag.Nested.Deeper');
}

export function test_Names_TypeOf_GivesSystemType() {
    const t = zts.typeof(Dog);
    eq(t.FullName, 'Fixtures.Dog');
    eq(t.Name, 'Dog');
}

export function test_Names_Enum_ValuesAreNumbers() {
    eq(Color.Green, 2);
    eq(CSharp.Fixtures.Paint.Mix(Color.Red, Color.Blue), 5);
    eq(CSharp.Fixtures.Paint.Name(Color.Blue), 'Blue');
}
