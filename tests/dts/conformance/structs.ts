// Fixtures/Structs.cs through the generated declarations: ByVal structs, [TsMarshalAs(Table)] objects,
// UnpackedValues arguments, Nullable, and a type whose binding fails.
import { eq, ok, some, throws } from './assert.js';
import { Geometry, Vec3, Span, Widget, BadMarshal, HoldsMaybe, Numbers, HoldsVec, Block1024, Carrier } from 'csharp:Fixtures';
import type { Block16, Block128 } from 'csharp:Fixtures';
import type { Tagged } from 'csharp:Fixtures';

export function test_Span_TablePropertyMembers(): void {
    const t = Geometry.MakeSpan(2, 3);
    eq(t.Start + t.Length, 5);
    eq(Geometry.SpanEnd({ Start: 4, Length: 1.5 }), 5.5);
    const s = new Span(1, 2);
    s.Start = s.Start + s.Length;
    eq(s.End, 5);
}

export function test_Vec3_ByVal(): void {
    const v = new Vec3(3, 4, 0);
    eq(v.Length(), 5);
    v.Scale(2);
    eq(v.X, 6);
    v.Y = 1;
    v.Z = 2;
    eq(Geometry.Sum(v), 9);
    eq(new Vec3().X, 0);
    const stored = Geometry.Stored;
    Geometry.Stored = stored;
    eq(Geometry.Make(1, 2, 3).Z, 3);
}

export function test_Geometry_Tables(): void {
    const t: { X: number; Y: number; Z: number } = Geometry.MakeTable(1, 2, 3);
    eq(JSON.stringify(t), '{"X":1,"Y":2,"Z":3}');
    eq(Geometry.Length({ X: 3, Y: 4, Z: 0 }), 5);
    eq(Geometry.Length({ X: 3, Y: 4 }), 5);
    eq(Geometry.Describe({ X: 1, Y: 2 }), '1,2,0');
    Geometry.Origin = { X: 5 };
    eq(Geometry.Origin.X, 5);
    Geometry.Origin = { X: 0, Y: 0, Z: 0 };
    eq(Geometry.Maybe(false), null);
    eq(some(Geometry.Maybe(true)).Z, 9);
}

export function test_Geometry_UnpackedNullableChars(): void {
    eq(Geometry.Weighted(1, 2, 3, 2), 12);
    eq(Geometry.Half(10), 5);
    eq(Geometry.Half(null), null);
    eq(Geometry.Twice(1.5), 3);
    eq(Geometry.Next(5), 6);
    eq(Geometry.Chars('abc'), 3);
    const w = new Widget(1);
    const tag: Tagged = Geometry.Tag(w, 'label');
    eq(tag.Label, 'label');
    ok(tag.Item !== null, 'Item');
    tag.Item = null;
    tag.Count = 1;
    const visited: number = tag.Visit(() => 2);
    eq(visited, 2002);
}

// A Nullable struct is `Vec3 | null`, and at run time the struct itself (its members) or null.
export function test_Geometry_NullableStructs(): void {
    const v: Vec3 | null = Geometry.MaybeVec(true);
    eq(some(v).Length(), 3);
    eq(Geometry.MaybeVec(false), null);
    eq(some(Geometry.StoredMaybe).Y, 5);
    const h = new HoldsMaybe();
    eq(some(h.Field).Z, 9);
    h.Property = new Vec3(3, 0, 4);
    eq(some(h.Property).Length(), 5);
    Geometry.MaybeProperty = null;
    eq(Geometry.MaybeProperty, null);
    eq(Geometry.Which(new Vec3(2, 0, 0)), 'vec 2');
    eq(Geometry.Which(null), 'none');
}

export function test_BadMarshal_BindingFails(): void {
    ok(typeof BadMarshal === 'function', 'the type object exists');
    throws(() => (BadMarshal as unknown as { Wrong(): void }).Wrong(), "zts: cannot bind 'BadMarshal'");
}

// A blittable struct's number fields, read and written on the JS copy by the core (10-LIFETIME §3.1).
export function test_Numbers_CopyFields(): void {
    const n: Numbers = Numbers.Make(); // a writable local: the result itself is Readonly<Numbers>
    n.I1 = -1; n.U1 = 1; n.I2 = -2; n.U2 = 2; n.I4 = -4; n.U4 = 4; n.I8 = -8; n.U8 = 8; n.R4 = 0.5; n.R8 = 0.25;
    eq(n.I1 + n.U1 + n.I2 + n.U2 + n.I4 + n.U4 + n.I8 + n.U8 + n.R4 + n.R8, 0.75);
    eq(n.Fixed, 7);
    n.InnerCopy = new Vec3(1, 0, 0);
    eq(Numbers.TotalOf(n), 8.75);
    eq(Numbers.Unbox(Numbers.Boxed(n)).Inner.X, 1);
    n.Widen();
    throws(() => n.I8, 'zts: cannot convert System.Int64');
}

// A struct read from C# is a read-only view (Readonly<Vec3>, docs/DECLARATIONS.md "Struct results are read-only");
// a local annotated with the struct type is writable, and is written back through the setter.
export function test_HoldsVec_FieldCopies(): void {
    const h = new HoldsVec();
    const v: Vec3 = h.Value;
    v.X = 4;
    h.Value = v;
    eq(h.Value.X, 4);
}

// The writes negative.ts refuses (wrongStructWrites) would change a temporary copy; the allowed forms: a local typed
// with the struct (a property, a method result, a nested struct, a Nullable), written back; mutating methods on a
// view still run (C# allows them on a temporary too); a view passes where the struct is taken.
export function test_Carrier_StructResults_ReadonlyViewWritableLocal(): void {
    const c = new Carrier();
    c.Position = new Vec3(1, 2, 3);
    const p: Vec3 = c.Position;
    p.X = 5;
    eq(c.Position.X, 1, 'the local is a copy');
    c.Position = p;
    eq(c.Position.X, 5);
    const ahead: Vec3 = c.Ahead(1);
    ahead.Y = 0;
    eq(ahead.X + ahead.Y, 6);
    // What a refused write would do at run time: change the temporary only.
    (c.Position as Vec3).X = 9;
    eq(c.Position.X, 5, 'a write to a read copy is lost');
    const frame: Numbers = c.Frame;
    const inner: Vec3 = frame.Inner;
    inner.Z = 7;
    frame.Inner = inner;
    c.Frame = frame;
    eq(c.Frame.Inner.Z, 7);
    const copy = c.Position;
    copy.Scale(2);
    eq(copy.X, 10);
    eq(c.Position.X, 5, 'Scale ran on the view, a copy');
    eq(Geometry.Sum(c.Position) + Geometry.Sum(c.Ahead(0)), 2 * Geometry.Sum(p));
    const m = new HoldsMaybe();
    const maybe: Vec3 | null = m.Field;
    some(maybe).X = 1;
    m.Field = maybe;
    eq(some(m.Field).X, 1);
    // An array element is read as a copy too: change a local, then assign the element.
    const points = some(c.Waypoints);
    const second: Vec3 = points[1];
    second.Y = 3;
    points[1] = second;
    eq(some(c.Waypoints)[1].Y, 3);
    (points[0] as Vec3).Y = 9;
    eq(points[0].Y, 0, 'a write to an element read is lost');
    const t: { X: number; Y: number; Z: number } = Geometry.MakeTable(1, 4, 0);
    t.X = 3;
    eq(Geometry.Length(t), 5);
}

export function test_Vec3_OperatorsAndIndexer(): void {
    const a = new Vec3(1, 2, 3);
    eq(Vec3.op_Addition(a, Vec3.op_Multiply(a, 2)).Z, 9);
    eq(Vec3.op_UnaryNegation(a).X, -1);
    a.set_Item(0, 5);
    eq(a.get_Item(0), 5);
}

export function test_Structs_LargestCopy_NestedFields(): void {
    const b = Block1024.Make(7);
    const a: Block128 = b.A;
    const first: Block16 = a.A;
    eq(first.A, 7);
    eq(first.B + a.B.A + a.C.A + a.D.A + a.E.A + a.F.A + a.G.A + a.H.A, 0);
    eq(b.B.A.A + b.C.A.A + b.D.A.A + b.E.A.A + b.F.A.A + b.G.A.A + b.H.A.A, 0);
}
