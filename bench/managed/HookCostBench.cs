using System;
using ZTS;

namespace ZTS.Bench
{
    public static partial class Program
    {
        /// <summary>
        /// <c>ZTS.Bench.exe --hook-cost</c>: the rows the debugger hook could slow while no debugger is attached, printed
        /// as <c>hookcost &lt;row&gt; &lt;ns&gt;</c>. tools/bench.sh runs it alternately over the core with the hook
        /// (build/) and the core built without it (build-nohook/, -DZTS_DEBUGGER=OFF) and prints the
        /// <c>debugger_detached_*</c> rows: same process kind, same loops, only libzts differs.
        /// </summary>
        private static int HookCost(int n, int rounds)
        {
            TsAppDomain.Initialize(Loader);
            var add = TsAppDomain.GetFunction<Func<int, int, int>>("bench", "add");
            var runtime = TsMonoAppDomain.Current;
            ZTS.Shared.JsDomain d = runtime.Domain;
            _jsModules["hookcost"] =
                "import { Calc } from 'csharp:ZTS.Bench.Targets';\n" +
                "export function add(n) { let s = 0; for (let i = 0; i < n; i++) s = Calc.Add(i, 1); return s; }\n" +
                "export function empty(n) { let s = 0; const f = (a, b) => a + b; for (let i = 0; i < n; i++) s = f(i, 1); return s; }\n";
            var jsAdd = TsAppDomain.GetFunction<Func<int, double>>("hookcost", "add");
            var empty = TsAppDomain.GetFunction<Func<int, double>>("hookcost", "empty");
            if (add(2, 3) != 5 || jsAdd(10) != 10 || empty(10) != 10) throw new Exception("bench: hook-cost functions are wrong");
            double bToJs = double.MaxValue, bToCs = double.MaxValue, bEmpty = double.MaxValue;
            for (int r = 0; r < rounds; r++)
            {
                bToJs = Math.Min(bToJs, Time(n, () => { long s = 0; for (int i = 0; i < n; i++) s += add(i, 1); return s; }));
                bToCs = Math.Min(bToCs, Time(n, () => (long)jsAdd(n)));
                bEmpty = Math.Min(bEmpty, Time(n, () => (long)empty(n)));
            }
            Console.WriteLine("hookcost csharp_to_js_add_int {0:F3}", bToJs);
            Console.WriteLine("hookcost js_to_csharp_static_add_int {0:F3}", bToCs);
            Console.WriteLine("hookcost js_to_js_call_in_loop {0:F3}", bEmpty);
            return TsAppDomain.Shutdown() == 0 ? 0 : 1;
        }
    }
}
