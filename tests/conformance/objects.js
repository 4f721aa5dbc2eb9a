// SPEC_MAP D5 ByObj: constructors, members on the type object and the prototype chain, identity, views, casts.
import { eq, ok, throws } from './assert.js';
import { Animal, Dog, Puppy, Zoo, Square, Shape, Holder, Factory, Widget, Announced } from 'csharp:Fixtures';

export function test_Objects_Constructor_Overloads() {
    eq(new Animal('cat').Name, 'cat');
    eq(new Animal().Name, 'nameless');
}

export function test_Objects_InstanceMembers_OnPrototypeChain() {
    const d = new Dog('rex');
    eq(d.Speak(), 'rex says woof', 'override');
    eq(d.Describe(), 'rex (animal, 4 legs)', 'inherited method');
    eq(d.Fetch('ball'), 'rex fetches the ball');
    ok(d instanceof Dog && d instanceof Animal, 'instanceof follows C# inheritance');
    ok(Object.getPrototypeOf(Dog.prototype) === Animal.prototype, 'prototype chain mirrors inheritance');
}

export function test_Objects_Properties_AreAccessors() {
    const d = new Dog('rex');
    d.Legs = 3;
    eq(d.Legs, 3);
    d.Owner = 'ann';
    eq(d.Owner, 'ann');
    eq(d.Kind, 'animal');
    throws(() => { d.Kind = 'x'; }, "zts: 'Animal.Kind' is read-only"); // named by its declaring type
}

export function test_Objects_Fields_ReadWriteAndReadOnly() {
    const a = new Animal('a');
    a.Name = 'b';
    eq(a.Name, 'b');
    ok(a.Id > 0, 'readonly field readable');
    throws(() => { a.Id = 5; }, "zts: 'Animal.Id' is read-only");
    eq(Holder.Constant, 'k');
    eq(Holder.ReadOnlyStatic, 'ro');
    throws(() => { Holder.ReadOnlyStatic = 'x'; }, "zts: 'Holder.ReadOnlyStatic' is read-only");
    Holder.StaticValue = 9;
    eq(Holder.StaticValue, 9);
}

export function test_Objects_Identity_SameObjectSameView() {
    const a = CSharp.Fixtures.Animal.Make('cat'); // seen as Animal, as Self() returns it
    ok(a.Self() === a, 'the same object with the same view is the same JS object');
    const d = new Dog('rex');
    ok(d.Self() !== d && d.Self() === d.Self(), 'Self() views the Dog as Animal: another, stable JS object');
    ok(Factory.Shared() === Factory.Shared(), 'a static returning one object');
}

// An object made with `new` is the same JS object when C# hands it back, also after a loop made thousands more, held
// or dropped (the Player indexes new objects at the next lookup, in batches: native/player/slot_table.cpp).
export function test_Objects_Identity_NewObjectsHandedBack() {
    const made = [];
    for (let i = 0; i < 5000; i++) made.push(new Widget(i));
    for (let i = 0; i < 5000; i++) new Widget(-i);
    for (let i = 0; i < made.length; i += 499) ok(Factory.Same(made[i]) === made[i], 'widget ' + i);
    const last = new Widget(7);
    ok(Factory.Same(last) === last && Factory.Same(made[4999]) === made[4999], 'the newest and the last held');
}

// A constructor that hands `this` to JS (a JS callback, a static delegate) before it returns: `new` gives that same JS
// object, not a second one for the same C# object (ResultWriter.WriteNewAfter on the Editor, ret_new on the Player).
export function test_Objects_Identity_ThisHandedOutByItsConstructor() {
    let seen = null;
    const t = new Announced(x => { seen = x; }, 3);
    ok(seen === t, 'the object handed out by the constructor is the one new returns');
    ok(t.Self() === t && t.N === 3, 'and stays the one C# hands back');
    Announced.Created = x => { seen = x; };
    try {
        const u = new Announced(4);
        ok(seen === u && u !== t, 'through a static delegate');
    } finally {
        Announced.Created = null;
    }
    let other = null;
    const v = new Announced(5, w => { other = w; }); // another object pushed meanwhile: v is still a new JS object
    ok(other instanceof Widget && other.N === 5 && v.N === 5 && v.Self() === v, 'another object pushed meanwhile');
    const w = new Announced(6); // nothing pushed: the path without a lookup
    ok(w.Self() === w && w !== v, 'nothing pushed meanwhile');
}

export function test_Objects_View_IsDeclaredType() {
    const a = Zoo.Pick(true); // a Dog returned as Animal
    eq(a.Speak(), 'rex says woof', 'virtual dispatch still reaches the Dog');
    eq(a.Fetch, undefined, 'Dog members do not show through the Animal view');
    const d = zts.cast(a, Dog);
    eq(d.Fetch('stick'), 'rex fetches the stick');
    ok(d !== a, 'another view is another JS object');
    ok(zts.cast(a, Dog) === d, 'same object, same view: same JS object');
}

export function test_Objects_Cast_IsChecked() {
    const cat = Zoo.Pick(false);
    throws(() => zts.cast(cat, Dog), 'zts: System.InvalidCastException: zts: cannot cast Fixtures.Animal to Fixtures.Dog');
}

export function test_Objects_InterfaceView_ShowsInterfaceMembers() {
    const pet = Zoo.Pet();
    eq(pet.Owner, 'ann');
    eq(pet.Speak, undefined, 'class members do not show through the interface view');
    eq(zts.cast(pet, Dog).Speak(), 'spot says woof');
}

export function test_Objects_Abstract_ViaDerived() {
    const s = Square.AsShape(3);
    eq(s.Area(), 9);
    throws(() => new Shape(), "zts: cannot create an instance of abstract class 'Shape'");
}

export function test_Objects_StaticClass_CannotBeCreated() {
    throws(() => new Zoo(), "zts: cannot create an instance of static class 'Zoo'");
}

export function test_Objects_Interface_CannotBeCreated() {
    throws(() => new CSharp.Fixtures.IPet(), "zts: cannot create an instance of interface 'IPet'");
}

export function test_Objects_TypeCalledWithoutNew_IsAnError() {
    throws(() => Animal('x'), "zts: 'Animal' is a type");
}

export function test_Objects_SealedDerived_Works() {
    const p = new Puppy('bit');
    eq(p.Speak(), 'bit says yip');
    eq(p.Fetch('toy'), 'bit fetches the toy');
}

export function test_Objects_StaticPropertyPrivateSetter_IsReadOnly() {
    const before = Zoo.Counter;
    Zoo.Bump();
    eq(Zoo.Counter, before + 1);
    throws(() => { Zoo.Counter = 0; }, "zts: 'Zoo.Counter' is read-only");
}

export function test_Objects_UnknownMemberWrite_IsAnError() {
    const d = new Dog('rex');
    throws(() => { d.NoSuchThing = 1; }, "zts: 'Dog' has no member 'NoSuchThing'");
    throws(() => { Zoo.NoSuchThing = 1; }, "zts: 'Zoo' has no member 'NoSuchThing'");
    eq(d.NoSuchThing, undefined, 'reads of missing members are undefined (JS semantics)');
}
