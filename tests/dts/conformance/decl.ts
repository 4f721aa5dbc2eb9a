// tests/fixtures/Declarations.cs: what breaks other generators, through the generated declarations.
import { eq, ok, some } from './assert.js';
import {
    Nesting, Ranked$1, Singleton$1, GameManager, Circle, IShape, ILabelled, function as Fn, Keywords, ByRef,
    Callbacks, Convert$2, Combine, Shout, Bump, Peek, Options, DayKind, Canvas, Point, Outer, Base, Derived,
} from 'csharp:Fixtures.Decl';
import type { List$1, Dictionary$2 } from 'csharp:System.Collections.Generic';

export function test_Decl_NestedGenerics(): void {
    const data: List$1<Dictionary$2<string | null, List$1<number> | null> | null> = some(Nesting.Make());
    eq(data.Count, 1);
    const inner = some(data.get_Item(0));
    const list = some(inner.get_Item('a'));
    eq(list.get_Item(2), 3);
    list.Add(4);
    eq(Nesting.Total(data), 10);
    const counts = some(Nesting.Counts(some(Options.Words('a b a'))));
    eq(counts.get_Item('a'), 2);
    ok(counts.ContainsKey('b'), 'ContainsKey');
}

export function test_Decl_ListOfInt_ByZtsGeneric(): void {
    const ListOfInt = zts.generic(CSharp.System.Collections.Generic.List$1, CSharp.System.Int32);
    const list = new ListOfInt();
    list.Add(3);
    list.Add(4);
    const second: number = list.get_Item(1);
    eq(second, 4);
    eq(list.Count, 2);
    const ListOfLists = zts.generic(CSharp.System.Collections.Generic.List$1, zts.generic(CSharp.System.Collections.Generic.List$1, CSharp.System.String));
    const outer = new ListOfLists();
    outer.Add(null);
    eq(outer.get_Item(0), null);
}

export function test_Decl_SelfReferentialConstraint(): void {
    const RankedInt = zts.generic(Ranked$1, CSharp.System.Int32);
    const r = new RankedInt();
    r.Add(3);
    r.Add(9);
    r.Add(4);
    const max: number = r.Max();
    eq(max, 9);
    eq(r.Count, 3);
}

export function test_Decl_GenericSingleton(): void {
    const m = some(GameManager.Instance);
    m.Score = 5;
    eq(some(GameManager.Instance).Hello(), 'manager:5');
    ok(GameManager.Created, 'Created');
    const S = zts.generic(Singleton$1, GameManager);
    eq(S.Instance, m);
    ok(new GameManager() !== m, 'a new one');
}

export function test_Decl_ExplicitAndImplicitInterfaces(): void {
    const c = new Circle(2);
    c.Radius = 1;
    eq(c.Name(3), 'circle#3');
    c.Label = 'round';
    const labelled: ILabelled = c; // implicit: the class view has Label
    eq(labelled.Label, 'round');
    const shape = some(Circle.AsShape(c)); // explicit: only through the interface view
    eq(shape.Name(), 'circle');
    eq(shape.Area, 3);
    eq(zts.cast(c, IShape).Name(), 'circle');
}

export function test_Decl_ReservedNames(): void {
    eq(Fn.delete(3), 'delete:3');
    eq(Fn['new'](), 'new');
    eq(Fn.typeof('x'), 'typeof:x');
    eq(CSharp.Fixtures.Decl.function, Fn);
    const k = new Keywords();
    eq(k.constructor(), 'not a constructor');
    eq(k.default, 7);
    k.default = 8;
    eq(Keywords.yield('a'), 'a2');
    eq(Keywords.yield('a', 5), 'a5');
}

export function test_Decl_RefOutOverloads(): void {
    eq(ByRef.Read(2), 'value:2');
    const x = zts.ref(2);
    eq(ByRef.Read(x), 'ref');
    eq(x.value, 20);
    const s = zts.ref<string | null>(null);
    eq(ByRef.Make(s), 'out');
    eq(s.value, 'made');
    eq(ByRef.Make('z'), 'in:z');
}

export function test_Decl_Delegates(): void {
    eq(Callbacks.Run((a, b) => a * b, 3, 4), 12);
    eq(Callbacks.Map(v => 'n' + v, 5), 'n5');
    const adder = some(Callbacks.Adder());
    eq(adder(1, 2), 3);
    eq(Callbacks.Run(adder, 2, 2), 4);
    const explicit = zts.to_delegate((a, b) => a - b, Combine);
    eq(Callbacks.Run(explicit, 5, 2), 3);
    const Conv = zts.generic(Convert$2, CSharp.System.Int32, CSharp.System.String);
    const conv = zts.to_delegate(v => 'c' + v, Conv);
    eq(conv(1), 'c1');
    let heard = '';
    const h = (text: string | null) => { heard += text; };
    Callbacks.add_Shouted(h);
    Callbacks.Raise('hey');
    Callbacks.remove_Shouted(h);
    Callbacks.Raise('gone');
    eq(heard, 'hey');
    eq(Callbacks.RunPeek(h => zts.opaque_get(h) + 1, 6), 7);
    const peek = zts.to_delegate(h => zts.opaque_get(h) * 2, Peek);
    eq(Callbacks.RunPeek(peek, 4), 8);
    const bump = zts.to_delegate((h, by) => zts.opaque_set(h, by.X), Bump);
    eq(Callbacks.RunBump(bump, 0), 2);
    const shout = zts.to_delegate(text => { heard += '!' + text; }, Shout);
    Callbacks.add_Shouted(shout);
    Callbacks.Raise('a');
    Callbacks.remove_Shouted(shout);
    shout.Invoke('b');
    eq(heard, 'hey!a!b');
    // C# -> JS: the ref parameter is an opaque handle, the Table parameter a plain object.
    eq(Callbacks.RunBump((h, by) => zts.opaque_set(h, zts.opaque_get(h) * by.X + by.Y), 4), 11);
}

export function test_Decl_OptionsParamsNullableEnums(): void {
    // b is [Optional] without a default value: undefined takes default(int) (SPEC_MAP D5).
    eq(Options.Mid(1, undefined, 'c'), '1,0,c');
    eq(Options.Mid(1, 2, 'c'), '1,2,c');
    eq(Options.Tail(), 'xTrue');
    eq(Options.Tail('y', false), 'yFalse');
    eq(Options.Count(Options.Words('a b c')), 3);
    eq(Options.Count(null), -1);
    eq(Options.First('hi'), 'h');
    eq(Options.Wide(1, 2), 3);
    eq(Options.Maybe(true), 5);
    eq(Options.Maybe(false), null);
    const k: DayKind = Options.Day(DayKind.Rest);
    eq(k, 2);
    eq(DayKind.Work, 1);
    ok(new Options() instanceof Options, 'instance');
}

export function test_Decl_MarshalAsMembers(): void {
    const c = new Canvas();
    c.Cursor = { X: 1, Y: 2 };
    const cur: { X: number; Y: number } = c.Cursor;
    eq(cur.Y, 2);
    c.Anchor = { X: 7 };
    eq(c.Anchor.X, 7);
    eq(c.Plot(1, 2, null), 102);
    eq(c.Plot(1, 2, { X: 3 }), 3102);
    eq(some(c.Last(true)).X, 1);
    eq(c.Last(false), null);
    const raw = c.Raw();
    eq(raw.X, 1);
    const p = new Point(4, 5);
    eq(p.X + p.Y, 9);
    eq(new Point().X, 0);
}

export function test_Decl_NestedTypes(): void {
    const o = new Outer();
    eq(some(o.Make()).Where(), 'Outer.Inner');
    eq(new Outer.Inner().Where(), 'Outer.Inner');
    eq(Outer.Inner.Mode.On, 1);
    eq(Outer.Inner.Mode.Off, 0);
    const Pair = zts.generic(Outer.Pair$2, CSharp.System.String, CSharp.System.Int32);
    const pair = new Pair('a', 1);
    const b: number = pair.B;
    eq((pair.A ?? '') + b, 'a1');
    pair.A = 'b';
}

export function test_Decl_HidingAndIndexers(): void {
    const d = new Derived();
    const v: string | null = d.Value;
    eq(v, 'derived');
    d.Value = 'x';
    eq(d.Who(), 'derived');
    d.set_Item(1, 'one');
    eq(d.get_Item(1), 'one');
    const b = new Base();
    eq(b.Value, 1);
    b.Value = 2;
    eq(b.Who(), 'base');
}

export function test_Decl_OnResetHook(): void {
    // zts.on_reset takes a function and returns nothing; the hook runs when the test domain is freed.
    const result: void = zts.on_reset(() => { Callbacks.Raise('reset'); });
    eq(result, undefined);
}
