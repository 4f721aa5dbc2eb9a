// Extension methods on instances, opted in by [assembly: TsUsing("Fixtures.Everyday.Extensions")] (issue 12).
import { eq, ok, throws } from './assert.js';
import { Item, Weapon, Vec3, Coins } from 'csharp:Fixtures.Everyday';
import { ItemExtensions } from 'csharp:Fixtures.Everyday.Extensions';

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
