// Extension methods on instances, opted in by [assembly: TsUsing("Fixtures.Everyday.Extensions")] (docs/EVERYDAY.md).
import { eq, ok, throws } from './assert.js';
import { Item, Weapon, Vec3, Coins, Helper, SubHelper } from 'csharp:Fixtures.Everyday';
import { ItemExtensions, SequenceExtensions, HelperExtensions } from 'csharp:Fixtures.Everyday.Extensions';
import { Collections } from 'csharp:Fixtures';

export function test_Extensions_OnInstances() {
    const light = new Item('Cup', 1);
    const heavy = new Item('Anvil', 50);
    eq(light.IsHeavy(), false, 'Cup.IsHeavy()');
    eq(heavy.IsHeavy(), true, 'Anvil.IsHeavy()');
    eq(heavy.Describe('a '), 'a Anvil', 'with an argument');
    eq(ItemExtensions.IsHeavy(heavy), true, 'still a static method');
}

export function test_Extensions_DerivedTypes_ReachThemThroughThePrototypeChain() {
    const axe = new Weapon('Axe', 20, 7);
    eq(axe.IsHeavy(), true, 'Weapon.IsHeavy()');
    eq(axe.Describe('the '), 'the Axe', 'Weapon.Describe');
}

export function test_Extensions_InterfaceImplementersAndStructs() {
    eq(new Coins(4).Doubled(), 8, 'IStackable extension on Coins');
    eq(new Vec3(3, 4, 0).Length(), 5, 'struct extension');
}

export function test_Extensions_InstanceMemberWins() {
    eq(new Item('Cup', 1).Label(), 'instance:Cup', 'Item.Label is the instance method');
    eq(ItemExtensions.Label(new Item('Cup', 1)), 'extension:Cup', 'the extension stays reachable statically');
}

export function test_Extensions_NotOptedIn_NotOnInstances() {
    eq(new Item('Cup', 1).Secret, undefined, 'Fixtures.Everyday.Hidden is not opted in');
}

export function test_Extensions_WrongArgument_NamesTheExtension() {
    throws(() => new Item('Cup', 1).Describe(42), "zts: cannot convert number to System.String (argument 2 of 'ItemExtensions.Describe')");
    throws(() => Item.prototype.IsHeavy.call({}), 'zts:');
    ok(true);
}

// Generic extension methods (LINQ's Where shape) on instances, closed over what the receiver gives: List<int>.Keep is
// Keep<int> (TsExtensionRules).
export function test_Extensions_Generic_ClosedByTheReceiver() {
    const numbers = Collections.Numbers(5); // List<int> 0..4
    const even = numbers.Keep(n => n % 2 === 0);
    eq(even.Count, 3, 'Keep<int> on a List<int>');
    eq(even.get_Item(2), 4);
    eq(even.Keep(n => n > 0).Count, 2, 'on its List<int> result too');
    eq(numbers.FirstOr(-1), 0, 'FirstOr<int>');
    eq(Collections.Numbers(0).FirstOr(-1), -1);
    throws(() => numbers.FirstOr('x'), "zts: cannot convert string to System.Int32 (argument 2 of 'SequenceExtensions.FirstOr')");
    const Dict = zts.generic(CSharp.System.Collections.Generic.Dictionary$2, CSharp.System.String, CSharp.System.Int32);
    const d = new Dict();
    d.set_Item('a', 1);
    d.set_Item('b', 2);
    eq(d.KeyList().get_Item(1), 'b', 'both type parameters from IDictionary<string, int>');
    eq(d.Keep(kv => kv.Value > 1).Count, 1, 'Keep<KeyValuePair<string, int>> on a Dictionary');
}

export function test_Extensions_Generic_NotGivenByTheReceiver_StaticOnly() {
    const numbers = Collections.Numbers(3);
    eq(numbers.MapTo, undefined, 'TResult comes from no receiver');
    eq(numbers.Show, undefined, 'a bare type parameter receiver');
    const map = zts.generic_method(SequenceExtensions, 'MapTo', CSharp.System.Int32, CSharp.System.String);
    eq(map(numbers, n => 'n' + n).get_Item(2), 'n2', 'closed explicitly, a static call');
    eq(SequenceExtensions.Keep(numbers, n => n > 0).Count, 2, 'still a static method');
}

// A receiver that is a type parameter with a class or interface constraint (`Extension<T>(this T a) where T : Helper`):
// on the view of every type that meets the constraints, closed over that view (TsExtensionRules).
export function test_Extensions_ReceiverTyped_ClosedPerView() {
    const h = new Helper('h');
    eq(h.Extension().Tag, 'h+', 'Extension<Helper>');
    eq(h.Kind(), 'Helper');
    const sub = new SubHelper('s', 3);
    const same = sub.Extension();
    eq(same.Level, 3, 'Extension<SubHelper> returns the SubHelper');
    eq(same.Tag, 's+');
    eq(sub.Kind(), 'SubHelper', 'closed over the derived view, not inherited from Helper');
    eq(new Coins(2).Counted(), 'Coins:2', 'an interface constraint: Counted<Coins>');
    eq(HelperExtensions.Kind(sub), 'SubHelper', 'still a static method');
}

export function test_Extensions_ReceiverTyped_InstanceMemberWins() {
    const h = new Helper('h');
    eq(h.Tag, 'h', 'the instance property Tag, not the extension Tag<T>');
    eq(HelperExtensions.Tag(h), 'extension');
}

// An unconstrained receiver type parameter (`Show<T>(this T)`) would show on every object: it stays static only.
export function test_Extensions_ReceiverTyped_Unconstrained_NotOnObjects() {
    eq(new Item('Cup', 1).Show, undefined, 'not on a C# object');
    eq(new Helper('h').Show, undefined);
    eq(new Vec3(1, 2, 3).Show, undefined, 'not on a struct');
    eq({}.Show, undefined, 'not on a JS object');
    eq(SequenceExtensions.Show(1), 'show:1', 'a static method');
}

// Type parameters the receiver does not give, inferred per call from the other arguments as generic methods infer
// them (`Extension2<T1, T2>(this T1 a, T2 b)`: T1 from the view, T2 from b).
export function test_Extensions_ArgumentInferred_CSharpObject() {
    const h = new Helper('h');
    eq(h.Extension2(new Item('Cup', 1)), 'Helper,Item:Item(Cup)', 'T2 = the runtime type of the C# object');
    eq(new SubHelper('s', 1).Extension2(new Weapon('Axe', 20, 7)), 'SubHelper,Weapon:Item(Axe)');
    eq(h.CountAll(Collections.Numbers(3), 1), 'Int32:4', 'T2 from a List<int> argument');
    const ext2 = zts.generic_method(HelperExtensions, 'Extension2', SubHelper, Item);
    eq(ext2(new SubHelper('s', 1), new Weapon('Axe', 20, 7)), 'SubHelper,Item:Item(Axe)', 'closed explicitly, a static call');
}

export function test_Extensions_ArgumentInferred_Number() {
    const h = new Helper('h');
    eq(h.Extension2(3), 'Helper,Int32:3', 'an integral number gives Int32');
    eq(h.Extension2(2.5), 'Helper,Double:2.5', 'else Double');
    eq(h.Extension2('x'), 'Helper,String:x');
    eq(h.Extension2(true), 'Helper,Boolean:True');
    const numbers = Collections.Numbers(5);
    eq(numbers.Fold(0, (acc, n) => acc + n), 10, "Fold<int, int>: TAcc from the seed (LINQ's Aggregate shape)");
    eq(numbers.Fold('', (acc, n) => acc + n), '01234', 'Fold<int, string>');
}

export function test_Extensions_ArgumentInferred_Errors() {
    const h = new Helper('h');
    const cannot = "zts: cannot infer the type argument T2 of 'HelperExtensions.Extension2' from the arguments; " +
                   'close it with zts.generic_method(HelperExtensions, "Extension2", T1, T2)';
    throws(() => h.Extension2(null), cannot);
    throws(() => h.Extension2(() => 1), cannot);
    throws(() => h.Extension2(), "zts: no overload of 'Helper.Extension2' matches (); candidates: Extension2(T2)", 'an argument short');
    throws(() => h.CountAll(Collections.Numbers(3), 'x'), "zts: cannot convert string to System.Int32 (argument 3 of 'HelperExtensions.CountAll");
    // LINQ's Select shape (TResult only in a delegate's type) stays off instances: a JS function gives no C# type.
    eq(Collections.Numbers(3).MapTo, undefined);
}

// A struct argument gives its type (Extension2<Helper, Vec3>; on the Player a struct reduces to object, covered).
export function test_Extensions_ArgumentInferred_StructArgument() {
    eq(new Helper('h').Extension2(new Vec3(1, 2, 3)), 'Helper,Vec3:(1, 2, 3)');
}

// On the Player the build closes the per-call type parameters over its representatives (object, string, int, double,
// float, bool, long), with the delegate types they make: Fold<int, Item> has its bridge (every class reduces to
// object) but its Func<Item, int, Item> has no shim there, so it fails at first bind (player_uncovered.txt).
export function test_Extensions_ArgumentInferred_DelegateOfAnotherType() {
    const folded = Collections.Numbers(3).Fold(new Item('a', 0), (acc, n) => new Item(acc.Name + n, n));
    eq(folded.Name, 'a012', 'Fold<int, Item>');
}
