// Generic methods (docs/EVERYDAY.md): called directly (type arguments inferred from the arguments) or closed with
// zts.generic_method(Owner, "Name", T1, ...).
import { eq, ok, throws } from './assert.js';
import { MathUtil, Inventory, Item, Weapon } from 'csharp:Fixtures.Everyday';

const { Int32, Double, String: CsString } = CSharp.System;

export function test_Generics_Inferred_FromPrimitivesAndObjects() {
    eq(MathUtil.Max(3, 5), 5, 'Max<Int32>');
    eq(MathUtil.Max(2.5, 1), 2.5, 'Max<Double> (2.5 and 1 give Double)');
    eq(MathUtil.Max('a', 'b'), 'b', 'Max<String>');
    eq(MathUtil.Describe(3), 'Int32:3', 'Describe<Int32>');
    eq(MathUtil.Describe(0.5), 'Double:0.5', 'Describe<Double>');
    eq(MathUtil.Describe('x', '!'), 'String:x!', 'the overload with a suffix');
    const sword = new Weapon('Sword', 3, 9);
    eq(MathUtil.Describe(sword), 'Weapon:Item(Sword)', 'Describe<Weapon>: the runtime type');
    eq(MathUtil.Pair(1, 'one'), 'Int32,String', 'two type parameters');
}

export function test_Generics_Inferred_ThroughArraysAndGenericTypes() {
    const ListOfString = zts.generic(CSharp.System.Collections.Generic.List$1, CsString);
    const list = new ListOfString();
    list.Add('z');
    const items = list.ToArray(); // a C# String[]
    eq(MathUtil.First(items), 'z', 'First<String> from String[]');
    const repeated = MathUtil.Repeat(7, 3);
    eq(repeated.Count, 3, 'Repeat<Int32> returns a List<Int32>');
    eq(repeated.get_Item(0), 7, 'element');
}

export function test_Generics_Explicit_GenericMethod() {
    const maxDouble = zts.generic_method(MathUtil, 'Max', Double);
    eq(maxDouble(3, 4), 4, 'Max<Double>(3, 4)');
    const make = zts.generic_method(MathUtil, 'Make', Inventory);
    ok(make() instanceof Inventory, 'Make<Inventory>()');
    const describe = zts.generic_method(MathUtil, 'Describe', Double);
    eq(describe(3), 'Double:3', 'Describe<Double>(3): the explicit type wins over inference');
    eq(describe(3, '?'), 'Double:3?', 'overloads by argument count');
}

export function test_Generics_Explicit_InstanceMethod() {
    const inv = new Inventory();
    inv.Add(new Item('Cup', 1));
    inv.Add(new Weapon('Axe', 20, 7));
    const findWeapon = zts.generic_method(Inventory, 'FindFirst', Weapon);
    eq(String(findWeapon.call(inv)), 'Item(Axe)', 'FindFirst<Weapon>');
    eq(findWeapon.call(inv).Damage, 7, 'the result is seen as a Weapon');
    throws(() => findWeapon(), "zts: 'Inventory.FindFirst[Weapon]' needs a Inventory instance as this");
}

export function test_Generics_Uninferable_NamesTheMember() {
    throws(() => MathUtil.Make(), "zts: cannot infer the type argument T of 'MathUtil.Make' from the arguments; close it with zts.generic_method(MathUtil, \"Make\", T)");
    throws(() => new Inventory().FindFirst(), "zts: cannot infer the type argument T of 'Inventory.FindFirst'");
    throws(() => MathUtil.Max(1, 'a'), "zts: cannot infer the type argument T of 'MathUtil.Max': the arguments give Int32 and String");
}

export function test_Generics_ConstraintViolation_NamesTheMember() {
    throws(() => zts.generic_method(MathUtil, 'Max', CSharp.System.Object), "zts: 'MathUtil.Max' cannot take the type arguments (Object)");
    throws(() => zts.generic_method(Inventory, 'FindFirst', CsString), "zts: 'Inventory.FindFirst' cannot take the type arguments (String)");
    throws(() => zts.generic_method(MathUtil, 'Max', Int32, Int32), "zts: zts.generic_method: 'MathUtil.Max' is not a generic method with 2 type parameter(s)");
    throws(() => zts.generic_method(MathUtil, 'Nope', Int32), "zts: zts.generic_method: 'MathUtil.Nope' is not a generic method");
    throws(() => zts.generic_method(MathUtil, 3), 'zts: zts.generic_method: argument 2 must be a method name');
}
