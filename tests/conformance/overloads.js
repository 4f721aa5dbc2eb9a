// SPEC_MAP D5 Overloads and 01-HOST-API §4 [TsAlias]: arity, then JS kinds; deterministic ties.
import { eq, throws } from './assert.js';
import { Overloads, Animal, Dog, Puppy } from 'csharp:Fixtures';

export function test_Overloads_ByKind_PicksNaturalMatch() {
    eq(Overloads.Pick(1), 'int');
    eq(Overloads.Pick(1.5), 'double');
    eq(Overloads.Pick('s'), 'string');
    eq(Overloads.Pick(true), 'bool');
}

export function test_Overloads_ByArity() {
    eq(Overloads.Pick(1, 2), 'int,int');
    eq(Overloads.Pick(1, 'x'), 'int,string');
}

export function test_Overloads_ByObjectView_MostDerivedWins() {
    eq(Overloads.Pick(new Animal('a')), 'animal');
    eq(Overloads.Pick(new Dog('d')), 'dog');
    eq(Overloads.Pick(new Puppy('p')), 'dog', 'Puppy derives from Dog: the closer match');
}

export function test_Overloads_Tie_IsDeterministic() {
    // Both take one integral number; candidates are ordered by parameter type name: Int16 < Int64.
    eq(Overloads.Tie(5), 'short');
    eq(Overloads.Tie(5), 'short');
}

export function test_Overloads_NoMatch_ListsCandidates() {
    throws(() => Overloads.Pick(null, null, null),
           "zts: no overload of 'Overloads.Pick' matches (null, null, null); candidates: ");
    throws(() => Overloads.Pick({}), "zts: no overload of 'Overloads.Pick' matches (object)");
}

// Regression: [Optional] without a default value took Reflection.Missing and threw
// InvalidCastException; a missing argument takes default(T).
export function test_Overloads_OptionalWithoutDefault_TakesDefaultOfT() {
    eq(Overloads.OptionalNoDefault(1), '1,0,null');
    eq(Overloads.OptionalNoDefault(1, undefined, 'z'), '1,0,z');
    eq(Overloads.OptionalNoDefault(1, 2), '1,2,null');
}

export function test_Overloads_Optional_TakeDefaults() {
    eq(Overloads.Optional(1), '1,10,c');
    eq(Overloads.Optional(1, 2), '1,2,c');
    eq(Overloads.Optional(1, undefined, 'z'), '1,10,z');
}

export function test_Overloads_Alias_RenamesMethod() {
    eq(Overloads.run_i32(7), 'run_i32:7');
    eq(Overloads.Run, undefined, 'the C# name is not also exposed');
}

export function test_Overloads_Alias_DuplicatesMerge() {
    eq(Overloads.Both('s'), 'first:s');
    eq(Overloads.Both(3), 'second:3');
    eq(Overloads.Both(true), 'both:True');
    eq(Overloads.First, undefined);
}

export function test_Overloads_Params_IsOneArraySlot() {
    const values = Overloads.Range(4); // an Int32[] exotic
    eq(Overloads.Sum(values), 6);
    throws(() => Overloads.Sum(1, 2), "zts: no overload of 'Overloads.Sum' matches");
}

export function test_Overloads_ObjectParameter_Conversions() {
    eq(Overloads.Any(3), 'System.Int32=3');
    eq(Overloads.Any(2.5), 'System.Double=2.5');
    eq(Overloads.Any('s'), 'System.String=s');
    eq(Overloads.Any(true), 'System.Boolean=True');
    eq(Overloads.Any(null), 'null');
    eq(Overloads.Any(new Animal('z')), 'Fixtures.Animal=Animal:z');
    throws(() => Overloads.Any({}), "zts: cannot convert object to System.Object (argument 1 of 'Overloads.Any')");
}

export function test_Overloads_InheritedOverloads_OneSet() {
    const t = new CSharp.Fixtures.DerivedTool();
    eq(t.Use('x'), 'derived:string');
    eq(t.Use(1), 'base:int', "a derived Use(string) does not hide the inherited Use(int)");
}

export function test_Overloads_InheritedStatics_OnDerivedType() {
    eq(CSharp.Fixtures.DerivedTool.Version(), 'base-static');
    eq(CSharp.Fixtures.DerivedTool.Shared, 3);
}

export function test_Overloads_NumericRange_DecidesBetweenCandidates() {
    eq(Overloads.Tie(70000), 'long', 'out of Int16 range: the Int64 overload');
    eq(Overloads.Pick(2 ** 40), 'double', 'beyond Int32: the Double overload');
}

export function test_Overloads_CharVsString_ByLength() {
    eq(Overloads.Text('h'), 'char');
    eq(Overloads.Text('hello'), 'string');
}

export function test_Overloads_Interface_OnlyWhenImplemented() {
    eq(Overloads.Take(new Dog('d')), 'pet', 'Dog implements IPet');
    eq(Overloads.Take(new Animal('a')), 'object', 'Animal does not');
}
