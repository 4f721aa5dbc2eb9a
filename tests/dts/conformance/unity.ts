// A Unity-style component API (tests/fixtures/Unity.cs) through the generated declarations under strict tsc: what
// they accept runs (the emitted JS runs on both backends, NUnit Dts_Conformance), and what runs is declared
// (docs/DECLARATIONS.md "Generic methods", "Enums"). tests/conformance/unity.js checks the runtime side.
import { eq, ok, some } from './assert.js';
import { GameObject, Component, Health, Mover, Layer, State } from 'csharp:Fixtures.Unity';

export function test_Unity_GenericComponents_TypedByTheirTypeArgument(): void {
    const go = new GameObject('player');
    // AddComponent<T>() is declared next to AddComponent(Type); closed explicitly it gives the T.
    const health: Health = zts.generic_method(GameObject, 'AddComponent', Health).call(go);
    eq(health.Points, 100);
    const mover: Component | null = go.AddComponent(zts.typeof(Mover));
    eq(zts.cast(some(mover), Mover).Speed, 1.5);
    // GetComponent closed over Health is typed Health (not the base Component).
    const found: Health = zts.generic_method(GameObject, 'GetComponent', Health).call(go);
    eq(found.Points, 100);
    eq(some(go.GetComponent(zts.typeof(Health))).gameObject, go);
    // TryGetComponent<T>(out T): T comes from the explicit type argument.
    const box = zts.ref<Health | null>(null);
    const tryGet = zts.generic_method(GameObject, 'TryGetComponent', Health);
    ok(tryGet.call(go, box));
    eq(some(box.value).Points, 100);
    eq(go.componentCount, 2);
}

export function test_Unity_Enums_DistinctTypes(): void {
    const go = new GameObject('water');
    const mask: Layer = Layer.Default | Layer.Water; // a [Flags] mask made with |
    go.layer = mask;
    ok(GameObject.InLayer(go.layer, Layer.Water));
    ok(!GameObject.InLayer(go.layer, Layer.UI | Layer.None));
    eq(new GameObject('idle').state, State.Idle);
    go.state = State.Running;
    go.state = 2; // a number, as the runtime takes it
    eq(go.state, State.Dead);
    const health = zts.generic_method(GameObject, 'AddComponent', Health).call(go);
    health.State = go.state;
    const n: number = health.State; // an enum value is a number
    eq(n, 2);
}

// Never run (not a test_ case): each line must be a compile error under --strict.
export function unityWrongUses(): void {
    const go = new GameObject('x');
    // @ts-expect-error a Layer value is no State
    go.state = Layer.Water;
    // @ts-expect-error a Layer variable is no State either
    go.state = go.layer;
    // @ts-expect-error TryGetComponent cannot infer T from a zts.ref box: close it with zts.generic_method
    ok(typeof go.TryGetComponent === 'function' || go.TryGetComponent(zts.ref<Health | null>(null)));
    // @ts-expect-error AddComponent<T>() cannot infer T: a call without arguments is not declared
    ok(typeof go.AddComponent === 'function' || go.AddComponent());
    // @ts-expect-error GetComponent closed over Mover is no Health
    const wrong: Health = zts.generic_method(GameObject, 'GetComponent', Mover).call(go);
    void wrong;
}
