using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace ZTS.Bench.Targets
{
    /// <summary>Keeps JS functions alive as C# delegates (the delegate-cache scaling bench).</summary>
    public static class Keeper
    {
        private static readonly List<Func<int>> Kept = new List<Func<int>>();

        /// <summary>Holds f until Clear.</summary>
        public static void Keep(Func<int> f) { Kept.Add(f); }

        /// <summary>Drops every kept delegate.</summary>
        public static void Clear() { Kept.Clear(); }
    }
}

namespace ZTS.Bench
{
    public static partial class Program
    {
        // Issue 11: per-item costs that must stay O(1) amortized. Each row is the time for 100k items against ten
        // times the time for 10k (ratio ~1 is linear; the quadratic versions were 5-30x).
        private static void Scaling()
        {
            _jsModules["scaling"] =
                "import { Keeper } from 'csharp:ZTS.Bench.Targets';\n" +
                "export function keep(n) { for (let i = 0; i < n; i++) Keeper.Keep(() => i); }\n" +
                "export function reject(n) { for (let i = 0; i < n; i++) Promise.reject(new Error('r' + i)); }\n" +
                "export function hold(n) { globalThis.held = []; for (let i = 0; i < n; i++) globalThis.held.push(new CSharp.System.Object()); }\n" +
                "export function drop() { globalThis.held = null; }\n";
            var keep = TsAppDomain.GetFunction<Action<int>>("scaling", "keep");
            var reject = TsAppDomain.GetFunction<Action<int>>("scaling", "reject");
            var hold = TsAppDomain.GetFunction<Action<int>>("scaling", "hold");
            var drop = TsAppDomain.GetFunction<Action>("scaling", "drop");
            Action<TsLogLevel, string> sink = TsConsole.Sink;
            TsConsole.Sink = (level, text) => { };
            Func<int, double> delegates = count =>
            {
                var sw = Stopwatch.StartNew();
                keep(count);
                double ms = sw.Elapsed.TotalMilliseconds;
                ZTS.Bench.Targets.Keeper.Clear();
                GC.Collect();
                GC.WaitForPendingFinalizers();
                TsFramePump.LateUpdate();
                return ms;
            };
            Func<int, double> rejections = count =>
            {
                reject(count);
                var sw = Stopwatch.StartNew();
                TsFramePump.LateUpdate(); // reports (and drops) every unhandled rejection
                return sw.Elapsed.TotalMilliseconds;
            };
            Func<int, double> released = count =>
            {
                hold(count);
                var sw = Stopwatch.StartNew();
                drop(); // every exotic is finalized now; the pump frees their registry slots, 256 per native call
                TsFramePump.LateUpdate();
                return sw.Elapsed.TotalMilliseconds;
            };
            foreach (var row in new[] { Tuple.Create("delegates_keep_alive", delegates), Tuple.Create("unhandled_rejections_pump", rejections),
                                        Tuple.Create("released_objects_pump", released) })
            {
                row.Item2(10000); // warm-up
                double small = double.MaxValue, large = double.MaxValue;
                for (int r = 0; r < 3; r++)
                {
                    small = Math.Min(small, row.Item2(10000));
                    large = Math.Min(large, row.Item2(100000));
                }
                Report(row.Item1 + "_100k_vs_10x10k", large, "ms", 10 * small);
            }
            TsConsole.Sink = sink;
        }
    }
}
