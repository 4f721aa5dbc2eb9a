// A Unity-style component API (tests/fixtures/Unity.cs): what the declarations accept runs (docs/DECLARATIONS.md
// "Generic methods", "Enums"). tests/dts/conformance/unity.ts type-checks the same calls.
import { eq, ok, throws } from './assert.js';
import { GameObject, Component, Health, Mover, Layer, State } from 'csharp:Fixtures.Unity';

// AddComponent<T>() next to AddComponent(Type): the generic one through zts.generic_method, the other directly.
export function test_Unity_AddComponent_GenericNextToTypeOverload() {
    const go = new GameObject('player');
    const health = zts.generic_method(GameObject, 'AddComponent', Health).call(go);
    ok(health instanceof Health, 'AddComponent<Health>() gives a Health');
    eq(health.Points, 100);
    eq(health.gameObject, go, 'on the object');
    const mover = go.AddComponent(zts.typeof(Mover));
    ok(mover instanceof Component && !(mover instanceof Mover), 'AddComponent(Type) is seen as its declared Component');
    eq(zts.cast(mover, Mover).Speed, 1.5, 'a Mover');
    eq(go.componentCount, 2);
    throws(() => go.AddComponent(), "zts: cannot infer the type argument T of 'GameObject.AddComponent' from the arguments; close it with zts.generic_method(GameObject, \"AddComponent\", T)");
}

export function test_Unity_GetComponent_ClosedIsTheComponentType() {
    const go = new GameObject('player');
    go.AddComponent(zts.typeof(Mover));
    go.AddComponent(zts.typeof(Health));
    const health = zts.generic_method(GameObject, 'GetComponent', Health).call(go);
    ok(health instanceof Health, 'GetComponent<Health>()');
    eq(health.Points, 100, 'a Health member');
    eq(zts.cast(zts.generic_method(GameObject, 'GetComponent', Component).call(go), Mover).Speed, 1.5, 'the first Component');
    eq(zts.cast(go.GetComponent(zts.typeof(Health)), Health), health, 'GetComponent(Type): the same object');
    eq(zts.generic_method(GameObject, 'GetComponent', Health).call(new GameObject('empty')), null);
}

// TryGetComponent<T>(out T) cannot infer T from a zts.ref box: closed explicitly, it fills the box.
export function test_Unity_TryGetComponent_ExplicitTypeArgument() {
    const go = new GameObject('player');
    const tryGetHealth = zts.generic_method(GameObject, 'TryGetComponent', Health);
    const box = zts.ref();
    eq(tryGetHealth.call(go, box), false, 'none yet');
    eq(box.value, null);
    go.AddComponent(zts.typeof(Health));
    eq(tryGetHealth.call(go, box), true);
    ok(box.value instanceof Health, 'the out value');
    throws(() => go.TryGetComponent(zts.ref()), "zts: cannot infer the type argument T of 'GameObject.TryGetComponent' from the arguments; close it with zts.generic_method(GameObject, \"TryGetComponent\", T)");
}

// Enums cross as their numbers; a [Flags] mask combines with |.
export function test_Unity_Enums_AreTheirNumbers() {
    const go = new GameObject('water');
    go.layer = Layer.Default | Layer.Water;
    eq(go.layer, 3);
    ok(GameObject.InLayer(go.layer, Layer.Water), 'Water is in the mask');
    ok(!GameObject.InLayer(go.layer, Layer.UI), 'UI is not');
    go.state = State.Running;
    eq(go.state, 1);
    go.state = 2;
    eq(go.state, State.Dead, 'a number is accepted, as the runtime takes it');
    eq(typeof Layer.None, 'number');
}
