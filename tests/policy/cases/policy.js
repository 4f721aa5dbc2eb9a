// The script policy. Every case runs twice (NUnit Policy_Conformance): without a policy, where
// everything is reachable, and under tests/policy/test.policy, where each way into the CLR ends in the one
// denial text or in undefined. `policed` (module policy/mode) tells which run this is.
import { eq, ok, throws } from './assert.js';
import { policed } from './mode.js';
import { Gate, Note, IGreeter, Scorer } from 'csharp:PolicyFixtures';
import * as Fixtures from 'csharp:PolicyFixtures';
import * as Hidden from 'csharp:PolicyFixtures.Hidden';
import { Item, IThing, IResettable, Switch, Probe } from 'csharp:PolicyFixtures';

const denial = path => `zts: access to '${path}' is not allowed by the script policy`;

// Without a policy: fn() runs and its result is returned. With one: fn() throws the denial of path.
function gate(fn, path) {
    if (policed) {
        throws(fn, denial(path), path);
        return undefined;
    }
    return fn();
}

export function test_Policy_Allowed_StillWorks() {
    eq(Gate.Add(2, 3), 5);
    eq(CSharp.PolicyFixtures.Gate.Add(1, 1), 2);
    eq(new Note().Text, 'note');
    eq(Gate.Greeter().Greet(), 'open hi');
    eq(CSharp.System.Math.Max(2, 9), 9, 'an allowed BCL type');
    eq(new Note().ToString(), 'PolicyFixtures.Note', 'System.Object members other than GetType');
}

export function test_Policy_CSharpTree_DeniedTypeIsAbsent() {
    eq(typeof gate(() => CSharp.PolicyFixtures.Hidden.Secret, 'PolicyFixtures.Hidden.Secret'), policed ? 'undefined' : 'function');
    eq(typeof gate(() => CSharp.PolicyFixtures.Banned, 'PolicyFixtures.Banned'), policed ? 'undefined' : 'function');
    eq(typeof gate(() => CSharp.System.IO.File, 'System.IO.File'), policed ? 'undefined' : 'function');
    eq(typeof gate(() => CSharp.System.Environment, 'System.Environment'), policed ? 'undefined' : 'function');
}

export function test_Policy_CsharpModule_DeniedTypeNotExported() {
    eq('Gate' in Fixtures, true);
    eq('Banned' in Fixtures, !policed, 'a denied type of an allowed namespace');
    eq(typeof Hidden.Secret, policed ? 'undefined' : 'function', 'a type of a namespace outside the policy');
    eq(typeof Hidden.Greeter, policed ? 'undefined' : 'function');
}

export function test_Policy_ZtsTypeof() {
    eq(zts.typeof(Gate).Name, 'Gate');
    const SecretType = Gate.MakeSecret().constructor; // a denied type object, reached through a result's view
    eq(gate(() => zts.typeof(SecretType).Name, 'PolicyFixtures.Hidden.Secret'), policed ? undefined : 'Secret');
}

export function test_Policy_ZtsGeneric_EveryTypeArgument() {
    const List = CSharp.System.Collections.Generic.List$1;
    const Dictionary = CSharp.System.Collections.Generic.Dictionary$2;
    const notes = new (zts.generic(List, Note))();
    notes.Add(new Note());
    eq(notes.Count, 1);
    const SecretType = Gate.MakeSecret().constructor;
    eq(typeof gate(() => zts.generic(List, SecretType), 'PolicyFixtures.Hidden.Secret'), policed ? 'undefined' : 'function');
    eq(typeof gate(() => zts.generic(Dictionary, CSharp.System.String, SecretType), 'PolicyFixtures.Hidden.Secret'),
       policed ? 'undefined' : 'function', 'the second argument');
    // A closed generic whose argument is denied, handed out by the host: its members are not callable.
    const secrets = Gate.Secrets();
    eq(gate(() => secrets.Count, 'PolicyFixtures.Hidden.Secret'), policed ? undefined : 1);
}

export function test_Policy_ZtsCast() {
    const g = Gate.Greeter();
    eq(zts.cast(g, IGreeter).Greet(), 'open hi');
    const s = Gate.SecretAsObject();
    const SecretType = Gate.MakeSecret().constructor;
    eq(gate(() => zts.cast(s, SecretType).Value, 'PolicyFixtures.Hidden.Secret'), policed ? undefined : 42);
}

export function test_Policy_DeniedResult_PassesThroughJsAndBack() {
    const s = Gate.MakeSecret();
    eq(gate(() => s.Value, 'PolicyFixtures.Hidden.Secret.Value'), policed ? undefined : 42);
    eq(gate(() => s.constructor.Reveal(), 'PolicyFixtures.Hidden.Secret.Reveal'), policed ? undefined : 'revealed');
    eq(gate(() => new s.constructor(), 'PolicyFixtures.Hidden.Secret.constructor') === undefined, policed);
    eq(Gate.Open(s), 42, 'the denied object goes back to C# as itself');
    ok(Gate.Same(s, s));
    const o = Gate.SecretAsObject();
    eq(Gate.Open(o), 42, 'declared object, passed back');
}

export function test_Policy_DeniedRuntimeType_UnderAllowedView() {
    const g = Gate.HiddenGreeter();
    eq(gate(() => g.Greet(), 'PolicyFixtures.Hidden.Greeter.Greet'), policed ? undefined : 'hidden hi');
    eq(Gate.GreetWith(g), 'hidden hi', 'C# still calls it; JS passed it back');
    ok(Gate.Same(g, Gate.HiddenGreeter()) === false);
    eq(gate(() => zts.cast(g, IGreeter).Greet(), 'PolicyFixtures.Hidden.Greeter.Greet'), policed ? undefined : 'hidden hi');
}

export function test_Policy_DeniedMember() {
    eq(gate(() => Gate.Reset(), 'PolicyFixtures.Gate.Reset'), policed ? undefined : 'reset');
    eq(Gate.Add(1, 2), 3, 'the other members of the type stay');
}

export function test_Policy_DeniedType_InAllowedNamespace() {
    eq(gate(() => CSharp.PolicyFixtures.Banned.Value(), 'PolicyFixtures.Banned'), policed ? undefined : 7);
}

export function test_Policy_Events() {
    const g = new Gate();
    let seen = 0;
    const scored = p => { seen += p; return p * 10; };
    g.add_Scored(scored);
    eq(g.Fire(3), 30, 'an allowed event with a JS handler');
    g.remove_Scored(scored);
    eq(g.Fire(3), -1);
    eq(seen, 3);
    let ticks = 0;
    gate(() => g.add_Ticked(() => { ticks++; }), 'PolicyFixtures.Gate.add_Ticked');
    g.Fire(1);
    eq(ticks, policed ? 0 : 1, 'a denied event took no handler');
}

export function test_Policy_Delegates() {
    const d = Gate.Doubler();
    eq(d(4), 8, 'an allowed C# delegate is callable');
    eq(d.Invoke(5), 10);
    const hidden = Gate.HiddenCallback();
    eq(gate(() => hidden(1), 'PolicyFixtures.Hidden.Callback.Invoke'), policed ? undefined : 2);
    const CallbackType = hidden.constructor;
    eq(typeof gate(() => zts.to_delegate(x => x, CallbackType), 'PolicyFixtures.Hidden.Callback'), policed ? 'undefined' : 'function');
    eq(zts.to_delegate(x => x * 3, Scorer)(2), 6, 'an allowed delegate type');
}

// ---- reflection escapes: each ends in the denial (or undefined) under the policy ----------------------

export function test_Policy_Reflection_ObjectGetType() {
    eq(gate(() => new Note().GetType().Name, 'System.Object.GetType'), policed ? undefined : 'Note');
    eq(gate(() => Gate.SecretAsObject().GetType().Name, 'System.Object.GetType'), policed ? undefined : 'Secret');
}

export function test_Policy_Reflection_FromZtsTypeof() {
    const t = zts.typeof(Gate);
    eq(t.Name, 'Gate', 'informational members stay');
    eq(t.FullName, 'PolicyFixtures.Gate');
    eq(t.IsClass, true);
    eq(gate(() => t.Assembly.GetType('PolicyFixtures.Hidden.Secret').Name, 'System.Type.Assembly'), policed ? undefined : 'Secret');
    eq(gate(() => t.GetMethod('Reset').Invoke(null, null), 'System.Type.GetMethod'), policed ? undefined : 'reset');
    eq(gate(() => t.InvokeMember('Reset', 256, null, null, null), 'System.Type.InvokeMember'), policed ? undefined : 'reset');
    const ListDef = zts.typeof(CSharp.System.Collections.Generic.List$1);
    eq(gate(() => ListDef.MakeGenericType([t]).Name, 'System.Type.MakeGenericType'), policed ? undefined : 'List`1');
    eq(gate(() => t.BaseType.Name, 'System.Type.BaseType'), policed ? undefined : 'Object');
}

export function test_Policy_Reflection_DelegateMethod() {
    const d = Gate.Doubler();
    eq(gate(() => d.Method.Name.length > 0, 'System.Delegate.Method'), policed ? undefined : true);
    eq(gate(() => d.DynamicInvoke([4]), 'System.Delegate.DynamicInvoke'), policed ? undefined : 8);
    eq(gate(() => d.Target !== undefined, 'System.Delegate.Target'), policed ? undefined : true);
}

export function test_Policy_Reflection_Activator() {
    const made = gate(() => CSharp.System.Activator.CreateInstance(zts.typeof(Note)), 'System.Activator.CreateInstance');
    if (!policed) eq(zts.cast(made, Note).Text, 'note');
}

export function test_Policy_Reflection_AppDomainAssemblies() {
    const n = gate(() => CSharp.System.AppDomain.CurrentDomain.GetAssemblies().length, 'System.AppDomain.CurrentDomain');
    if (!policed) ok(n > 0);
}

export function test_Policy_Reflection_TypeGetTypeByName() {
    eq(gate(() => CSharp.System.Type.GetType('System.IO.File').Name, 'System.Type.GetType'), policed ? undefined : 'File');
}

// ---- every path into a member: a `this` of another view, the batched for...of step ----------------------------

// An allowed interface's function called with an object of a denied runtime type as `this` runs no denied code.
export function test_Policy_DeniedRuntimeType_ThisOfAnInterfaceFunction() {
    Probe.Clear();
    const proto = Object.getPrototypeOf(zts.cast(new Item(), IThing));
    const hidden = Probe.HiddenThing();
    eq(gate(() => proto.Name.call(hidden), 'PolicyFixtures.Hidden.Thing.Name'), policed ? undefined : 'hidden thing');
    const label = Object.getOwnPropertyDescriptor(proto, 'Label').get;
    eq(gate(() => label.call(hidden), 'PolicyFixtures.Hidden.Thing.Label'), policed ? undefined : 'hidden label');
    eq(Probe.DeniedCalls, policed ? 0 : 2, 'the denied implementation never ran');
    eq(proto.Name.call(new Item()), 'item', 'an allowed this still works');
}

// String(obj), a template and console.log of an object of a denied runtime type: its ToString override does not run
// under the policy; the text is object.ToString's (the type's name).
export function test_Policy_DeniedRuntimeType_ToStringDoesNotRun() {
    Probe.Clear();
    const hidden = Probe.HiddenThing();
    const text = policed ? 'PolicyFixtures.Hidden.Thing' : 'hidden text';
    eq(String(hidden), text);
    eq(`${hidden}`, text);
    console.log(hidden);
    eq(Probe.DeniedCalls, policed ? 0 : 3, 'the denied ToString never ran');
}

// An allowed base class's function: the member a denied subclass overrides throws, the base's own code runs.
export function test_Policy_DeniedRuntimeType_ThisOfABaseClassFunction() {
    Probe.Clear();
    const proto = Object.getPrototypeOf(new Item());
    const hidden = Probe.HiddenItem();
    eq(gate(() => proto.Kind.call(hidden), 'PolicyFixtures.Hidden.SubItem.Kind'), policed ? undefined : 'hidden kind');
    eq(gate(() => hidden.Kind(), 'PolicyFixtures.Hidden.SubItem.Kind'), policed ? undefined : 'hidden kind');
    eq(proto.Plain.call(hidden), 'plain', "the allowed base class's own code");
    eq(hidden.Plain(), 'plain');
    eq(Probe.DeniedCalls, policed ? 0 : 2, 'the denied override never ran');
}

// A member denied by a deny member rule is denied through the interface it implements too.
export function test_Policy_DeniedMember_ThroughAnInterface() {
    Probe.Clear();
    const s = new Switch();
    eq(s.Flip(), 'flipped', 'the allowed members stay');
    eq(gate(() => s.Reset(), 'PolicyFixtures.Switch.Reset'), policed ? undefined : 'switch reset');
    eq(gate(() => zts.cast(s, IResettable).Reset(), 'PolicyFixtures.Switch.Reset'), policed ? undefined : 'switch reset');
    eq(gate(() => IResettable.prototype.Reset.call(s), 'PolicyFixtures.Switch.Reset'), policed ? undefined : 'switch reset');
    eq(Probe.DeniedCalls, policed ? 0 : 3, 'the denied member never ran');
}

// for...of over an enumerator whose MoveNext and Current are denied: the first MoveNext throws, nothing is read.
export function test_Policy_ForOf_DeniedMoveNextAndCurrent() {
    Probe.Clear();
    const files = Probe.MakeFiles();
    const read = gate(() => [...files], 'PolicyFixtures.FileCursor.MoveNext');
    if (!policed) eq(read.join(), 'secret file 1,secret file 2');
    eq(Probe.Reads, policed ? 0 : 5, 'MoveNext x3 and Current x2 without a policy, none under it');
}

// for...of over an enumerator of a denied type: it throws before the loop body sees an element.
export function test_Policy_ForOf_DeniedEnumeratorType() {
    Probe.Clear();
    const seen = [];
    const loop = () => { for (const f of Probe.HiddenCursor()) seen.push(f); return seen.length; };
    if (policed) throws(loop, "zts: access to 'PolicyFixtures.Hidden.Cursor.");
    else eq(loop(), 2);
    eq(seen.length, policed ? 0 : 2, 'the loop body saw no element');
    eq(Probe.Reads, policed ? 0 : 5);
}
