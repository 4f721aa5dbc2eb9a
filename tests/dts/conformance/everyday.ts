// Fixtures/Everyday.cs through the generated declarations (issue 12): tasks as promises, async functions as
// Func<..., Task<T>>, timers, readable C# objects, extension methods, generic methods, global-namespace types.
import { eq, ok } from './assert.js';
import { Vec3, Item, Weapon, Coins, Grumpy, Loader } from 'csharp:Fixtures.Everyday';
import type { IStackable } from 'csharp:Fixtures.Everyday';
import { ItemExtensions } from 'csharp:Fixtures.Everyday.Extensions';
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
