// Calls the declarations must reject: each line below must be a compile error under --strict (tsc fails
// with "Unused '@ts-expect-error' directive" if one becomes valid). Never run: it only type-checks.
import { Overloads, Animal, Dog, Refs, Geometry, Box$1, Zoo, Color, Holder, Notifier, IPet, Collections, Carrier, Vec3, HoldsVec, HoldsMaybe, Numbers, Block1024 } from 'csharp:Fixtures';
import { Ranked$1, ByRef, Canvas, Keywords, Callbacks, Annotated, Enabled, NullableCalls, Visit } from 'csharp:Fixtures.Decl';
import type { List$1 } from 'csharp:System.Collections.Generic';

export function wrongCalls(): void {
    // @ts-expect-error: a C# object whose type is not IEnumerable is not iterable
    for (const x of new Animal('n')) void x;
    for (const n of Collections.Numbers(2)!) {
        // @ts-expect-error: a List<int> yields numbers, not strings
        const t: string = n;
        void t;
    }
    // @ts-expect-error: a string for an int parameter
    Overloads.Add('1', 2);
    // @ts-expect-error: wrong arity
    Overloads.Add(1);
    // @ts-expect-error: no overload takes three arguments
    Overloads.Pick(null, null, null);
    // @ts-expect-error: the C# name of an aliased method is not visible
    Overloads.Run(1);
    // @ts-expect-error: a plain JS object is not a C# object
    Overloads.Pick({});
    // @ts-expect-error: an object parameter does not take a plain object either
    Overloads.Any({});
    // @ts-expect-error: a JS array for int[] needs number elements
    Overloads.Sum(['1', 2]);
    // @ts-expect-error: a List<int> parameter takes number elements only
    Collections.Sum([1, 'x']);
    // @ts-expect-error: a JS array is no plain object parameter
    Overloads.Pick([1]);
    // @ts-expect-error: nor an object parameter
    Overloads.Any([1]);
    // @ts-expect-error: params is not variadic
    Overloads.Sum(1, 2);
    // @ts-expect-error: a plain value for a ref parameter
    Refs.Swap(1, 2);
    // @ts-expect-error: a plain object is not a zts.ref box
    Refs.Swap({ value: 1 }, { value: 2 });
    // @ts-expect-error: a box of the wrong type
    Refs.Swap(zts.ref('x'), zts.ref(1));
    // @ts-expect-error: ref/out overloads: a box where by-value is declared and no ref overload exists
    ByRef.Make(zts.ref(1));
    // @ts-expect-error: a Table member of the wrong type
    Geometry.Length({ X: 'a' });
    // @ts-expect-error: UnpackedValues takes one argument per member
    Geometry.Weighted(1, 2, 3);
    // @ts-expect-error: a ByVal struct parameter does not take a plain object
    Geometry.Sum({ X: 1, Y: 2, Z: 3 });
    // @ts-expect-error: a read-only field
    new Animal('a').Id = 5;
    // @ts-expect-error: a read-only property
    new Animal('a').Kind = 'x';
    // @ts-expect-error: a read-only static field
    Holder.ReadOnlyStatic = 'x';
    // @ts-expect-error: a static member is not on instances
    new Animal('a').Make('x');
    // @ts-expect-error: an instance member is not on the type object
    Animal.Speak();
    // @ts-expect-error: a static class has no constructor
    new Zoo();
    // @ts-expect-error: an interface has no constructor
    new IPet();
    // @ts-expect-error: members of the runtime type do not show through the declared type (view)
    Zoo.Pick(true)?.Fetch('x');
    // @ts-expect-error: a generic definition is not a constructible type
    new Box$1('x');
    // @ts-expect-error: wrong number of type arguments
    zts.generic(Box$1);
    // @ts-expect-error: too many type arguments
    zts.generic(Box$1, CSharp.System.Int32, CSharp.System.Int32);
    // @ts-expect-error the nested type of a closed generic is closed: Box<string>.Slot holds strings
    new (zts.generic(Box$1, CSharp.System.String).Slot)().Held = 1;
    // @ts-expect-error: only generic definitions can be closed
    zts.generic(Animal, CSharp.System.Int32);
    // @ts-expect-error: type arguments are type objects
    zts.generic(Box$1, 42);
    // @ts-expect-error: the closed type's constructor takes its type argument
    new (zts.generic(Box$1, CSharp.System.Int32))('x');
    // @ts-expect-error: zts.generic(Ranked$1, Int32).Add takes numbers
    new (zts.generic(Ranked$1, CSharp.System.Int32))().Add('x');
    // @ts-expect-error: cast needs a C# object
    zts.cast({}, Dog);
    // @ts-expect-error: a delegate parameter takes a function of the right shape
    Notifier.Call((s: string) => s, 1);
    // @ts-expect-error: to_delegate needs a delegate type
    zts.to_delegate(() => 1, Animal);
    // @ts-expect-error: enums are numbers, not strings
    Color.Red === 'Red';
    // @ts-expect-error: Table getters give every member
    const partial: { X: number; Y: number; Z: number; W: number } = Geometry.MakeTable(1, 2, 3);
    // @ts-expect-error: a Table setter takes an object, not a C# struct copy with extra demands
    new Canvas().Cursor = 5;
    // @ts-expect-error: an opaque handle is read with zts.opaque_get, not used as a number
    Callbacks.RunBump((h) => { const n: number = h; void n; }, 1);
    // @ts-expect-error: optional parameter of the right type only
    Keywords.yield('a', 'b');
    void partial;
}

// Nullability (tests/fixtures/Nullability.cs): a [NotNull] site rejects null, every other site keeps `| null`.
export function wrongNulls(a: Annotated, e: Enabled): void {
    // @ts-expect-error: a [NotNull] parameter does not take null
    a.Join(null, 'x');
    // @ts-expect-error: a [NotNull] constructor parameter does not take null
    new Annotated(null);
    // @ts-expect-error: a [NotNull] property does not take null
    a.Title = null;
    // @ts-expect-error: a [NotNull] static field does not take null
    Annotated.Motto = null;
    // @ts-expect-error: a [NotNull] delegate parameter does not take null
    a.Each(null);
    // @ts-expect-error: a [NotNull] event does not take a null handler
    a.add_Visited(null);
    // @ts-expect-error: a [CanBeNull] result may be null
    const found: string = a.Find('x');
    // @ts-expect-error: an unannotated result stays nullable
    const oblivious: string = a.Oblivious();
    // @ts-expect-error: [NotNull] does not change a value type: int? stays nullable
    const maybe: number = a.Maybe();
    // @ts-expect-error: only the top level: the elements of a [NotNull] List<string> stay nullable
    const log: List$1<string> = a.Log();
    // @ts-expect-error: [NotNull] without [ItemNotNull]: the array's elements stay nullable
    const items: zts.Array<string> = a.Items;
    // @ts-expect-error: an [ItemNotNull] parameter does not take an array whose elements may be null
    a.Letters(a.Items, null);
    // @ts-expect-error: an [ItemNotNull] parameter without [NotNull] still does not take null
    a.Letters(null, null);
    // @ts-expect-error: Roslyn [Nullable(new byte[] { 2, 1 })]: the array itself may be null
    const parts: zts.Array<string> = e.Split('a');
    // @ts-expect-error: the [CanBeNull] parameter of an annotated delegate may be null
    a.Each((name: string, note: string) => { void name; void note; });
    // @ts-expect-error: a JS function for a delegate with a [NotNull] result must not return null
    a.Apply(() => null);
    // @ts-expect-error: a handler for an annotated event gets a nullable note
    zts.to_delegate((name: string, note: string) => { void name; void note; }, Visit);
    // @ts-expect-error: a not-null context (Roslyn [NullableContext(1)]) rejects null
    e.Get(null);
    // @ts-expect-error: a Roslyn not-null property rejects null
    e.Label = null;
    // @ts-expect-error: a Roslyn [return: Nullable(2)] result may be null
    const tried: string = e.TryGet('k');
    // @ts-expect-error: an explicit oblivious [Nullable(0)] inside a not-null context stays nullable
    const legacy: string = e.Legacy();
    // @ts-expect-error: a [NullableContext(2)] method's result may be null
    const either: string = e.Either('a', 'b');
    // @ts-expect-error: the element byte of [Nullable(new byte[] { 1, 2 })] is not read: List<string | null>
    const keys: List$1<string> = e.Keys();
    // @ts-expect-error: a JS function for a Roslyn-annotated delegate must return a string
    NullableCalls.Run(() => null, 'x');
    // @ts-expect-error: a Roslyn-annotated delegate's argument rejects null
    NullableCalls.Run((t: string) => t, null);
    void items; void parts; void found; void oblivious; void maybe; void log; void tried; void legacy; void either; void keys;
}

// A struct read from C# is a copy: writing a member of it would change a temporary (C# refuses `p.Position.x = 5`,
// CS1612), so a result is a read-only view (docs/DECLARATIONS.md "Struct results are read-only").
// structs.ts test_Carrier_StructResults_ReadonlyViewWritableLocal runs the allowed forms.
export function wrongStructWrites(c: Carrier, h: HoldsVec, m: HoldsMaybe, n: Numbers): void {
    // @ts-expect-error: a field of a struct property
    c.Position.X = 5;
    // @ts-expect-error: compound assignment too
    c.Position.X += 1;
    // @ts-expect-error: a field of a struct method result
    c.Ahead(1).Y = 0;
    // @ts-expect-error: a struct field of a class is a property at run time: reading it gives a copy
    h.Value.X = 4;
    // @ts-expect-error: a nested struct reached through a property
    c.Frame.Inner.X = 1;
    // @ts-expect-error: a struct property of a struct (InnerCopy) is a result too
    c.Frame.InnerCopy.X = 1;
    // @ts-expect-error: a nested struct of a local: the read of Inner is a copy as well (C# would allow this one)
    n.Inner.X = 1;
    // @ts-expect-error: a static struct field
    Geometry.Stored.Y = 2;
    // @ts-expect-error: a static method result
    Geometry.Make(1, 2, 3).Z = 0;
    // @ts-expect-error: a Nullable struct result
    m.Property!.X = 1;
    // @ts-expect-error: deeper nesting
    Block1024.Make(7).A.B.A = 1;
    // @ts-expect-error: a [TsMarshalAs(Table)] result is a plain object copy: its members are read-only too
    Geometry.MakeTable(1, 2, 3).X = 1;
    // @ts-expect-error: a static Table field
    Geometry.Origin.X = 5;
    // @ts-expect-error: an operator result
    Vec3.op_Addition(Geometry.Stored, Geometry.Stored).X = 0;
    // @ts-expect-error: an element of a C# struct array is read as a copy (C# would allow this one: an element is a variable)
    c.Waypoints![0].X = 5;
    for (const w of c.Waypoints!) {
        // @ts-expect-error: nor through for...of (C# refuses it: CS1654)
        w.X = 5;
    }
    const local = c.Position;
    // @ts-expect-error: an un-annotated local keeps the view's type (write `const local: Vec3 = c.Position` instead)
    local.X = 5;
}
