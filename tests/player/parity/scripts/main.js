// The parity program's scripts (tests/player/parity): each export is one case of Program/Parity.cs.
import { Generics, Packages, Helper, SubHelper, Item, LoadMode } from "csharp:ParityHost";

export function add(a, b) { return a + b; }
export function bump(counter, by) { zts.opaque_set(counter, zts.opaque_get(counter) + by); }
export function tryParse(text, value) { zts.opaque_set(value, parseInt(text, 10) + 1); return true; }
export function describe(item) { return "described " + zts.opaque_get(item).Name; }
export function make(name) { return new Item(name); }
export function announce(notify) { notify("ready"); return true; }
export function greet(item, hidden) { return "hello " + item.Name + " and " + String(hidden); }
export function twice(x) { return x * 2; }

export function consoleWrite() {
    const S = CSharp.System;
    S.Console.WriteLine("from script via Console");
    S.Diagnostics.Debug.WriteLine("debug line");
    return "written";
}

export function framework() {
    const S = CSharp.System;
    const parts = [
        S.MathF.Sqrt(16),
        S.Environment.NewLine.length,
        S.IO.Path.Combine("a", "b.txt"),
        S.IO.Path.GetExtension("x/y.ts"),
        S.Enum.GetName(zts.typeof(LoadMode), 1),
        S.Tuple.Create(1, "one").Item2,
        new (zts.generic(S.ValueTuple$2, S.Int32, S.String))(2, "two").Item2,
        String(S.Nullable.GetUnderlyingType(zts.typeof(S.Int32))),
        S.Enum.Parse(zts.typeof(LoadMode), "B"),
        S.Math.Round(2.5),
    ];
    return parts.join(" | ");
}

export function genericRef() {
    const foo = zts.generic_method(Generics, "Foo", CSharp.System.Int32, CSharp.System.String, CSharp.System.Int32);
    const a = zts.ref(5);
    const s = foo(a, "b", 7);
    const swap = zts.generic_method(Generics, "Swap", CSharp.System.Int32);
    const x = zts.ref(1), y = zts.ref(2);
    swap(x, y);
    const first = zts.generic_method(Generics, "TryFirst", CSharp.System.Double);
    const f = zts.ref();
    return [s, a.value, x.value, y.value].join(" ");
}

export function addPackage() {
    const r1 = Packages.AddPackage("test/path/to/desc.json");
    const loadFunc = function (name, extension, type, outDestroyMethod) {
        zts.opaque_set(outDestroyMethod, LoadMode.B);
        return name + extension;
    };
    const r2 = Packages.AddPackage("test/asset/path", loadFunc);
    const r3 = Packages.LoadWith("asset", loadFunc);
    return [r1, r2, r3].join(" | ");
}

export function extension() {
    const h = new SubHelper();
    const r = h.Extension();
    return r.Tag + " " + (r === h);
}

export function extension2() {
    const h = new Helper();
    return h.Extension2(new Item("x"));
}
