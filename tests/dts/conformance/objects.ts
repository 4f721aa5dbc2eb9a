// Fixtures/Animals.cs through the generated declarations: constructors, fields, properties, statics,
// inheritance, interfaces, views, casts, enums, abstract and static classes.
import { eq, ok, some, throws } from './assert.js';
import { Animal, Dog, Puppy, IPet, Shape, Square, Zoo, Color, Paint, BaseTool, DerivedTool } from 'csharp:Fixtures';
import type { Animal as AnimalT } from 'csharp:Fixtures';

export function test_Animal_AllMembers(): void {
    const a: AnimalT = new Animal('cat');
    const nameless = new Animal();
    eq(nameless.Name, 'nameless');
    a.Name = 'kitty';
    eq(a.Name, 'kitty');
    ok(a.Id > 0, 'Id');
    a.Legs = 4;
    eq(a.Legs, 4);
    eq(a.Kind, 'animal');
    eq(a.Speak(), 'kitty makes a sound');
    eq(a.Describe(), 'kitty (animal, 4 legs)');
    ok(a.Self() === a, 'Self');
    eq(a.ToString(), 'Animal:kitty');
    ok(Animal.Created >= 2, 'Created');
    Animal.Created = Animal.Created + 0;
    eq(some(Animal.Make('m')).Name, 'm');
    ok(Animal.Equals(a, a) && Animal.ReferenceEquals(a, a), 'inherited Object statics');
    eq(a.GetHashCode(), a.GetHashCode());
    ok(a.Equals(a), 'Equals');
    eq(some(a.GetType()).FullName, 'Fixtures.Animal');
}

export function test_Dog_Puppy_Members(): void {
    const d = new Dog('rex');
    eq(d.Speak(), 'rex says woof');
    d.Owner = 'ann';
    eq(d.Owner, 'ann');
    eq(d.Fetch('ball'), 'rex fetches the ball');
    eq(d.Legs, 4, 'inherited property');
    const p = new Puppy('bit');
    eq(p.Speak(), 'bit says yip');
    eq(some(Dog.AsDog(p)).Fetch('toy'), 'bit fetches the toy');
    ok(d instanceof Animal && p instanceof Dog, 'instanceof');
    const pet: IPet = d; // Dog shows IPet's members: it extends IPet
    eq(pet.Owner, 'ann');
}

export function test_Zoo_ViewsAndCasts(): void {
    const a = some(Zoo.Pick(true));
    const d = zts.cast(a, Dog);
    eq(d.Fetch('stick'), 'rex fetches the stick');
    const pet = some(Zoo.Pet());
    eq(pet.Owner, 'ann');
    pet.Owner = 'bob';
    eq(zts.cast(pet, Dog).Speak(), 'spot says woof');
    eq(zts.cast(null, Dog), null);
    eq(Zoo.Boxed(0), 42);
    eq(Zoo.Boxed(1), 'text');
    const boxed = Zoo.Boxed(3);
    ok(typeof boxed === 'object' && boxed !== null, 'a C# object');
    eq(Zoo.TypeOf(boxed), 'Animal:Animal:boxed');
    eq(Zoo.TypeOf(null), 'null');
    Zoo.Total = 3;
    eq(Zoo.Total, 3);
    const before = Zoo.Counter;
    Zoo.Bump();
    eq(Zoo.Counter, before + 1);
    throws(() => zts.cast(some(Zoo.Pick(false)), Dog), 'zts: System.InvalidCastException');
}

export function test_Shapes_AbstractAndDerived(): void {
    const s = some(Square.AsShape(3));
    eq(s.Area(), 9);
    const q = new Square(2);
    q.Side = 5;
    eq(q.Area(), 25);
    ok(q instanceof Shape, 'abstract base in the chain');
}

export function test_Enums_AreNumbers(): void {
    const c: Color = Color.Green;
    eq(c, 2);
    eq(Paint.Mix(Color.Red, Color.Blue), 5);
    eq(Paint.Name(Color.Blue), 'Blue');
    eq(CSharp.Fixtures.Color.Red, 1);
}

export function test_Tools_InheritedOverloadsAndStatics(): void {
    const t = new DerivedTool();
    eq(t.Use('x'), 'derived:string');
    eq(t.Use(1), 'base:int');
    eq(new BaseTool().Use(2), 'base:int');
    eq(DerivedTool.Version(), 'base-static');
    eq(BaseTool.Version(), 'base-static');
    eq(DerivedTool.Shared, 3);
    BaseTool.Shared = 3;
}

export function test_CSharpTree_SameTypeAsImport(): void {
    const T: typeof Animal = CSharp.Fixtures.Animal;
    ok(T === Animal, 'CSharp.Fixtures.Animal is the imported Animal');
    eq(zts.typeof(Dog).FullName, 'Fixtures.Dog');
    ok(typeof zts.version === 'string', 'zts.version');
}
