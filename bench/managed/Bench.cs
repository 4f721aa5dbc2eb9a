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
    public static class Program
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
            return specifier == "bench" ? BenchModule : null;
        }

        public static int Main(string[] args)
        {
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
