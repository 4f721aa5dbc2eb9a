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
        // Per-item costs that must stay O(1) amortized. Each row is the time for 100k items against ten
        // times the time for 10k (ratio ~1 is linear; the quadratic versions were 5-30x).
        private static void Scaling()
        {
            _jsModules["scaling"] =
                "import { Keeper } from 'csharp:ZTS.Bench.Targets';\n" +
                "export function keep(n) { for (let i = 0; i < n; i++) Keeper.Keep(() => i); }\n" +
                "export function reject(n) { for (let i = 0; i < n; i++) Promise.reject(new Error('r' + i)); }\n" +
                "export function hold(n) { globalThis.held = []; for (let i = 0; i < n; i++) globalThis.held.push(new CSharp.System.Object()); }\n" +
                "export function drop() { globalThis.held = null; }\n" +
                "export function timeouts(n) { for (let i = 0; i < n; i++) setTimeout(() => {}, 0); }\n" +
                "export function intervals(n) { globalThis.ids = []; for (let i = 0; i < n; i++) ids.push(setInterval(() => {}, 0)); }\n" +
                "export function clearIntervals() { for (const id of globalThis.ids) clearInterval(id); }\n";
            var keep = TsAppDomain.GetFunction<Action<int>>("scaling", "keep");
            var reject = TsAppDomain.GetFunction<Action<int>>("scaling", "reject");
            var hold = TsAppDomain.GetFunction<Action<int>>("scaling", "hold");
            var drop = TsAppDomain.GetFunction<Action>("scaling", "drop");
            var timeouts = TsAppDomain.GetFunction<Action<int>>("scaling", "timeouts");
            var intervals = TsAppDomain.GetFunction<Action<int>>("scaling", "intervals");
            var clearIntervals = TsAppDomain.GetFunction<Action>("scaling", "clearIntervals");
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
            // Timers (native/core/globals/timers.h): one LateUpdate running n setTimeout(0) (the scan per run it replaced took
            // 404 ms for 10k and 48.5 s for 100k), and one frame of n setInterval(0) (0.8-1.3 s for 10k).
            Func<int, double> timeoutPass = count =>
            {
                timeouts(count);
                var sw = Stopwatch.StartNew();
                TsFramePump.LateUpdate();
                return sw.Elapsed.TotalMilliseconds;
            };
            Func<int, double> intervalFrame = count =>
            {
                intervals(count);
                TsFramePump.LateUpdate(); // the first pass
                var sw = Stopwatch.StartNew();
                TsFramePump.LateUpdate();
                double ms = sw.Elapsed.TotalMilliseconds;
                clearIntervals();
                return ms;
            };
            foreach (var row in new[] { Tuple.Create("delegates_keep_alive", delegates), Tuple.Create("unhandled_rejections_pump", rejections),
                                        Tuple.Create("released_objects_pump", released), Tuple.Create("settimeout0_one_lateupdate", timeoutPass),
                                        Tuple.Create("setinterval0_one_frame", intervalFrame) })
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
