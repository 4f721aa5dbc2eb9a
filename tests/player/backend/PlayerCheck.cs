// The Player backend's end-to-end check: the same scripts run on the Editor backend (under `mono`) and on
// the Player backend (under build/dist/zts-player), and print the same lines. `uncovered` prints what only the Player
// backend refuses: a member whose signature has no reduced form, and one whose bridge the build left out.
using System;
using System.Collections.Generic;
using ZTS;

namespace ZTS.PlayerCheck
{
    /// <summary>A color (enums cross as their underlying type).</summary>
    public enum Shade { Light = 1, Dark = 2 }

    /// <summary>A struct (crosses the typed entry boxed).</summary>
    public struct Vec
    {
        /// <summary>X.</summary>
        public float X;

        /// <summary>An instance method of a struct with an out parameter: no wrapper can serve it on the Player (it would act
        /// on a copy), which the build and the first bind both say.</summary>
        public bool TryHalf(out float half) { half = X / 2; return X != 0; }
    }

    /// <summary>A class with state, constructed and called from JS.</summary>
    public class Counter
    {
        private int _value;

        /// <summary>Starts at start.</summary>
        public Counter(int start) { _value = start; }

        /// <summary>The current value.</summary>
        public int Value { get { return _value; } set { _value = value; } }

        /// <summary>Adds n; returns this.</summary>
        public Counter Add(int n) { _value += n; return this; }

        /// <summary>A label.</summary>
        public string Label(string prefix) { return prefix + _value; }
    }

    /// <summary>The members the scripts call.</summary>
    public static class Api
    {
        public static int Add(int a, int b) { return a + b; }
        public static int Add3(int a, int b, int c) { return a + b + c; }
        public static double Scale(double x, double k) { return x * k; }
        public static float Half(float x) { return x / 2; }
        public static bool Not(bool b) { return !b; }
        public static long Twice(long v) { return v * 2; }
        public static uint Big() { return 4000000000u; }
        public static byte Low(byte b) { return b; }
        public static char First(string s) { return s[0]; }
        public static string Greet(string name) { return "hello " + name; }
        public static int Length(string s) { return s.Length; }
        public static Shade Flip(Shade s) { return s == Shade.Light ? Shade.Dark : Shade.Light; }
        public static object Same(object o) { return o; }
        public static Counter Make(int start) { return new Counter(start); }
        public static int Apply(Func<int, int> f, int x) { return f(x); }
        public static void Boom(string why) { throw new InvalidOperationException(why); }
        public static float LengthOf(Vec v) { return Math.Abs(v.X); }
        public static int? Maybe(int? v) { return v; }
        public static void Bump(ref int x) { x++; }
        public static bool TryHalf(int v, out int half) { half = v / 2; return v % 2 == 0; }
        public static int Nine(int a, int b, int c, int d, int e, int f, int g, int h, int i) { return a + i; }
    }

    /// <summary>64-bit values beyond ±(2^53-1) through every result path (a method's long/ulong, a static and an
    /// instance field, an object result holding a boxed long): each is the zts: error of ResultWriter, never a value.</summary>
    public class Wide
    {
        /// <summary>A static field beyond the range.</summary>
        public static long Min = long.MinValue;
        /// <summary>An instance field beyond the range.</summary>
        public long Field = long.MaxValue;
        /// <summary>long.MaxValue.</summary>
        public static long Max() { return long.MaxValue; }
        /// <summary>ulong.MaxValue.</summary>
        public static ulong UMax() { return ulong.MaxValue; }
        /// <summary>A boxed long beyond the range, declared object.</summary>
        public static object Boxed() { return long.MaxValue; }
        /// <summary>The largest exact value: crosses.</summary>
        public static long Edge() { return 9007199254740991L; }
    }

    /// <summary>A type whose static constructor throws (a field initializer: beforefieldinit). Its static method and
    /// field throw the TypeInitializationException, named with its cause; its const is still its value.</summary>
    public static class Faulty
    {
        /// <summary>A const: no type initialization.</summary>
        public const int Answer = 42;
        /// <summary>Initialized by a method that throws.</summary>
        public static int Value = Fail();
        /// <summary>Does nothing (once the type is initialized).</summary>
        public static void Touch() { }
        private static int Fail() { throw new InvalidOperationException("Faulty's static state is broken"); }
    }

    /// <summary>A class with an explicit static constructor that throws: its constructor throws the
    /// TypeInitializationException.</summary>
    public class FaultyNew
    {
        static FaultyNew() { throw new ArgumentException("FaultyNew cannot start"); }
        /// <summary>Never reached.</summary>
        public FaultyNew() { }
    }

    /// <summary>An interface a struct implements (its implementation is a virtual method).</summary>
    public interface IArea
    {
        /// <summary>The area.</summary>
        int Area();
    }

    /// <summary>A struct whose static constructor throws: `new FaultyArea()` needs no initialization, its methods
    /// do (on the Player, the runtime has no typed entry for them).</summary>
    public struct FaultyArea : IArea
    {
        /// <summary>Initialized by a method that throws.</summary>
        public static int Unit = Fail();
        /// <summary>An instance field: no type initialization.</summary>
        public int Side;
        /// <summary>Side squared (a virtual method: dispatched per class on the Player).</summary>
        public int Area() { return Side * Side; }
        private static int Fail() { throw new NotSupportedException("FaultyArea has no unit"); }
    }

    /// <summary>A struct holding a reference: a copy held by JS keeps its payload alive (10-LIFETIME §3.2).</summary>
    public struct Carrier
    {
        /// <summary>The payload.</summary>
        public object Payload;
    }

    /// <summary>Makes carriers and watches the last payload.</summary>
    public static class Carriers
    {
        /// <summary>The payload of the last carrier made.</summary>
        public static WeakReference Last;

        /// <summary>A carrier whose payload only the carrier references.</summary>
        public static Carrier Make() { var payload = new byte[1024]; Last = new WeakReference(payload); return new Carrier { Payload = payload }; }
    }

    /// <summary>An internal delegate type whose result type is internal too: the generated shims live in another
    /// assembly, so a delegate type that is not public binds a shim of its signature, and a method bound to a delegate
    /// must return the delegate's own result type, which the shim cannot name.</summary>
    internal delegate InternalThing InternalStep(int x);

    internal sealed class InternalThing { }

    internal static class Program
    {
        // An object referenced only from a struct copy held by JS survives GC.Collect (the registry's slot,
        // a GC root on the Player backend), and is collected once JS lets go and the frame pump released the slot.
        // The collector scans stacks conservatively, so "collected" is checked over rounds that also churn the heap.
        private static void StructCopyKeepsPayload()
        {
            Modules["carry"] = "const { Carriers } = CSharp.ZTS.PlayerCheck;\nlet held = null;\n" +
                               "export function hold() { held = Carriers.Make(); }\nexport function drop() { held = null; }";
            TsAppDomain.GetFunction<Action>("carry", "hold")();
            bool alive = true;
            for (int round = 0; round < 3; round++) { Churn(); TsFramePump.LateUpdate(); GC.Collect(); GC.WaitForPendingFinalizers(); }
            alive = Carriers.Last.IsAlive;
            Console.WriteLine("struct copy held by JS -> payload alive " + alive);
            TsAppDomain.GetFunction<Action>("carry", "drop")();
            bool collected = false;
            for (int round = 0; round < 30 && !collected; round++)
            {
                Churn();
                TsFramePump.LateUpdate();
                GC.Collect();
                GC.WaitForPendingFinalizers();
                collected = !Carriers.Last.IsAlive;
            }
            Console.WriteLine("struct copy released -> payload collected " + collected);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void Churn()
        {
            var junk = new object[64];
            for (int i = 0; i < junk.Length; i++) junk[i] = new byte[256];
        }

        private static readonly Dictionary<string, string> Modules = new Dictionary<string, string>();

        private static readonly string[] Cases =
        {
            "Api.Add(2, 3)",
            "Api.Add(2.5, 1)",
            "Api.Add('2', 1)",
            "Api.Add(1)",
            "Api.Scale(1.5, 2)",
            "Api.Half(3)",
            "Api.Not(true)",
            "Api.Twice(21)",
            "Api.Twice(2 ** 53)",
            "Api.Big()",
            "Api.Low(300)",
            "Api.First('xyz')",
            "Api.Greet('world')",
            "Api.Greet('w\\u00f6rld \\ud83d\\ude00')",
            "Api.Length('abc')",
            "Api.Flip(CSharp.ZTS.PlayerCheck.Shade.Light)",
            "new Counter(5).Add(2).Value",
            "(() => { const c = new Counter(1); c.Value = 41; return c.Add(1).Label('v='); })()",
            "(() => { const c = Api.Make(3); return Api.Same(c) === c && c instanceof Counter; })()",
            "Api.Same('text')",
            "Api.Same(1.5)",
            "Api.Apply(x => x * 10, 4)",
            "(() => { try { Api.Boom('boom'); } catch (e) { return e.message; } })()",
            "Api.Boom('uncaught')",
            "Counter.prototype.Add.call({}, 1)",
            "CSharp.System.Math.Max(3, 9)",
            "CSharp.System.Math.Abs(-2.5)",
            "(() => { const v = new CSharp.ZTS.PlayerCheck.Vec(); v.X = -2; return Api.LengthOf(v); })()",
            "Api.Maybe(1)",
            "Api.Maybe(null)",
            "Api.Maybe(undefined)",
            "Api.Maybe(2.5)",
            "(() => { const r = zts.ref(1); Api.Bump(r); return r.value; })()",
            "(() => { const r = zts.ref(); return Api.TryHalf(7, r) + ' ' + r.value; })()",
            "Api.Bump(1)",
            "Wide.Max()",
            "Wide.UMax()",
            "Wide.Min",
            "new Wide().Field",
            "Wide.Boxed()",
            "Wide.Edge()",
            "Faulty.Touch()",
            "Faulty.Value",
            "(Faulty.Value = 1)",
            "Faulty.Answer",
            "new FaultyNew()",
            "(() => { const a = new CSharp.ZTS.PlayerCheck.FaultyArea(); a.Side = 3; return a.Side; })()",
            "new CSharp.ZTS.PlayerCheck.FaultyArea().Area()",
        };

        private static int Main(string[] args)
        {
            bool uncovered = args.Length > 0 && args[0] == "uncovered";
            TsAppDomain.Initialize(name => { string s; return Modules.TryGetValue(name, out s) ? s : null; });
            Console.WriteLine("backend: same scripts, " + (uncovered ? "uncovered members" : "common cases"));
            string[] cases = uncovered ? new[] { "Api.Nine(1, 2, 3, 4, 5, 6, 7, 8, 9)", "Api.Add3(1, 2, 3)", "new CSharp.ZTS.PlayerCheck.Vec().TryHalf(zts.ref())" } : Cases;
            for (int i = 0; i < cases.Length; i++)
            {
                string name = "case" + i;
                Modules[name] = "const { Api, Counter, Wide, Faulty, FaultyNew } = CSharp.ZTS.PlayerCheck;\n" +
                                "export function run() { const r = " + cases[i] + "; return typeof r + ' ' + String(r); }";
                string line;
                try { line = TsAppDomain.GetFunction<Func<string>>(name, "run")(); }
                catch (TsException e) { line = "threw " + e.GetType().Name + ": " + e.Message; }
                Console.WriteLine(cases[i] + " -> " + line);
            }
            if (!uncovered)
            {
                Modules["calls"] = "export function add(a, b) { return a + b; }\nexport function hello(n) { return 'hi ' + n; }\n" +
                                   "export function fails() { throw new TypeError('from js'); }\nexport function shade(s) { return s; }";
                Console.WriteLine("Func<int,int,int> -> " + TsAppDomain.GetFunction<Func<int, int, int>>("calls", "add")(20, 22));
                Console.WriteLine("Func<string,string> -> " + TsAppDomain.GetFunction<Func<string, string>>("calls", "hello")("there"));
                Console.WriteLine("Func<Shade,Shade> -> " + TsAppDomain.GetFunction<Func<Shade, Shade>>("calls", "shade")(Shade.Dark));
                try { TsAppDomain.GetFunction<Action>("calls", "fails")(); }
                catch (TsException e) { Console.WriteLine("Action -> threw " + e.Message); }
                StructCopyKeepsPayload();
            }
            else
            {
                try { TsAppDomain.GetFunction<InternalStep>("calls", "none"); }
                catch (TsException e) { Console.WriteLine("InternalStep -> threw " + e.GetType().Name + ": " + e.Message); }
            }
            return 0;
        }
    }
}
