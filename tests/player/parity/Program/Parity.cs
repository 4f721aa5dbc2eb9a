using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using ZTS;

// The scripts' `using System.Linq;` (docs/EVERYDAY.md, "Extension methods on instances").
[assembly: TsUsing("System.Linq")]
[assembly: TsUsing("ParityHost")] // HelperExtensions on instances

// Programs shaped as new users write them, run the same under `mono Parity.exe` (Editor backend) and under the Player
// `ztsrun build-player --assembly Parity.exe` builds for it, without --scripts (tests/player/parity/build_and_run.sh).
// Each case prints one line; a case that throws prints its exception's text, so a difference shows as a diff line.
namespace ParityHost
{
    public enum LoadMode { A, B }

    // Delegate types as tools and games declare them: nested in an internal class, in a static class, private nested,
    // and a generic one nested in an internal class, with ref/out/opaque parameters.
    internal static class HostApi
    {
        internal delegate int IntOp(int a, int b);
        public delegate void Bump(ref int counter, int by);
        public delegate bool TryParse(string text, out int value);
        public delegate string Describe([TsMarshalAs(TsMarshalType.OpaqueValue)] Item item);
        internal delegate T Make<T>(string name);
        internal delegate void Notify(string what);
        internal delegate string Greet(Item item, HiddenItem hidden);
    }

    internal class HiddenItem
    {
        public override string ToString() { return "hidden"; }
    }

    public class Item
    {
        public string Name;
        public Item(string name) { Name = name; }
        public override string ToString() { return "Item(" + Name + ")"; }
    }

    public class Holder
    {
        private delegate int Twice(int x);
        internal static int CallPrivate() { return TsAppDomain.GetFunction<Twice>("main", "twice")(21); }
    }

    public static class Generics
    {
        public static string Foo<T1, T2, T3>(ref T1 a, T2 b, T3 c) { string s = a + "/" + b + "/" + c; a = default(T1); return s; }
        public static void Swap<T>(ref T a, ref T b) { T t = a; a = b; b = t; }
        public static bool TryFirst<T>(T[] items, out T first) { first = items.Length > 0 ? items[0] : default(T); return items.Length > 0; }
    }

    public static class Packages
    {
        public delegate object LoadResource(string name, string extension, Type type, out LoadMode destroyMethod);
        public static string AddPackage(string descFilePath) { return descFilePath; }
        public static string AddPackage(string assetPath, LoadResource loadFunc) { return assetPath; }
        public static string LoadWith(string assetPath, LoadResource loadFunc)
        {
            LoadMode mode;
            object r = loadFunc(assetPath, ".json", typeof(string), out mode);
            return r + " " + mode;
        }
    }

    /// <summary>A game's inventory: framework collections the TS project (ts/src/collections.ts) reads.</summary>
    public class Inventory
    {
        public List<Item> Items = new List<Item> { new Item("sword"), new Item("shield"), new Item("bow") };
        public Dictionary<string, int> Counts = new Dictionary<string, int> { { "arrow", 12 }, { "potion", 3 } };
        public List<int> Weights() { return new List<int> { 4, 9, 2, 7 }; }
    }

    public class Helper
    {
        public string Tag = "helper";
    }

    public class SubHelper : Helper { }

    public static class HelperExtensions
    {
        public static T Extension<T>(this T a) where T : Helper { a.Tag += "+ext"; return a; }
        public static string Extension2<T1, T2>(this T1 a, T2 b) where T1 : Helper { return a.Tag + ":" + typeof(T2).Name + ":" + b; }
    }

    public static class Program
    {
        // A module the loader returns as source text (PuerTS's CrossLangTest.AddPackageTest, ported): a JS function
        // passed as a delegate with an out enum parameter, at the module's top level.
        private const string PackageSource = @"
import { Packages, LoadMode } from 'csharp:ParityHost';
const r1 = Packages.AddPackage('test/path/to/desc.json');
const loadFunc = function (name, extension, type, outDestroyMethod) {
    outDestroyMethod.value = LoadMode.A;
    return { name: name, ext: extension };
};
const r2 = Packages.AddPackage('test/asset/path', loadFunc);
export function result() { return r1 + ' ' + r2; }
";

        private static void Case(string name, Func<object> f)
        {
            string text;
            try { text = Convert.ToString(f()); }
            catch (Exception e) { text = "threw " + e.GetType().Name + ": " + e.Message; }
            Console.WriteLine(name + ": " + text);
        }

        public static int Main(string[] args)
        {
            string scripts = Path.Combine(Path.GetDirectoryName(typeof(Program).Assembly.Location), "scripts");
            var files = new TsFileLoader(scripts);
            TsAppDomain.Initialize(specifier => specifier == "package" ? new TsModuleSource(PackageSource) : files.Load(specifier));

            Case("internal delegate via GetFunction", () => TsAppDomain.GetFunction<HostApi.IntOp>("main", "add")(2, 3));
            Case("ref delegate", () => { int c = 1; TsAppDomain.GetFunction<HostApi.Bump>("main", "bump")(ref c, 4); return c; });
            Case("out delegate", () => { int v; bool ok = TsAppDomain.GetFunction<HostApi.TryParse>("main", "tryParse")("41", out v); return ok + " " + v; });
            Case("opaque delegate", () => TsAppDomain.GetFunction<HostApi.Describe>("main", "describe")(new Item("sword")));
            Case("generic internal delegate", () => TsAppDomain.GetFunction<HostApi.Make<Item>>("main", "make")("shield"));
            Case("void internal delegate", () => { string heard = null; TsAppDomain.GetFunction<Func<HostApi.Notify, bool>>("main", "announce")(w => heard = w); return heard; });
            Case("internal delegate with a non-public parameter type", () => TsAppDomain.GetFunction<HostApi.Greet>("main", "greet")(new Item("cup"), new HiddenItem()));
            Case("private nested delegate", () => Holder.CallPrivate());
            Case("console from script", () => TsAppDomain.GetFunction<Func<string>>("main", "consoleWrite")());
            Case("framework types", () => TsAppDomain.GetFunction<Func<string>>("main", "framework")());
            Case("generic ref over int", () => TsAppDomain.GetFunction<Func<string>>("main", "genericRef")());
            Case("loader out package", () => TsAppDomain.GetFunction<Func<string>>("main", "addPackage")());
            Case("loader source with an out delegate", () => TsAppDomain.GetFunction<Func<string>>("package", "result")());
            Case("collections from TypeScript", () => TsAppDomain.GetFunction<Func<Inventory, string>>("collections", "run")(new Inventory()));
            Case("generic extension on receiver type", () => TsAppDomain.GetFunction<Func<string>>("main", "extension")());
            Case("generic extension with argument type", () => TsAppDomain.GetFunction<Func<string>>("main", "extension2")());
            TsFramePump.LateUpdate();
            TsFramePump.EndOfFrame();
            Console.WriteLine("done");
            return 0;
        }
    }
}
