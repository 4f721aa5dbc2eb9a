using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.InteropServices;
using ZTS;

namespace ZTS.Bench
{
    /// <summary>
    /// Benchmarks with baselines measured in the same run. One line per metric:
    /// <c>bench &lt;name&gt;: &lt;value&gt; &lt;unit&gt; [baseline &lt;value&gt; ratio &lt;r&gt;]</c>.
    /// Each timed loop runs in several rounds, interleaved with its baseline; the best round counts.
    /// </summary>
    public static partial class Program
    {
        [DllImport("zts_bench_baseline", CallingConvention = CallingConvention.Cdecl)]
        private static extern int bench_raw_prepare(IntPtr domain, string name);

        [DllImport("zts_bench_baseline", CallingConvention = CallingConvention.Cdecl)]
        private static extern void bench_raw_release();

        [DllImport("zts_bench_baseline", CallingConvention = CallingConvention.Cdecl)]
        private static extern int bench_raw_add(int a, int b);

        [DllImport("zts_bench_baseline", CallingConvention = CallingConvention.Cdecl)]
        private static extern long bench_raw_loop(int n);

        private const string BenchModule =
            "export function add(a, b) { return a + b; }\n" +
            "export function concat(a, b) { return a + b; }\n" +
            "export function tick(dt) { globalThis.t = (globalThis.t || 0) + dt; }\n" +
            "globalThis.benchAdd = add;\n";

        private static object Loader(string specifier)
        {
            if (specifier == "bench") return BenchModule;
            string source;
            return _jsModules.TryGetValue(specifier, out source) ? source : null;
        }

        public static int Main(string[] args)
        {
            if (args.Length > 0 && args[0] == "--hook-cost") return HookCost(2000000, 7);
            if (args.Length > 0 && args[0] == "--engine-cost") return EngineCost(1000000, 5);
            int n = args.Length > 0 ? int.Parse(args[0]) : 2000000;
            const int rounds = 7;

            var sw = Stopwatch.StartNew();
            TsAppDomain.Initialize(Loader);
            var add = TsAppDomain.GetFunction<Func<int, int, int>>("bench", "add");
            double firstInitMs = sw.Elapsed.TotalMilliseconds;
            if (add(2, 3) != 5) throw new Exception("bench: add is wrong");

            IntPtr domain = TsMonoAppDomain.Current.Domain.Handle;
            if (bench_raw_prepare(domain, "benchAdd") != 0) throw new Exception("bench: benchAdd missing");
            if (bench_raw_add(2, 3) != 5) throw new Exception("bench: raw add is wrong");

            double best = double.MaxValue, bestRaw = double.MaxValue, bestLoop = double.MaxValue;
            for (int r = 0; r < rounds; r++)
            {
                best = Math.Min(best, Time(n, () => { long s = 0; for (int i = 0; i < n; i++) s += add(i, 1); return s; }));
                bestRaw = Math.Min(bestRaw, Time(n, () => { long s = 0; for (int i = 0; i < n; i++) s += bench_raw_add(i, 1); return s; }));
                bestLoop = Math.Min(bestLoop, Time(n, () => bench_raw_loop(n)));
            }
            Report("csharp_to_js_add_int", best, "ns/call", bestRaw);
            Report("raw_quickjs_call_from_c", bestLoop, "ns/call");
            Report("raw_pinvoke_plus_js_call", bestRaw, "ns/call", bestLoop);

            var concat = TsAppDomain.GetFunction<Func<string, string, string>>("bench", "concat");
            var dyn = (Delegate)add;
            var tick = TsAppDomain.GetFunction<Action<float>>("bench", "tick");
            int m = n / 4;
            double bestConcat = double.MaxValue, bestDyn = double.MaxValue, bestTick = double.MaxValue;
            object[] dynArgs = { 1, 2 };
            for (int r = 0; r < rounds; r++)
            {
                bestConcat = Math.Min(bestConcat, Time(m, () => { long s = 0; for (int i = 0; i < m; i++) s += concat("ab", "cd").Length; return s; }));
                bestDyn = Math.Min(bestDyn, Time(m, () => { long s = 0; for (int i = 0; i < m; i++) s += (int)dyn.DynamicInvoke(dynArgs); return s; }));
                bestTick = Math.Min(bestTick, Time(m, () => { for (int i = 0; i < m; i++) tick(0.016f); return 0; }));
            }
            Report("csharp_to_js_string_concat", bestConcat, "ns/call"); // two strings in, one out: three extra P/Invokes
            Report("csharp_to_js_action_float_global_write", bestTick, "ns/call");
            Report("csharp_to_js_add_via_reflection_dynamicinvoke", bestDyn, "ns/call", best);
            bench_raw_release();

            JsToCSharp(n / 2, rounds);
            ValuesAndDelegates(n / 4, rounds);
            UnityStyleFrame(rounds);
            Collections(n / 4, rounds);
            Scaling();
            JsArrays(n / 8, rounds);
            PolicyCost(n / 2, 3 * rounds); // more rounds: two domains alternate, the best of each counts

            // Initialize + first GetFunction (warm process) and one Reset cycle, best of several.
            var initTimes = new List<double>();
            var resetTimes = new List<double>();
            for (int r = 0; r < 20; r++)
            {
                TsAppDomain.Shutdown();
                sw.Restart();
                TsAppDomain.Initialize(Loader);
                TsAppDomain.GetFunction<Func<int, int, int>>("bench", "add");
                initTimes.Add(sw.Elapsed.TotalMilliseconds);

                sw.Restart();
                TsAppDomain.Reset(Loader);
                TsFramePump.EndOfFrame();
                TsAppDomain.GetFunction<Func<int, int, int>>("bench", "add")(1, 2);
                resetTimes.Add(sw.Elapsed.TotalMilliseconds);
            }
            initTimes.Sort();
            resetTimes.Sort();
            Report("first_initialize_and_getfunction_cold", firstInitMs, "ms");
            Report("initialize_and_first_getfunction", initTimes[initTimes.Count / 2], "ms");
            Report("reset_cycle_and_rebind", resetTimes[resetTimes.Count / 2], "ms");
            long leaked = TsAppDomain.Shutdown();
            Report("quickjs_bytes_leaked_at_teardown", leaked, "bytes");
            return leaked == 0 ? 0 : 1;
        }

        // JS -> C#: loops in JS calling C#; each per-iteration time is against a same-run baseline.
        private static unsafe void JsToCSharp(int n, int rounds)
        {
            var runtime = TsMonoAppDomain.Current;
            ZTS.Shared.JsDomain d = runtime.Domain;
            // Baseline: a C function registered through the gate whose managed callback decodes the ints itself.
            d.DefineFunction("raw.add", 2, 0, (domain, thisVal, argc, argv, magic, data) =>
                ZTS.Shared.Native.JsValue.FromInt32(argv[0].Int32 + argv[1].Int32));
            // Naive reflection binding: the same gate, then MethodInfo.Invoke with an object[].
            System.Reflection.MethodInfo addInfo = typeof(ZTS.Bench.Targets.Calc).GetMethod("Add");
            d.DefineFunction("raw.reflect_add", 2, 0, (domain, thisVal, argc, argv, magic, data) =>
                ZTS.Shared.Native.JsValue.FromInt32((int)addInfo.Invoke(null, new object[] { argv[0].Int32, argv[1].Int32 })));
            const string module =
                "import { Calc } from 'csharp:ZTS.Bench.Targets';\n" +
                "export function add(n) { let s = 0; for (let i = 0; i < n; i++) s = Calc.Add(i, 1); return s; }\n" +
                "export function rawAdd(n) { let s = 0; const f = raw.add; for (let i = 0; i < n; i++) s = f(i, 1); return s; }\n" +
                "export function reflectAdd(n) { let s = 0; const f = raw.reflect_add; for (let i = 0; i < n; i++) s = f(i, 1); return s; }\n" +
                "export function empty(n) { let s = 0; const f = (a, b) => a + b; for (let i = 0; i < n; i++) s = f(i, 1); return s; }\n" +
                "export function propGetSet(n) { const p = Calc.Make(0); let s = 0; for (let i = 0; i < n; i++) { p.X = i; s += p.X; } return s; }\n" +
                "export function push(n) { let s = 0; for (let i = 0; i < n; i++) s += Calc.Make(i).X; return s; }\n" +
                // push's baseline: its two crossings as raw gated calls, plus the one JS object it makes
                "export function rawPush(n) { let s = 0; const f = raw.add; for (let i = 0; i < n; i++) { const o = { X: f(i, 0) }; s += f(o.X, 0); } return s; }\n" +
                "export function identity(n) { const held = Calc.Shared(); let s = 0; for (let i = 0; i < n; i++) s += (Calc.Shared() === held) ? 1 : 0; return s; }\n";
            _jsModules["jsbench"] = module;
            var add = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "add");
            var rawAdd = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "rawAdd");
            var reflectAdd = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "reflectAdd");
            var empty = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "empty");
            var prop = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "propGetSet");
            var push = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "push");
            var rawPush = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "rawPush");
            var identity = TsAppDomain.GetFunction<Func<int, double>>("jsbench", "identity");
            if (add(10) != 10 || rawAdd(10) != 10 || reflectAdd(10) != 10) throw new Exception("bench: JS -> C# add is wrong");
            double bAdd = double.MaxValue, bRaw = double.MaxValue, bReflect = double.MaxValue, bEmpty = double.MaxValue;
            double bProp = double.MaxValue, bPush = double.MaxValue, bIdentity = double.MaxValue;
            double bRawPush = double.MaxValue;
            int m = n / 4;
            for (int r = 0; r < rounds; r++)
            {
                bAdd = Math.Min(bAdd, Time(n, () => (long)add(n)));
                bRaw = Math.Min(bRaw, Time(n, () => (long)rawAdd(n)));
                bEmpty = Math.Min(bEmpty, Time(n, () => (long)empty(n)));
                bReflect = Math.Min(bReflect, Time(m, () => (long)reflectAdd(m)));
                bProp = Math.Min(bProp, Time(m, () => (long)prop(m)));
                bPush = Math.Min(bPush, Time(m, () => { long s = (long)push(m); TsFramePump.LateUpdate(); return s; }));
                bRawPush = Math.Min(bRawPush, Time(m, () => (long)rawPush(m)));
                bIdentity = Math.Min(bIdentity, Time(m, () => (long)identity(m)));
            }
            Report("js_to_csharp_static_add_int", bAdd, "ns/call", bRaw);
            Report("js_to_js_call_in_loop", bEmpty, "ns/call");
            Report("js_to_csharp_gated_raw_add_int", bRaw, "ns/call");
            Report("js_to_csharp_reflection_invoke_add", bReflect, "ns/call", bAdd);
            // Both share the gate's reverse P/Invoke; what each binding adds on top of the raw gated call:
            Report("js_to_csharp_binding_overhead_reflection_vs_emitted", bReflect - bRaw, "ns/call", Math.Max(bAdd - bRaw, 0.01));
            Report("js_to_csharp_property_set_plus_get", bProp, "ns/iteration", 2 * bRaw);
            // Re-based: the baseline is the raw gated calls the loop makes (Make and the X getter) plus one JS object
            // allocation, so the ratio is what the push itself adds (it was one raw call, which left the getter and the
            // object in the ratio).
            Report("js_to_csharp_new_object_push", bPush, "ns/call", bRawPush);
            Report("js_to_csharp_identity_cache_hit", bIdentity, "ns/call", bRaw);
        }

        // Structs (3 floats), delegates in both directions, opaque ref write-back; each against a same-run baseline.
        private static readonly ZTS.Bench.Targets.Vec3f RawVec = new ZTS.Bench.Targets.Vec3f(1, 1, 2);

        private static unsafe void ValuesAndDelegates(int n, int rounds)
        {
            // The struct rows' C# work called by hand from raw gated functions, as the Player's _vs_raw_new counts the
            // constructor: Sum of a struct passed by value (Mono copies it and passes it in two registers, as the bridge
            // does), and Make with one field of its result. Against them the struct rows show what ZTS adds to the call.
            ZTS.Shared.JsDomain domain = TsMonoAppDomain.Current.Domain;
            domain.DefineFunction("raw.sum", 1, 0, (dd, thisVal, argc, argv, magic, data) =>
                ZTS.Shared.Native.JsValue.FromDouble(ZTS.Bench.Targets.Values.Sum(RawVec)));
            domain.DefineFunction("raw.make", 1, 0, (dd, thisVal, argc, argv, magic, data) =>
                ZTS.Shared.Native.JsValue.FromDouble(ZTS.Bench.Targets.Values.Make(argv[0].Int32).Y));
            _jsModules["values"] =
                "import { Values, Vec3f } from 'csharp:ZTS.Bench.Targets';\n" +
                "export function structIn(n) { const v = Values.Make(1); let s = 0; for (let i = 0; i < n; i++) s += Values.Sum(v); return s; }\n" +
                "export function structInInlined(n) { const v = Values.Make(1); let s = 0; for (let i = 0; i < n; i++) s += Values.SumInlined(v); return s; }\n" +
                "export function structOut(n) { let s = 0; for (let i = 0; i < n; i++) s += Values.Make(i) ? 1 : 0; return s; }\n" +
                "export function tableIn(n) { const v = { X: 1, Y: 1, Z: 2 }; let s = 0; for (let i = 0; i < n; i++) s += Values.SumTable(v); return s; }\n" +
                "export function tableOut(n) { let s = 0; for (let i = 0; i < n; i++) s += Values.MakeTable(i).Z; return s; }\n" +
                "export function rawAdd(n) { let s = 0; const f = raw.add; for (let i = 0; i < n; i++) s = f(i, 1); return s; }\n" +
                "export function rawSum(n) { const v = Values.Make(1); let s = 0; const f = raw.sum; for (let i = 0; i < n; i++) s += f(v); return s; }\n" +
                "export function rawMake(n) { let s = 0; const f = raw.make; for (let i = 0; i < n; i++) s += f(i) ? 1 : 0; return s; }\n" +
                "export function csDelegate(n) { const d = Values.Doubler(); let s = 0; for (let i = 0; i < n; i++) s = d(i); return s; }\n" +
                "export function maker() { return x => x + 1; }\n" +
                "export function plus(a, b) { return a + b; }\n" +
                "export function acc(total, add) { zts.opaque_set(total, zts.opaque_get(total) + add); }\n" +
                // Fields of a JS-held struct copy against the same loops over a JS object (10-LIFETIME §3.1: the core
                // reads and writes the copy's bytes).
                "export function fieldRead(n) { const v = Values.Make(1); let s = 0; for (let i = 0; i < n; i++) s += v.X; return s; }\n" +
                "export function fieldReadJs(n) { const v = { X: 1, Y: 1, Z: 2 }; let s = 0; for (let i = 0; i < n; i++) s += v.X; return s; }\n" +
                "export function fieldWrite(n) { const v = Values.Make(1); for (let i = 0; i < n; i++) v.X = i; return v.X; }\n" +
                "export function fieldWriteJs(n) { const v = { X: 1, Y: 1, Z: 2 }; for (let i = 0; i < n; i++) v.X = i; return v.X; }\n";
            var structIn = TsAppDomain.GetFunction<Func<int, double>>("values", "structIn");
            var structOut = TsAppDomain.GetFunction<Func<int, double>>("values", "structOut");
            var tableIn = TsAppDomain.GetFunction<Func<int, double>>("values", "tableIn");
            var tableOut = TsAppDomain.GetFunction<Func<int, double>>("values", "tableOut");
            var rawAdd = TsAppDomain.GetFunction<Func<int, double>>("values", "rawAdd");
            var structInInlined = TsAppDomain.GetFunction<Func<int, double>>("values", "structInInlined");
            var rawSum = TsAppDomain.GetFunction<Func<int, double>>("values", "rawSum");
            var rawMake = TsAppDomain.GetFunction<Func<int, double>>("values", "rawMake");
            if (rawSum(2) != structIn(2) || structInInlined(2) != structIn(2) || rawMake(2) != structOut(2)) throw new Exception("bench: raw struct calls differ");
            var csDelegate = TsAppDomain.GetFunction<Func<int, double>>("values", "csDelegate");
            Func<int, int> jsFunction = TsAppDomain.GetFunction<Func<Func<int, int>>>("values", "maker")();
            var plus = TsAppDomain.GetFunction<Func<int, int, int>>("values", "plus");
            var acc = TsAppDomain.GetFunction<ZTS.Bench.Targets.Accumulate>("values", "acc");
            var fieldRead = TsAppDomain.GetFunction<Func<int, double>>("values", "fieldRead");
            var fieldReadJs = TsAppDomain.GetFunction<Func<int, double>>("values", "fieldReadJs");
            var fieldWrite = TsAppDomain.GetFunction<Func<int, double>>("values", "fieldWrite");
            var fieldWriteJs = TsAppDomain.GetFunction<Func<int, double>>("values", "fieldWriteJs");
            if (fieldRead(3) != 3 || fieldWrite(3) != 2) throw new Exception("bench: struct fields are wrong");
            double bRead = double.MaxValue, bReadJs = double.MaxValue, bWrite = double.MaxValue, bWriteJs = double.MaxValue;
            int total = 0;
            acc(ref total, 2);
            if (total != 2 || jsFunction(1) != 2 || csDelegate(3) != 4) throw new Exception("bench: values are wrong");
            double bStructIn = double.MaxValue, bStructOut = double.MaxValue, bTableIn = double.MaxValue, bTableOut = double.MaxValue;
            double bRawSum = double.MaxValue, bRawMake = double.MaxValue, bStructInInlined = double.MaxValue;
            double bRaw = double.MaxValue, bCsDelegate = double.MaxValue, bJsFunction = double.MaxValue, bPlus = double.MaxValue, bAcc = double.MaxValue;
            for (int r = 0; r < rounds; r++)
            {
                bRaw = Math.Min(bRaw, Time(n, () => (long)rawAdd(n)));
                bStructIn = Math.Min(bStructIn, Time(n, () => (long)structIn(n)));
                bStructOut = Math.Min(bStructOut, Time(n, () => { long s = (long)structOut(n); TsFramePump.LateUpdate(); return s; }));
                bStructInInlined = Math.Min(bStructInInlined, Time(n, () => (long)structInInlined(n)));
                bRawSum = Math.Min(bRawSum, Time(n, () => (long)rawSum(n)));
                bRawMake = Math.Min(bRawMake, Time(n, () => (long)rawMake(n)));
                bTableIn = Math.Min(bTableIn, Time(n, () => (long)tableIn(n)));
                bTableOut = Math.Min(bTableOut, Time(n, () => (long)tableOut(n)));
                bCsDelegate = Math.Min(bCsDelegate, Time(n, () => (long)csDelegate(n)));
                bPlus = Math.Min(bPlus, Time(n, () => { long s = 0; for (int i = 0; i < n; i++) s += plus(i, 1); return s; }));
                bJsFunction = Math.Min(bJsFunction, Time(n, () => { long s = 0; for (int i = 0; i < n; i++) s += jsFunction(i); return s; }));
                bAcc = Math.Min(bAcc, Time(n, () => { int t = 0; for (int i = 0; i < n; i++) acc(ref t, 1); return t; }));
                bRead = Math.Min(bRead, Time(n, () => (long)fieldRead(n)));
                bReadJs = Math.Min(bReadJs, Time(n, () => (long)fieldReadJs(n)));
                bWrite = Math.Min(bWrite, Time(n, () => (long)fieldWrite(n)));
                bWriteJs = Math.Min(bWriteJs, Time(n, () => (long)fieldWriteJs(n)));
            }
            Report("js_struct_field_read", bRead, "ns/iteration", bReadJs);
            Report("js_struct_field_write", bWrite, "ns/iteration", bWriteJs);
            Report("js_to_csharp_struct_byval_argument", bStructIn, "ns/call", bRaw);
            Report("js_to_csharp_struct_byval_result", bStructOut, "ns/call", bRaw);
            Report("js_to_csharp_struct_byval_argument_vs_raw_sum", bStructIn, "ns/call", bRawSum);
            // The same call of a callee Mono inlines into the bridge (under its 20-byte IL limit, or marked
            // AggressiveInlining): no by-value struct hand-over, whose copy and register loads are most of what
            // js_to_csharp_struct_byval_argument has over the raw add (docs/ARCHITECTURE.md, "Structs").
            Report("js_to_csharp_struct_byval_argument_inlined_callee", bStructInInlined, "ns/call", bRaw);
            Report("js_to_csharp_struct_byval_result_vs_raw_make", bStructOut, "ns/call", bRawMake);
            Report("js_to_csharp_struct_table_argument", bTableIn, "ns/call", bRaw);
            Report("js_to_csharp_struct_table_result", bTableOut, "ns/call", bRaw);
            Report("js_to_csharp_delegate_invoke", bCsDelegate, "ns/call", bRaw);
            Report("csharp_to_js_function_as_delegate", bJsFunction, "ns/call", bPlus);
            Report("csharp_to_js_opaque_ref_writeback", bAcc, "ns/call", bPlus);
        }

        /// <summary>The Unity-style frame source (shared with bench/player/PlayerBench.cs by copy of the same text): 1000
        /// entities, each `e.Position = V3.Add(e.Position, V3.Scale(e.Velocity, dt))` through C#, against the same frame
        /// over JS objects and JS functions.</summary>
        public const string FrameModule =
            "import { V3, Entity } from 'csharp:ZTS.Bench.Targets';\n" +
            "const es = []; for (let i = 0; i < 1000; i++) es.push(new Entity(i));\n" +
            "const add = (a, b) => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });\n" +
            "const scale = (a, s) => ({ x: a.x * s, y: a.y * s, z: a.z * s });\n" +
            "const js = []; for (let i = 0; i < 1000; i++) js.push({ Position: { x: i, y: 0, z: 0 }, Velocity: { x: 1, y: 2, z: 3 } });\n" +
            "export function frames(n) { for (let f = 0; f < n; f++) for (let i = 0; i < es.length; i++) { const e = es[i]; e.Position = V3.Add(e.Position, V3.Scale(e.Velocity, 0.5)); } return es[1].Position.x; }\n" +
            "export function framesJs(n) { for (let f = 0; f < n; f++) for (let i = 0; i < js.length; i++) { const e = js[i]; e.Position = add(e.Position, scale(e.Velocity, 0.5)); } return js[1].Position.x; }\n";

        // ns per frame of 1000 entities (5 crossings each: two property reads, two calls, one property write).
        private static void UnityStyleFrame(int rounds)
        {
            _jsModules["frame"] = FrameModule;
            var frames = TsAppDomain.GetFunction<Func<int, double>>("frame", "frames");
            var framesJs = TsAppDomain.GetFunction<Func<int, double>>("frame", "framesJs");
            if (frames(2) != 2 || framesJs(2) != 2) throw new Exception("bench: the frame is wrong");
            const int n = 100;
            double b = double.MaxValue, bJs = double.MaxValue;
            for (int r = 0; r < rounds; r++)
            {
                b = Math.Min(b, Time(n, () => { long s = (long)frames(n); TsFramePump.LateUpdate(); return s; }));
                bJs = Math.Min(bJs, Time(n, () => (long)framesJs(n)));
            }
            Report("unity_style_frame", b, "ns/frame", bJs);
        }

        private static readonly System.Collections.Generic.Dictionary<string, string> _jsModules =
            new System.Collections.Generic.Dictionary<string, string>();

        private static double Time(int n, Func<long> body)
        {
            GC.Collect();
            var sw = Stopwatch.StartNew();
            long sink = body();
            double ns = sw.Elapsed.TotalMilliseconds * 1e6 / n;
            if (sink == 42) Console.Write(""); // keep the result alive
            return ns;
        }

        private static void Report(string name, double value, string unit, double baseline = double.NaN)
        {
            if (double.IsNaN(baseline))
                Console.WriteLine("bench {0}: {1:F2} {2}", name, value, unit);
            else
                Console.WriteLine("bench {0}: {1:F2} {2} baseline {3:F2} ratio {4:F3}", name, value, unit, baseline, value / baseline);
        }
    }
}
