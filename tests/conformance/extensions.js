// Extension methods on instances, opted in by [assembly: TsUsing("Fixtures.Everyday.Extensions")] (docs/EVERYDAY.md).
import { eq, ok, throws } from './assert.js';
import { Item, Weapon, Vec3, Coins } from 'csharp:Fixtures.Everyday';
import { ItemExtensions, SequenceExtensions } from 'csharp:Fixtures.Everyday.Extensions';
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
