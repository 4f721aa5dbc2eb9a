// 10-LIFETIME §5 and SPEC_MAP D5 Delegates: JS functions as C# delegates, C# delegates called from JS.
import { eq, ok, throws } from './assert.js';
import { Notifier, Bag } from 'csharp:Fixtures';

export function test_Delegates_JsFunction_AsArgument() {
    eq(Notifier.Call(x => x * 3, 5), 15);
}

export function test_Delegates_SameFunctionSameType_SameDelegate() {
    const f = x => x + 1;
    ok(Notifier.Same(f, f), 'the same JS function converts to the same delegate while it lives');
    ok(!Notifier.Same(f, x => x + 1), 'another function is another delegate');
}

export function test_Delegates_FieldsAndProperties() {
    const n = new Notifier();
    n.Transform = x => x * x;
    eq(n.Apply(7), 49);
    let seen = '';
    n.OnMessage = text => { seen = text; };
    n.Say('hello');
    eq(seen, 'hello');
}

export function test_Delegates_EventAddRemove_WithJsFunction() {
    const bag = new Bag();
    let n = 0;
    const h = () => { n++; };
    bag.add_Changed(h);
    bag.Touch();
    bag.remove_Changed(h);
    bag.Touch();
    eq(n, 1);
}

export function test_Delegates_CSharpDelegate_IsCallable() {
    const add = Notifier.Adder();
    eq(typeof add, 'function');
    eq(add(2, 3), 5);
    eq(add.Invoke(4, 4), 8);
    throws(() => add('x', 1), "zts: cannot convert string to System.Int32 (argument 1 of 'Func$3[Int32, Int32, Int32].Invoke')");
}

export function test_Delegates_ToDelegate_Explicit() {
    const Fn = zts.generic(CSharp.System.Func$2, CSharp.System.Int32, CSharp.System.Int32);
    const d = zts.to_delegate(x => -x, Fn);
    eq(d(3), -3);
    eq(Notifier.Call(d, 4), -4, 'a converted delegate passes as itself');
    throws(() => zts.to_delegate(42, Fn), 'zts: zts.to_delegate: argument 1 must be a function');
}

// SPEC_MAP D6: a JS value thrown through C# reaches the JS caller as itself (===), with its own type
// and stack, whatever it is; no `zts: ZTS.TsException:` wrapper.
export function test_Delegates_JsThrowInsideDelegate_ReachesJsCaller() {
    const inner = new TypeError('inner');
    const e = throws(() => Notifier.Call(() => { throw inner; }, 1), 'inner');
    ok(e === inner, 'the same Error object');
    ok(e instanceof TypeError && e.name === 'TypeError', 'its own type');
    for (const value of [{ custom: 1 }, Symbol('s'), 42, 'text', null, undefined, 10n]) {
        let caught = 'nothing';
        try { Notifier.Call(() => { throw value; }, 1); } catch (x) { caught = x; }
        ok(caught === value, `thrown ${typeof value} comes back as itself`);
    }
}

// Nested twice (JS -> C# -> JS -> C# -> JS): still the same value, one `zts:` prefix at most.
export function test_Delegates_JsThrowThroughTwoCSharpFrames_SameValue() {
    const inner = new RangeError('deep');
    const e = throws(() => Notifier.Call(x => Notifier.Call(() => { throw inner; }, x), 1), 'deep');
    ok(e === inner, 'the same Error object after two C# frames');
}

// BeginInvoke/EndInvoke are not shown (TsMemberRules.IsAsyncInvoke): BeginInvoke would run host code, or a JS function
// as its AsyncCallback, on a thread-pool thread, and nothing a script does may run on another thread.
export function test_Delegates_BeginInvoke_NotShown() {
    const add = Notifier.Adder();
    eq(typeof add.BeginInvoke, 'undefined', 'a C# delegate');
    eq(typeof add.EndInvoke, 'undefined');
    const Fn = zts.generic(CSharp.System.Func$2, CSharp.System.Int32, CSharp.System.Int32);
    const d = zts.to_delegate(x => x + 1, Fn);
    eq(typeof d.BeginInvoke, 'undefined', 'a JS function as a delegate');
    eq(typeof d.EndInvoke, 'undefined');
    eq(d.Invoke(1), 2, 'Invoke stays');
}

// A loader delegate with an out enum parameter, passed next to an overload by arity and stored before it is called
// (PuerTS's CrossLangTest.AddPackageTest, ported): the same on both backends.
export function test_Delegates_OutEnumLoader_StoredThenCalled() {
    const { Packages, DestroyMethod } = CSharp.Fixtures;
    eq(Packages.AddPackage('test/path/to/desc.json'), 'test/path/to/desc.json');
    const loadFunc = function (name, extension, type, outDestroyMethod) {
        zts.opaque_set(outDestroyMethod, DestroyMethod.Destroy);
        return name + extension + ':' + String(type);
    };
    eq(Packages.AddPackage('test/asset/path', loadFunc), 'test/asset/path');
    eq(Packages.Load('hero'), 'hero.json:System.String Destroy');
}
