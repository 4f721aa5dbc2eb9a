// Fixtures/Everyday.cs through the generated declarations (docs/EVERYDAY.md): tasks as promises, async functions as
// Func<..., Task<T>>, timers, readable C# objects, extension methods, generic methods, global-namespace types.
import { eq, ok, some } from './assert.js';
import { Vec3, Item, Weapon, Coins, Grumpy, Loader, MathUtil, Inventory, Helper, SubHelper } from 'csharp:Fixtures.Everyday';
import { Double } from 'csharp:System';
import { GlobalGreeter } from 'csharp:';
import type { IStackable } from 'csharp:Fixtures.Everyday';
import { ItemExtensions, SequenceExtensions, HelperExtensions } from 'csharp:Fixtures.Everyday.Extensions';
import { Collections } from 'csharp:Fixtures';
import { Int32, String as CsString } from 'csharp:System';
import { HiddenExtensions } from 'csharp:Fixtures.Everyday.Hidden';

async function rejection(p: PromiseLike<unknown>): Promise<string> {
    try {
        await p;
    } catch (e) {
        return (e as Error).message;
    }
    return 'no rejection';
}

export async function test_Everyday_Tasks(): Promise<void> {
    const n: number = await Loader.LoadAsync(21);
    eq(n, 42);
    const s: string | null = await Loader.Ready('ready');
    eq(s, 'ready');
    const nothing: void = await Loader.Wait();
    eq(nothing, undefined);
    eq(await rejection(Loader.Fails('boom')), 'zts: System.InvalidOperationException: boom');
    eq(await rejection(Loader.Canceled()), 'zts: System.Threading.Tasks.TaskCanceledException: the C# task was canceled');
    const gated = Loader.Gated();
    Loader.Release('late');
    eq(await gated, 'late');
    eq(await Loader.PlusOne(async x => x * 10, 4), 41);
    eq(await Loader.Echo(Promise.resolve(7)), 7);
    eq(await Loader.Echo(8), 8);
    // @ts-expect-error a Task<int> argument takes a number or a promise of one
    await rejection(Loader.Echo('nine'));
}

export async function test_Everyday_Timers(): Promise<void> {
    const order: string[] = [];
    await new Promise<void>(resolve => {
        setTimeout((tag: string) => { order.push(tag); resolve(); }, 0, 'timeout');
        queueMicrotask(() => order.push('microtask'));
    });
    let runs = 0;
    await new Promise<void>(resolve => {
        const id: number = setInterval(() => {
            if (++runs === 2) {
                clearInterval(id);
                resolve();
            }
        }, 5);
    });
    clearTimeout(setTimeout(() => order.push('never'), 1));
    eq(order.join(','), 'microtask,timeout');
    eq(runs, 2);
}

export function test_Everyday_Readable(): void {
    const v = new Vec3(1, 2, 3);
    eq(`${v}`, '(1, 2, 3)');
    eq(v.X + v.Y + v.Z, 6);
    const w = new Weapon('Axe', 20, 7);
    eq(String(w), 'Item(Axe)');
    eq(w.Damage + w.Weight, 27);
    eq(String(new Grumpy()), '<ToString threw System.InvalidOperationException: no text today>');
    const coins: IStackable = new Coins(3);
    eq(coins.Count, 3);
    ok(new Item('Cup', 1).Label() === 'instance:Cup');
}

export function test_Everyday_Extensions(): void {
    const anvil = new Item('Anvil', 50);
    const heavy: boolean = anvil.IsHeavy();
    eq(heavy, true);
    eq(anvil.Describe('an '), 'an Anvil');
    eq(new Weapon('Axe', 20, 7).IsHeavy(), true);
    eq(new Vec3(3, 4, 0).Length(), 5);
    eq(new Coins(2).Doubled(), 4);
    const stack: IStackable = new Coins(3);
    eq(stack.Doubled(), 6);
    eq(anvil.Label(), 'instance:Anvil');
    eq(ItemExtensions.Label(anvil), 'extension:Anvil');
    eq(ItemExtensions.IsHeavy(anvil), true);
    eq(ItemExtensions.Describe(anvil, 'the '), 'the Anvil');
    eq(ItemExtensions.Length(new Vec3(0, 0, 2)), 2);
    eq(ItemExtensions.Doubled(stack), 6);
    eq(HiddenExtensions.Secret(anvil), 'secret');
    // @ts-expect-error Fixtures.Everyday.Hidden is not opted in: not an instance method
    eq(anvil.Secret, undefined);
    // @ts-expect-error Describe takes a string
    ok(typeof anvil.Describe === 'function' || anvil.Describe(1));
}

export function test_Everyday_GenericMethods(): void {
    const five: number = MathUtil.Max(3, 5);
    eq(five, 5);
    eq(MathUtil.Max('a', 'b'), 'b');
    eq(MathUtil.Describe(2), 'Int32:2');
    eq(MathUtil.Describe(2, '!'), 'Int32:2!');
    eq(MathUtil.Pair(1, 'x'), 'Int32,String');
    eq(MathUtil.Repeat('r', 2)?.Count, 2);
    const axe = new Weapon('Axe', 20, 7);
    const heavier: Weapon = MathUtil.Heaviest(axe, new Weapon('Knife', 1, 2));
    eq(heavier.Damage, 7);
    eq(MathUtil.First(some(MathUtil.Repeat(4, 1)).ToArray()), 4);
    const maxDouble = zts.generic_method(MathUtil, 'Max', Double);
    eq(maxDouble(1, 2.5), 2.5);
    const make = zts.generic_method(MathUtil, 'Make', Inventory);
    const made: Inventory = make(); // closed over Inventory, typed by it
    ok(made instanceof Inventory);
    const inv = new Inventory();
    inv.Add(axe);
    const find = zts.generic_method(Inventory, 'FindFirst', Weapon);
    eq(find.call(inv)?.Name, 'Axe');
    // @ts-expect-error wrong generic argument: a number is not an Item
    ok(typeof MathUtil.Heaviest === 'function' || MathUtil.Heaviest(1, 2));
    // @ts-expect-error wrong generic argument: string for values that are numbers
    ok(typeof MathUtil.Max === 'function' || MathUtil.Max<string>(1, 2));
    // @ts-expect-error a call cannot infer Make's type argument: close it with zts.generic_method
    ok(typeof MathUtil.Make === 'function' || MathUtil.Make());
    // @ts-expect-error type arguments are C# type objects
    ok(typeof zts.generic_method === 'function' || zts.generic_method(MathUtil, 'Max', 42));
    // @ts-expect-error the owner has no such member
    ok(typeof zts.generic_method === 'function' || zts.generic_method(MathUtil, 'Nope', Double));
}

export function test_Everyday_GlobalNamespace(): void {
    const viaModule: string | null = GlobalGreeter.Hello('module');
    eq(viaModule, 'hello module');
    eq(CSharp.GlobalGreeter.Hello('tree'), 'hello tree');
    ok(new GlobalGreeter() instanceof CSharp.GlobalGreeter);
}

// Generic extension methods on instances, typed by what the receiver gives (List<int>.Keep is Keep<int>).
export function test_Everyday_GenericExtensions(): void {
    const numbers = some(Collections.Numbers(5));
    const even = some(numbers.Keep(n => n % 2 === 0)); // n: number
    const last: number = even.get_Item(2);
    eq(last, 4);
    eq(numbers.FirstOr(-1), 0);
    const Dict = zts.generic(CSharp.System.Collections.Generic.Dictionary$2, CsString, Int32);
    const d = new Dict();
    d.set_Item('k', 3);
    const key: string | null = some(d.KeyList()).get_Item(0);
    eq(key, 'k');
    const map = zts.generic_method(SequenceExtensions, 'MapTo', Int32, CsString);
    const sequence = zts.cast(numbers, zts.generic(CSharp.System.Collections.Generic.IEnumerable$1, Int32));
    eq(some(map(sequence, n => 'n' + n)).get_Item(1), 'n1');
    eq(SequenceExtensions.Show(1), 'show:1');
    // @ts-expect-error FirstOr<int> takes a number
    ok(typeof numbers.FirstOr === 'function' || numbers.FirstOr('x'));
    // @ts-expect-error MapTo's TResult comes from no receiver: not on instances
    ok(typeof numbers.Keep === 'function' || numbers.MapTo((n: number) => n));
}

// The two generic extension shapes on instances: a receiver that is a constrained type parameter (declared on each view
// closed over it: SubHelper's Extension() is a SubHelper) and type parameters the other arguments give (declared
// generic in them: Extension2<T2>(b: T2)).
export function test_Everyday_GenericExtensionShapes(): void {
    const sub = new SubHelper('s', 2);
    const same: SubHelper = sub.Extension();
    eq(same.Level, 2);
    eq(sub.Extension().Tag, 's++');
    eq(new Helper('h').Extension().Tag, 'h+');
    eq(sub.Kind(), 'SubHelper');
    eq(new Coins(1).Counted(), 'Coins:1');
    const described: string = new Helper('h').Extension2(new Item('Cup', 1));
    eq(described, 'Helper,Item:Item(Cup)');
    eq(sub.Extension2(4), 'SubHelper,Int32:4');
    eq(sub.CountAll(some(Collections.Numbers(2)), 1), 'Int32:3');
    const total: number = some(Collections.Numbers(4)).Fold(0, (acc, n) => acc + n); // acc: number from the seed
    eq(total, 6);
    eq(HelperExtensions.Extension2(sub, 'x'), 'SubHelper,String:x');
    eq(HelperExtensions.Extension(sub).Level, 2);
    eq(HelperExtensions.Kind(sub), 'SubHelper');
    eq(HelperExtensions.Counted(new Coins(3)), 'Coins:3');
    eq(HelperExtensions.CountAll(sub, some(Collections.Numbers(1)), 0), 'Int32:1');
    eq(HelperExtensions.Tag(sub), 'extension');
    eq(sub.Tag, 's+++', 'the instance property wins');
    // @ts-expect-error Extension2 needs the argument its T2 comes from
    ok(typeof sub.Extension2 === 'function' || sub.Extension2());
    // @ts-expect-error Helper's Extension() is a Helper, not a SubHelper
    ok(typeof sub.Extension === 'function' || new Helper('h').Extension().Level);
    // @ts-expect-error CountAll's third argument is a number
    ok(typeof sub.CountAll === 'function' || sub.CountAll(some(Collections.Numbers(1)), 'x'));
    // @ts-expect-error an unconstrained receiver type parameter (Show<T>(this T)) is not on instances
    ok(typeof sub.Kind === 'function' || sub.Show());
}
