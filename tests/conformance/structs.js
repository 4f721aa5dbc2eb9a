// SPEC_MAP D5 structs and 01-HOST-API §3 [TsMarshalAs]: ByVal copies, Table objects, Nullable.
import { eq, ok, throws } from './assert.js';
import { Geometry, Vec3, Notifier, HoldsMaybe, Numbers, HoldsVec } from 'csharp:Fixtures';

export function test_Structs_ByVal_IsACopy() {
    const v = Geometry.Stored;
    v.X = 99;
    eq(v.X, 99, 'the JS copy changed');
    eq(Geometry.Stored.X, 1, 'the C# original did not');
    ok(Geometry.Stored !== Geometry.Stored, 'each read is a new copy');
}

export function test_Structs_MethodsActOnTheCopy() {
    const v = Geometry.Make(3, 4, 0);
    eq(v.Length(), 5);
    v.Scale(2);
    eq(v.X, 6);
    eq(Geometry.Sum(v), 14, 'the mutated copy crosses back by value');
}

export function test_Structs_Constructor() {
    const v = new Vec3(1, 2, 2);
    eq(v.Length(), 3);
    eq(new Vec3().X, 0, 'the implicit parameterless constructor');
}

export function test_Structs_Table_ResultIsPlainObject() {
    const t = Geometry.MakeTable(1, 2, 3);
    eq(Object.getPrototypeOf(t), Object.prototype, 'a plain object');
    eq(JSON.stringify(t), '{"X":1,"Y":2,"Z":3}');
}

// Table members that are properties (over private fields, as UnityEngine.Rect's) cross both ways.
export function test_Structs_Table_PropertyMembers() {
    const t = Geometry.MakeSpan(2, 3);
    eq(Object.getPrototypeOf(t), Object.prototype, 'a plain object');
    eq(JSON.stringify(t), '{"Start":2,"Length":3}');
    eq(Geometry.SpanEnd({ Start: 4, Length: 1.5 }), 5.5);
    eq(Geometry.SpanEnd({ Start: 4 }), 4, 'a missing member keeps its default');
    throws(() => Geometry.SpanEnd({ Start: 'x' }), 'zts: cannot convert string to System.Single');
}

export function test_Structs_Table_ParameterFromPlainObject() {
    eq(Geometry.Length({ X: 3, Y: 4, Z: 0 }), 5);
    eq(Geometry.Length({ X: 3, Y: 4 }), 5, 'missing members keep their default');
    throws(() => Geometry.Length({ X: 'a' }), 'zts: cannot convert string to System.Single');
}

export function test_Structs_Table_ListedMembersOnly() {
    eq(Geometry.Describe({ X: 1, Y: 2, Z: 3 }), '1,2,0', 'Z is not a listed member');
}

export function test_Structs_Table_Field() {
    const o = Geometry.Origin;
    eq(JSON.stringify(o), '{"X":0,"Y":0,"Z":0}');
    Geometry.Origin = { X: 5, Y: 0, Z: 0 };
    eq(Geometry.Origin.X, 5);
    Geometry.Origin = { X: 0, Y: 0, Z: 0 };
}

export function test_Structs_Table_Nullable() {
    eq(Geometry.Maybe(false), null);
    eq(Geometry.Maybe(true).Z, 9);
}

export function test_Structs_Nullable_Primitive() {
    eq(Geometry.Half(10), 5);
    eq(Geometry.Half(null), null);
    eq(Geometry.Twice(2), 4, 'an integral number to double?');
    eq(Geometry.Twice(1.5), 3);
    eq(Geometry.Next(5), 6, 'long?');
}

// A Nullable struct reads as the struct (a ByVal copy with its members) or null (docs/MARSHAL.md).
export function test_Structs_NullableStruct_ResultIsTheStructOrNull() {
    const v = Geometry.MaybeVec(true);
    eq(v.X, 1, 'a member of the struct');
    eq(v.Length(), 3, 'a method of the struct');
    ok(v instanceof Vec3, 'the struct type');
    eq(Geometry.MaybeVec(false), null);
}

export function test_Structs_NullableStruct_FieldAndProperty() {
    eq(Geometry.StoredMaybe.Y, 5, 'a static field');
    const h = new HoldsMaybe();
    eq(h.Field.Z, 9, 'an instance field');
    eq(h.Property, null, 'an unset property');
    h.Property = new Vec3(3, 0, 4);
    eq(h.Property.Length(), 5, 'a property holding a value');
    h.Property = null;
    eq(h.Property, null);
    Geometry.MaybeProperty = Geometry.MaybeVec(true);
    eq(Geometry.MaybeProperty.Z, 2, 'a copy crosses back into a Nullable');
    eq(Geometry.Which(Geometry.StoredMaybe), 'vec 4');
    eq(Geometry.Which(null), 'none');
}

export function test_Structs_UnpackedValues_ConsecutiveArguments() {
    eq(Geometry.Weighted(1, 2, 3, 2), 12);
    throws(() => Geometry.Weighted(1, 2, 3), "zts: no overload of 'Geometry.Weighted' matches (number, number, number); candidates: Weighted(Single, Single, Single, Single)");
}

export function test_Structs_InvalidTable_FallsBackToDefault() {
    eq(Geometry.Chars('abc'), 3);
}

export function test_Structs_MarshalAsOnMethod_FailsBinding() {
    throws(() => CSharp.Fixtures.BadMarshal.Wrong(), "zts: cannot bind 'BadMarshal': [TsMarshalAs] is not allowed on method 'BadMarshal.Wrong'");
}

// A Table is read from the object's own properties (docs/MARSHAL.md): inherited ones are missing members.
export function test_Structs_Table_OwnPropertiesOnly() {
    eq(Geometry.Length(Object.create({ X: 3, Y: 4, Z: 0 })), 0, 'members on a prototype keep their defaults');
    Object.prototype.Y = 4;
    try {
        eq(Geometry.Length({ X: 3 }), 3, 'Object.prototype is not read');
    } finally {
        delete Object.prototype.Y;
    }
    eq(Geometry.Length({ get X() { return 3; }, Y: 4 }), 5, 'an own getter counts');
}

// An array or a C# object is no Table; a ByVal copy of the very struct crosses as itself.
export function test_Structs_Table_ArrayIsNoTable() {
    throws(() => Geometry.Length([3, 4, 0]), "zts: cannot convert array to Fixtures.Vec3 (argument 1 of 'Geometry.Length'): a Table needs a plain object");
    throws(() => Geometry.Length(new Notifier()), "zts: cannot convert C# object to Fixtures.Vec3 (argument 1 of 'Geometry.Length'): a Table needs a plain object");
    eq(Geometry.Length(Geometry.Make(3, 4, 0)), 5, 'a Vec3 copy');
}

// 10-LIFETIME §3.1: a blittable struct's JS value holds its bytes; the core reads and writes its number fields on them,
// with the results and `zts:` errors of the one rule set (the field's bridge gives whatever the core does not convert
// exactly).
export function test_Structs_Copy_FieldsFollowTheRuleSet() {
    const n = Numbers.Make();
    n.I1 = -128; n.U1 = 255; n.I2 = -32768; n.U2 = 65535; n.I4 = -5; n.U4 = 4294967295;
    n.I8 = 2 ** 53 - 1; n.U8 = 2 ** 40; n.R4 = 0.1; n.R8 = 0.1; n.Day = 3;
    eq(n.I1, -128); eq(n.U1, 255); eq(n.I2, -32768); eq(n.U2, 65535); eq(n.I4, -5); eq(n.U4, 4294967295);
    eq(n.I8, 2 ** 53 - 1); eq(n.U8, 2 ** 40); eq(n.R4, Math.fround(0.1)); eq(n.R8, 0.1); eq(n.Day, 3);
    eq(n.Fixed, 7, 'a readonly field reads');
    throws(() => { n.Fixed = 1; }, "zts: 'Numbers.Fixed' is read-only");
    throws(() => { n.I1 = 128; }, 'zts: cannot convert');
    throws(() => { n.U4 = -1; }, 'zts: cannot convert');
    throws(() => { n.I4 = 1.5; }, 'zts: cannot convert');
    throws(() => { n.R4 = 'x'; }, 'zts: cannot convert string to System.Single');
    n.I4 = 2 ** 31 - 1; // an integral float64 in range: the rule set's accept path
    eq(n.I4, 2 ** 31 - 1);
    eq(n.Total(), Numbers.TotalOf(n), 'C# reads the bytes the core wrote');
    n.Widen();
    throws(() => n.I8, 'zts: cannot convert System.Int64 9223372036854775807 to a JS number');
}

// Every crossing is a copy: a nested struct read is a copy of its bytes, and writing it back copies them in.
export function test_Structs_Copy_NestedIsACopy() {
    const n = Numbers.Make();
    const inner = n.Inner;
    inner.X = 5;
    eq(n.Inner.X, 0, 'the read was a copy');
    n.Inner = inner;
    eq(n.Inner.X, 5, 'the write copied it in');
    eq(n.InnerCopy.X, 5, 'the property (C# code) reads the same bytes');
    n.InnerCopy = new Vec3(9, 0, 0);
    eq(n.Inner.X, 9, 'the property setter acted on the copy');
    ok(n.Inner !== n.Inner, 'each read is a new copy');
}

// A copy seen as object is a box of its bytes, and back; methods and identity behave as before.
export function test_Structs_Copy_BoxedAndBack() {
    const n = Numbers.Make();
    n.I4 = 42;
    const boxed = Numbers.Boxed(n);
    eq(Numbers.Unbox(boxed).I4, 42, 'a box of the copy, and a copy of the box');
    ok(boxed !== n, 'the box is another object');
    eq(zts.cast(n, Numbers).I4, 42, 'zts.cast takes a copy');
    ok(n.Equals(n), 'Equals(object) gets a box of the copy');
    eq(typeof n.GetHashCode(), 'number');
}

// A struct field of a class crosses as a copy both ways (the Player's field bridge copies the bytes).
export function test_Structs_Copy_ClassFieldByBytes() {
    const h = new HoldsVec();
    const v = h.Value;
    eq(v.Y, 2);
    v.X = 5;
    eq(h.Value.X, 1, 'the read was a copy');
    h.Value = v;
    eq(h.Value.X, 5, 'the write copied it in');
    throws(() => { h.Value = { X: 1 }; }, 'zts: cannot convert');
}

// Operators and indexers of a struct act on copies like its methods (on the Player through the build's copy wrappers).
export function test_Structs_Copy_OperatorsAndIndexer() {
    const a = new Vec3(1, 2, 3);
    const b = Vec3.op_Addition(a, Vec3.op_Multiply(a, 2));
    eq(b.X + b.Y + b.Z, 18);
    eq(Vec3.op_UnaryNegation(a).Y, -2);
    eq(a.get_Item(2), 3);
    a.set_Item(1, 7);
    eq(a.Y, 7, 'the indexer setter acted on the copy');
}

// A struct argument that is not a copy of exactly its struct goes through the shared rules (on the Player the copy
// entry's bridge hands such a call to the managed wrapper: docs/PLAYER.md "Struct copies"): a box of the struct
// converts, anything else is the same zts: error on both backends; `this` must be a copy of the member's struct.
export function test_Structs_CopyArgument_OtherValues_SharedRules() {
    const v = Geometry.Make(1, 2, 3);
    eq(Geometry.Sum(zts.cast(v, CSharp.System.ValueType)), 6, 'a box of the struct');
    eq(Geometry.Sum(v), 6, 'the copy itself');
    throws(() => Geometry.Sum(5), "zts: cannot convert number to Fixtures.Vec3 (argument 1 of 'Geometry.Sum')");
    throws(() => Geometry.Sum({ X: 1, Y: 2, Z: 3 }), "zts: cannot convert object to Fixtures.Vec3 (argument 1 of 'Geometry.Sum')");
    throws(() => Geometry.Sum(new Numbers()), "zts: cannot convert Fixtures.Numbers to Fixtures.Vec3 (argument 1 of 'Geometry.Sum')");
    throws(() => Geometry.Sum(), "zts: no overload of 'Geometry.Sum' matches (); candidates: Sum(Vec3)");
    throws(() => v.Length.call(new Numbers()), "zts: 'Vec3.Length' needs a Vec3 instance as this");
    eq(v.Length.call(Geometry.Make(0, 3, 4)), 5, 'another copy of the struct as this');
    const u = new Vec3(1, 1, 1);
    u.Scale(3);
    eq(Geometry.Sum(u), 9, 'a method of the struct acted on the copy in place');
}

// A copy follows a plain object's rules where it can, and refuses what it cannot honour (docs/MARSHAL.md, "Structs").
export function test_Structs_Copy_FrozenRefusesFieldWrites() {
    const v = Geometry.Make(1, 2, 3);
    Object.freeze(v);
    ok(Object.isFrozen(v), 'a frozen copy says so');
    throws(() => { v.X = 5; }, "zts: cannot assign to field 'X' of a frozen struct copy");
    eq(v.X, 1, 'the field kept its value');
    eq(Geometry.Sum(v), 6, 'C# sees the same value');
}

export function test_Structs_Copy_DefinePropertyWritesTheField() {
    const v = Geometry.Make(1, 2, 2);
    Object.defineProperty(v, 'X', { value: 2 });
    eq(v.X, 2, 'JS reads the field');
    eq(Geometry.Sum(v), 6, 'C# sees the field JS wrote, not a shadow');
    eq(Object.getOwnPropertyNames(v).length, 0, 'no own property shadows the field');
    throws(() => Object.defineProperty(v, 'Y', { get() { return 9; } }), "zts: field 'Y' of a struct copy is its struct's field");
    throws(() => Object.defineProperty(v, 'Y', { value: 1, writable: false }), "zts: field 'Y' of a struct copy is its struct's field");
    eq(v.Y, 2);
    Object.defineProperty(v, 'note', { value: 'mine' });
    eq(v.note, 'mine', 'a name that is no field is defined as on any object');
}

export function test_Structs_Copy_JsonStringifiesTheFields() {
    eq(JSON.stringify(Geometry.Make(1, 2, 3)), '{"X":1,"Y":2,"Z":3}');
    eq(JSON.stringify({ at: Geometry.Make(0.5, 0, -1) }), '{"at":{"X":0.5,"Y":0,"Z":-1}}');
}

// A struct method that calls back into JS acts on JS's copy for the whole call: a callback that writes the copy is
// seen by the method, and what the method does after it stays (the Editor's bridge passes the copy's bytes by ref; the
// Player's box of a copy is lent to the copy for the call: native/player/player_bridge.h this_lend). Tagged holds
// references, so the Player has no copy wrapper for it and takes the boxed path.
export function test_Structs_MethodCallback_WritesTheCopyInPlace() {
    const t = Geometry.Tag(null, 'a');
    t.Count = 1;
    eq(t.Visit(() => { eq(t.Count, 1, 'the callback reads the copy the method runs on'); t.Count = 50; return 50; }), 51050,
       'the method saw the callback write its copy');
    eq(t.Count, 51, 'the method\'s own write after the callback stays');
    const inner = Geometry.Tag(null, 'b');
    eq(t.Visit(() => inner.Visit(() => { t.Count = 7; return 3; })), 8000 + 1003, 'nested calls on two copies');
    eq(inner.Count, 1);
    eq(t.Count, 8);
    eq(t.Visit(() => t.Visit(() => 2)), 10000 + 9002, 'the same copy as this of a nested call');
    eq(t.Count, 10);
    throws(() => t.Visit(() => { t.Count = 20; throw new Error('out'); }), 'out');
    eq(t.Count, 20, 'a callback\'s write stays when the callback throws');
}
