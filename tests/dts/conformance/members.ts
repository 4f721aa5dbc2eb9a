// Fixtures/Members.cs through the generated declarations: indexers, events, operators, nested types,
// generics via zts.generic, delegates, statics, read-only members, exceptions.
import { eq, ok, some, throws } from './assert.js';
import { Bag, Money, Box$1, Failing, Holder, Factory, Widget, SubWidget, Notifier, WideResults, BrokenStatics, BrokenNew, Packages, DestroyMethod, Announced } from 'csharp:Fixtures';

export function test_Bag_IndexerEventsNested(): void {
    const bag = new Bag();
    bag.set_Item('a', 3);
    eq(bag.get_Item('a'), 3);
    eq(bag.Count, 1);
    const counter = new Bag.Counter();
    const handler = some(Bag.CountingHandler(counter));
    bag.add_Changed(handler);
    bag.Touch();
    bag.remove_Changed(handler);
    bag.Touch();
    eq(counter.Value, 1);
    let calls = 0;
    // sender is declared `object`: it arrives as another view (System.Object) of the bag, so not === bag.
    const js = (sender: unknown, e: unknown) => { calls++; ok(sender !== null && e !== null, 'sender and args'); };
    bag.add_Changed(js);
    bag.Touch();
    bag.remove_Changed(js);
    eq(calls, 1);
    eq(Bag.Nested.Where(), 'Bag.Nested');
    eq(Bag.Nested.Deeper.Where(), 'Bag.Nested.Deeper');
    eq(new Bag.Nested.Deeper() instanceof Bag.Nested.Deeper, true);
}

export function test_Money_Operators(): void {
    const sum = Money.op_Addition(new Money(150), new Money(75));
    eq(sum.Cents, 225);
    eq(sum.ToString(), '2.25');
    ok(Money.op_Equality(new Money(1), new Money(1)), 'op_Equality');
    ok(Money.op_Inequality(new Money(1), new Money(2)), 'op_Inequality');
    eq(new Money().Cents, 0);
    ok(sum.Equals(new Money(225)), 'Equals');
    eq(sum.GetHashCode(), 225);
}

export function test_Box_GenericClosedByZtsGeneric(): void {
    const BoxOfString = zts.generic(Box$1, CSharp.System.String);
    eq(BoxOfString.Describe(), 'Box of String');
    const b = new BoxOfString('x');
    const v: string | null = b.Get();
    eq(v, 'x');
    b.Value = 'y';
    eq(b.Value, 'y');
    const BoxOfInt = zts.generic(Box$1, CSharp.System.Int32);
    const n: number = new BoxOfInt(4).Get();
    eq(n, 4);
    const BoxOfWidget = zts.generic(Box$1, Widget);
    eq(some(new BoxOfWidget(new Widget(3)).Get()).Twice(), 6);
    // A nested type of the closed generic is closed too: Box<string>.Slot holds strings.
    const slot = new BoxOfString.Slot();
    slot.Held = 'h';
    const held: string | null = slot.Held;
    eq(held, 'h');
    eq(slot.Kind(), 'Slot of String');
    eq(some(new BoxOfInt(2).MakeSlot()).Held + 1, 3);
}

export function test_Failing_Throws(): void {
    throws(() => Failing.Throw('bad'), 'zts: System.InvalidOperationException: bad');
    throws(() => Failing.Divide(1, 0), 'zts: System.DivideByZeroException');
    eq(Failing.Divide(6, 3), 2);
    throws(() => Failing.Nested(), 'zts: System.ArgumentException: inner failure');
}

// Declared numbers that do not fit a JS number, and a type that cannot be initialized: the declarations type the
// calls, the runtime throws (exact texts: tests/conformance/errors.js).
export function test_WideResults_BrokenStatics_Throw(): void {
    throws(() => WideResults.Max(), 'zts: cannot convert System.Int64 9223372036854775807 to a JS number');
    throws(() => WideResults.StaticMin, 'zts: cannot convert System.Int64 -9223372036854775808 to a JS number');
    throws(() => new WideResults().Field, 'zts: cannot convert System.UInt64 18446744073709551615 to a JS number');
    throws(() => WideResults.Boxed(), 'zts: cannot convert System.Int64 -9223372036854775808 to a JS number');
    eq(WideResults.Edge(), 9007199254740991);
    throws(() => BrokenStatics.Touch(), 'zts: System.TypeInitializationException: ');
    throws(() => BrokenStatics.Value, 'zts: System.TypeInitializationException: ');
    eq(BrokenStatics.Name, 'broken');
    throws(() => new BrokenNew(), 'zts: System.TypeInitializationException: ');
}

export function test_Holder_ReadOnlyAndWriteOnly(): void {
    const h = new Holder(4);
    eq(h.Value, 4);
    h.WriteOnly = 'abc';
    eq(h.Value, 3);
    eq(Holder.Constant, 'k');
    eq(Holder.ReadOnlyStatic, 'ro');
    Holder.StaticValue = 8;
    eq(Holder.StaticValue, 8);
    eq(new Holder().Value, 0);
}

export function test_Factory_Widget(): void {
    const w = some(Factory.Make(5));
    eq(w.Twice(), 10);
    w.N = 6;
    eq(w.N, 6);
    ok(Factory.Made > 0, 'Made');
    Factory.Made = Factory.Made + 0;
    ok(Factory.Shared() === Factory.Shared(), 'same object, same view');
    ok(Factory.Same(w) === w, 'an argument returned is the same exotic');
    const sub: Widget = new SubWidget(7);
    eq(some(Factory.Same(sub)).Twice(), 14);
    Factory.TrackEnabled = false;
    ok(Factory.Tracked !== null, 'Tracked');
}

export function test_Announced_ThisFromItsConstructor(): void {
    let seen: Announced | null = null;
    const a = new Announced((x: Announced | null) => { seen = x; }, 1);
    ok(a.Self() === a && a.N === 1, 'Self and N');
    ok((seen as Announced | null) === a, 'the object its constructor handed out');
    Announced.Created = null;
    let other: Widget | null = null;
    const b = new Announced(2, (w: Widget | null) => { other = w; });
    ok((other as Widget | null) !== null && b.N === 2, 'another object handed out');
    ok(new Announced(3).N === 3, 'no delegate');
}

export function test_Notifier_Delegates(): void {
    const n = new Notifier();
    n.Transform = x => x * x;
    eq(n.Apply(7), 49);
    const t = some(n.Transform);
    eq(t(3), 9, 'a C# delegate is callable');
    let seen = '';
    n.OnMessage = text => { seen = text ?? ''; };
    n.Say('hello');
    eq(seen, 'hello');
    const add = some(Notifier.Adder());
    eq(add(2, 3), 5);
    eq(add.Invoke(4, 4), 8);
    eq(Notifier.Call(x => x + 1, 1), 2);
    const f = (x: number) => x;
    ok(Notifier.Same(f, f), 'same function, same delegate');
    const Fn = zts.generic(CSharp.System.Func$2, CSharp.System.Int32, CSharp.System.Int32);
    const d = zts.to_delegate(x => -x, Fn);
    eq(d(3), -3);
    eq(Notifier.Call(d, 4), -4);
}

export function test_Packages_OutEnumLoader(): void {
    eq(Packages.AddPackage('d.json'), 'd.json');
    const load = zts.to_delegate((name, extension, type_, how) => {
        zts.opaque_set(how, name === 'keep' ? DestroyMethod.Unload : DestroyMethod.Destroy);
        return (name ?? '') + (extension ?? '') + ':' + String(type_);
    }, Packages.LoadResource);
    eq(Packages.AddPackage('assets', load), 'assets');
    eq(Packages.Load('hero'), 'hero.json:System.String Destroy');
    eq(Packages.Load('keep'), 'keep.json:System.String Unload');
}
