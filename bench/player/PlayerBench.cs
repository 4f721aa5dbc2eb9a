// The Player backend's benchmarks, run under the launcher (build/dist/zts-player, preemptive suspend as
// Il2Cpp): JS -> C# static Add(int,int) through the generated bridge against a hand-written QuickJS C function over
// the same typed entry, and C# -> JS Func<int,int,int> through the generated shim against a hand-written internal
// call + JS_Call (bench/native/player_bench_raw.cpp); plus property get/set, struct argument and result and new
// object push, identity cache hit and object argument on this backend, against the raw JS -> C# call. Best of interleaved rounds, same run.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using ZTS;

namespace ZTS.PlayerBench
{
    /// <summary>The members the JS loops call.</summary>
    public static class Api
    {
        public static int Add(int a, int b) { return a + b; }
        public static Point Make(float x, float y) { return new Point { X = x, Y = y }; }
        public static Named Named(int n) { return new Named { Name = "n", N = n }; }
        public static float Sum(Point p) { return p.X + p.Y; }
        private static readonly Box SharedBox = new Box(7);
        public static Box Shared() { return SharedBox; }
        public static int Read(Box b) { return b.Value; }
    }

    /// <summary>A struct crossing by value.</summary>
    public struct Point
    {
        public float X;
        public float Y;
    }

    /// <summary>A Vector3-like struct for the Unity-style frame (bench/managed/Bench.cs has the same row).</summary>
    public struct V3
    {
        public float x, y, z;
        public V3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
        public static V3 Add(V3 a, V3 b) { return new V3(a.x + b.x, a.y + b.y, a.z + b.z); }
        public static V3 Scale(V3 a, float s) { return new V3(a.x * s, a.y * s, a.z * s); }
    }

    /// <summary>A game object with a position and a velocity (properties, as Unity's Transform.position).</summary>
    public class Entity
    {
        public V3 Position { get; set; }
        public V3 Velocity { get; set; }
        public Entity(float i) { Position = new V3(i, 0, 0); Velocity = new V3(1, 2, 3); }
    }

    /// <summary>An object with a property.</summary>
    public class Box
    {
        public Box(int v) { Value = v; }
        public int Value { get; set; }
    }

    /// <summary>A delegate type that is not public: bound to the build's shim of its signature (docs/PLAYER.md).</summary>
    internal delegate int InternalOp(int a, int b);

    /// <summary>A struct that holds a reference: on the Player a native copy in the core's rooted arena.</summary>
    public struct Named
    {
        /// <summary>The name (a reference the GC must see in the copy's bytes).</summary>
        public string Name;
        /// <summary>A number.</summary>
        public int N;
    }

    internal static class Program
    {
        [DllImport("zts_player_bench_raw")]
        private static extern int zts_bench_player_install(IntPtr ctx, IntPtr addMethod);

        [DllImport("zts_player_bench_raw")]
        private static extern int zts_bench_player_install_new(IntPtr ctx, IntPtr ctor);

        [DllImport("zts_player_bench_raw")]
        private static extern void zts_bench_player_release();

        // Bound by zts_bench_player_install; Mono resolves an internal call when it compiles the caller, so only
        // the NoInlining methods below call it, after the install.
        [MethodImpl(MethodImplOptions.InternalCall)]
        private static extern int RawCall(int a, int b);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int RawOnce(int a, int b) { return RawCall(a, b); }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int RawLoop() { int s = 0; for (int i = 0; i < N; i++) s += RawCall(i, 1); return s; }

        private const int N = 1000000;

        private static int Main()
        {
            var modules = new Dictionary<string, string>
            {
                ["bench"] =
                    "const { Api, Box } = CSharp.ZTS.PlayerBench;\n" +
                    "globalThis.jsAdd = (a, b) => a + b;\n" +
                    "export function add(a, b) { return a + b; }\n" +
                    "export function bridge(n) { let s = 0; for (let i = 0; i < n; i++) s += Api.Add(i, 1); return s | 0; }\n" +
                    "export function raw(n) { let s = 0; for (let i = 0; i < n; i++) s += Raw.Add(i, 1); return s | 0; }\n" +
                    "const box = new Box(1);\n" +
                    "export function prop(n) { let s = 0; for (let i = 0; i < n; i++) { box.Value = i; s += box.Value; } return s | 0; }\n" +
                    "export function structs(n) { let s = 0; for (let i = 0; i < n; i++) s += Api.Sum(Api.Make(i, 1)); return s | 0; }\n" +
                    "export function push(n) { let s = 0; for (let i = 0; i < n; i++) s += new Box(i) ? 1 : 0; return s | 0; }\n" +
                    "export function identity(n) { const held = Api.Shared(); let s = 0; for (let i = 0; i < n; i++) s += Api.Shared() === held ? 1 : 0; return s | 0; }\n" +
                    "export function objectArg(n) { let s = 0; for (let i = 0; i < n; i++) s += Api.Read(box); return s | 0; }\n" +
                    // push's baseline: its crossing as the raw call, plus the one JS object it makes
                    "export function rawPush(n) { let s = 0; for (let i = 0; i < n; i++) s += ({ v: Raw.Add(i, 1) }) ? 1 : 0; return s | 0; }\n" +
                    // the same with the constructor called by hand (a C# object allocated, nothing registered or pushed)
                    "export function rawNewPush(n) { let s = 0; for (let i = 0; i < n; i++) s += ({ v: Raw.New(i) }) ? 1 : 0; return s | 0; }\n" +
                    "export function fieldRead(n) { const v = Api.Make(1, 2); let s = 0; for (let i = 0; i < n; i++) s += v.X; return s | 0; }\n" +
                    "export function fieldReadJs(n) { const v = { X: 1, Y: 2 }; let s = 0; for (let i = 0; i < n; i++) s += v.X; return s | 0; }\n" +
                    "export function fieldWrite(n) { const v = Api.Make(1, 2); for (let i = 0; i < n; i++) v.X = i; return v.X | 0; }\n" +
                    "export function fieldWriteJs(n) { const v = { X: 1, Y: 2 }; for (let i = 0; i < n; i++) v.X = i; return v.X | 0; }\n" +
                    "const { V3, Entity } = CSharp.ZTS.PlayerBench;\n" +
                    "const es = []; for (let i = 0; i < 1000; i++) es.push(new Entity(i));\n" +
                    "const vadd = (a, b) => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });\n" +
                    "const vscale = (a, s) => ({ x: a.x * s, y: a.y * s, z: a.z * s });\n" +
                    "const js = []; for (let i = 0; i < 1000; i++) js.push({ Position: { x: i, y: 0, z: 0 }, Velocity: { x: 1, y: 2, z: 3 } });\n" +
                    "export function frames(n) { for (let f = 0; f < n; f++) for (let i = 0; i < es.length; i++) { const e = es[i]; e.Position = V3.Add(e.Position, V3.Scale(e.Velocity, 0.5)); } return es[1].Position.x | 0; }\n" +
                    "export function framesJs(n) { for (let f = 0; f < n; f++) for (let i = 0; i < js.length; i++) { const e = js[i]; e.Position = vadd(e.Position, vscale(e.Velocity, 0.5)); } return js[1].Position.x | 0; }\n",
            };
            TsAppDomain.Initialize(name => { string s; return modules.TryGetValue(name, out s) ? s : null; });
            var bridge = TsAppDomain.GetFunction<Func<int, int>>("bench", "bridge");
            var raw = TsAppDomain.GetFunction<Func<int, int>>("bench", "raw");
            var prop = TsAppDomain.GetFunction<Func<int, int>>("bench", "prop");
            var structs = TsAppDomain.GetFunction<Func<int, int>>("bench", "structs");
            var push = TsAppDomain.GetFunction<Func<int, int>>("bench", "push");
            var identity = TsAppDomain.GetFunction<Func<int, int>>("bench", "identity");
            var objectArg = TsAppDomain.GetFunction<Func<int, int>>("bench", "objectArg");
            var add = TsAppDomain.GetFunction<Func<int, int, int>>("bench", "add");
            var rawPush = TsAppDomain.GetFunction<Func<int, int>>("bench", "rawPush");
            var rawNewPush = TsAppDomain.GetFunction<Func<int, int>>("bench", "rawNewPush");
            var fieldRead = TsAppDomain.GetFunction<Func<int, int>>("bench", "fieldRead");
            var fieldReadJs = TsAppDomain.GetFunction<Func<int, int>>("bench", "fieldReadJs");
            var fieldWrite = TsAppDomain.GetFunction<Func<int, int>>("bench", "fieldWrite");
            var fieldWriteJs = TsAppDomain.GetFunction<Func<int, int>>("bench", "fieldWriteJs");
            var frames = TsAppDomain.GetFunction<Func<int, int>>("bench", "frames");
            var framesJs = TsAppDomain.GetFunction<Func<int, int>>("bench", "framesJs");
            IntPtr ctx = ZTS.Shared.JsDomain.ThreadDomain.Context;
            if (zts_bench_player_install(ctx, typeof(Api).GetMethod("Add").MethodHandle.Value) != 0)
            {
                Console.Error.WriteLine("player bench: the raw baselines could not be installed");
                return 1;
            }
            if (zts_bench_player_install_new(ctx, typeof(Box).GetConstructor(new[] { typeof(int) }).MethodHandle.Value) != 0)
            {
                Console.Error.WriteLine("player bench: the raw constructor could not be installed");
                return 1;
            }
            if (bridge(10) != raw(10) || add(2, 3) != RawOnce(2, 3) || identity(10) != 10 || objectArg(10) != 10) { Console.Error.WriteLine("player bench: results differ"); return 1; }

            double tBridge = double.MaxValue, tRaw = double.MaxValue, tFunc = double.MaxValue, tRawCall = double.MaxValue;
            double tProp = double.MaxValue, tStructs = double.MaxValue, tPush = double.MaxValue;
            double tIdentity = double.MaxValue, tObjectArg = double.MaxValue;
            double tRawNewPush = double.MaxValue;
            double tRawPush = double.MaxValue, tRead = double.MaxValue, tReadJs = double.MaxValue, tWrite = double.MaxValue, tWriteJs = double.MaxValue;
            double tFrame = double.MaxValue, tFrameJs = double.MaxValue;
            double tInternalCall = double.MaxValue, tInternalBind = double.MaxValue, tPublicBind = double.MaxValue;
            var internalAdd = TsAppDomain.GetFunction<InternalOp>("bench", "add");
            if (internalAdd(2, 3) != 5) { Console.Error.WriteLine("player bench: the internal delegate differs"); return 1; }
            const int Binds = 20000; // GetFunction per iteration: module lookup, closure, shim, delegate
            const int Frames = 100; // 1000 entities each
            for (int round = 0; round < 7; round++)
            {
                tRaw = Math.Min(tRaw, Time(() => raw(N)));
                tBridge = Math.Min(tBridge, Time(() => bridge(N)));
                tRawCall = Math.Min(tRawCall, Time(RawLoop));
                tFunc = Math.Min(tFunc, Time(() => { int s = 0; for (int i = 0; i < N; i++) s += add(i, 1); return s; }));
                tProp = Math.Min(tProp, Time(() => prop(N)) / 2); // a set and a get per iteration
                tStructs = Math.Min(tStructs, Time(() => structs(N)) / 2); // a struct result and a struct argument
                tPush = Math.Min(tPush, Time(() => push(N)));
                tIdentity = Math.Min(tIdentity, Time(() => identity(N)));
                tObjectArg = Math.Min(tObjectArg, Time(() => objectArg(N)));
                tRawPush = Math.Min(tRawPush, Time(() => rawPush(N)));
                tRawNewPush = Math.Min(tRawNewPush, Time(() => rawNewPush(N)));
                tRead = Math.Min(tRead, Time(() => fieldRead(N)));
                tReadJs = Math.Min(tReadJs, Time(() => fieldReadJs(N)));
                tWrite = Math.Min(tWrite, Time(() => fieldWrite(N)));
                tWriteJs = Math.Min(tWriteJs, Time(() => fieldWriteJs(N)));
                tFrame = Math.Min(tFrame, Time(() => frames(Frames)) * N / Frames);
                tFrameJs = Math.Min(tFrameJs, Time(() => framesJs(Frames)) * N / Frames);
                tInternalCall = Math.Min(tInternalCall, Time(() => { int s = 0; for (int i = 0; i < N; i++) s += internalAdd(i, 1); return s; }));
                tPublicBind = Math.Min(tPublicBind, Time(() => { int s = 0; for (int i = 0; i < Binds; i++) s += TsAppDomain.GetFunction<Func<int, int, int>>("bench", "add") != null ? 1 : 0; return s; }) * N / Binds);
                tInternalBind = Math.Min(tInternalBind, Time(() => { int s = 0; for (int i = 0; i < Binds; i++) s += TsAppDomain.GetFunction<InternalOp>("bench", "add") != null ? 1 : 0; return s; }) * N / Binds);
                TsFramePump.LateUpdate(); // release the pushed boxes
            }
            Report("player_js_to_csharp_add", tBridge, tRaw);
            Report("player_csharp_to_js_func_add", tFunc, tRawCall);
            Report("player_js_to_csharp_property_get_set", tProp, tRaw);
            Report("player_js_to_csharp_struct_arg_and_result", tStructs, tRaw);
            // Re-based: against the raw call plus the one JS object the push makes (it was the raw call alone).
            Report("player_js_to_csharp_new_object_push", tPush, tRawPush);
            // The same push against its constructor called by hand plus the JS object: what ZTS adds to making a C#
            // object (registry slot, identity index, exotic, release), the allocation and its GC not counted.
            Report("player_js_to_csharp_new_object_push_vs_raw_new", tPush, tRawNewPush);
            Report("player_js_struct_field_read", tRead, tReadJs);
            Report("player_js_struct_field_write", tWrite, tWriteJs);
            Report("player_unity_style_frame", tFrame, tFrameJs, "ns/frame");
            // A returned object JS still holds, found in the C++ identity cache; an object argument read
            // from the C++ slot table.
            Report("player_js_to_csharp_identity_cache_hit", tIdentity, tRaw);
            Report("player_js_to_csharp_object_argument", tObjectArg, tRaw);
            // A delegate type that is not public: its calls run the shim of its signature (the same body as a per-type
            // shim), bound once per delegate with Delegate.CreateDelegate, against GetFunction of a public Func.
            Report("player_csharp_to_js_internal_delegate_call", tInternalCall, tFunc);
            Report("player_getfunction_internal_delegate", tInternalBind, tPublicBind, "ns/bind");
            zts_bench_player_release();
            ArenaAfterReset(modules);
            return 0;
        }

        // What a Reset leaves of the rooted arena (native/core/clr/struct_arena.h): a full collection's time and the
        // process's RSS after 3e6 copies of a struct that holds references were made and the domain was Reset, against
        // the same before any copy. The arena keeps at most 16 chunks after a domain ends and gives the rest back to the
        // GC; before, every chunk stayed a GC root: 16 ms a collection and 76 MB of RSS after the Reset, against 0.6 ms
        // and 31 MB now (baselines 0.4 ms, 30 MB; 2026-12-06).
        private static void ArenaAfterReset(Dictionary<string, string> modules)
        {
            modules["arena"] = "const { Api } = CSharp.ZTS.PlayerBench;\n" +
                               "export function hold(n) { const a = new Array(n); for (let i = 0; i < n; i++) a[i] = Api.Named(i); globalThis.held = a; return a.length; }\n";
            Func<string, object> loader = name => { string s; return modules.TryGetValue(name, out s) ? s : null; };
            TsAppDomain.Reset(loader);
            TsFramePump.EndOfFrame(); // a Reset is applied at the end of the frame
            double gcBefore = GcMs();
            double rssBefore = RssMb();
            TsAppDomain.GetFunction<Func<int, int>>("arena", "hold")(3000000);
            TsAppDomain.Reset(loader);
            TsFramePump.EndOfFrame();
            GcMs(); // Boehm unmaps a free block after a few collections (GC_unmap_old): RSS as it settles
            double gcAfter = GcMs();
            double rssAfter = RssMb();
            Report("player_gc_after_reset_scanned_copies", gcAfter, gcBefore, "ms");
            Report("player_rss_after_reset_scanned_copies", rssAfter, rssBefore, "MB");
        }

        // The best of 5 full collections, in ms.
        private static double GcMs()
        {
            double best = double.MaxValue;
            for (int i = 0; i < 5; i++)
            {
                var sw = Stopwatch.StartNew();
                GC.Collect();
                GC.WaitForPendingFinalizers();
                best = Math.Min(best, sw.Elapsed.TotalMilliseconds);
            }
            return best;
        }

        // The process's resident set (VmRSS of /proc/self/status), in MB; 0 where there is none.
        private static double RssMb()
        {
            try
            {
                foreach (string line in System.IO.File.ReadAllLines("/proc/self/status"))
                    if (line.StartsWith("VmRSS:", StringComparison.Ordinal))
                        return double.Parse(line.Substring(6).Trim().Split(' ')[0]) / 1024;
            }
            catch (System.IO.IOException) { }
            return 0;
        }

        // ns per call of a loop of N calls.
        private static double Time(Func<int> loop)
        {
            var sw = Stopwatch.StartNew();
            loop();
            return sw.Elapsed.TotalMilliseconds * 1e6 / N;
        }

        // The CLR adapter the launcher runs on (ZTS_BENCH_CLR, set by tools/bench.sh): the Mono adapter's rows keep their
        // names, the Il2Cpp adapter's (over the stand-in, docs/PLAYER.md) end in _il2cpp_adapter, both in the same run.
        private static readonly string Suffix = Environment.GetEnvironmentVariable("ZTS_BENCH_CLR") == "il2cpp" ? "_il2cpp_adapter" : "";

        private static void Report(string name, double value, double baseline, string unit = "ns/call")
        {
            Console.WriteLine("bench {0}: {1:F1} {4} baseline {2:F1} ratio {3:F2} policy preemptive backend player", name + Suffix, value, baseline, value / baseline, unit);
        }
    }
}
