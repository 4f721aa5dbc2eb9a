using System;
using ZTS;

namespace ZTS.Bench
{
    public static partial class Program
    {
        /// <summary>
        /// <c>ZTS.Bench.exe --engine-cost</c>: one interop row per QuickJS accelerator patch (tools/patches/README.md), printed
        /// as <c>enginecost &lt;row&gt; &lt;ns&gt;</c>. tools/bench.sh runs it alternately over the core on ZTS's patched
        /// QuickJS (build/) and on stock QuickJS (build-stock/, -DZTS_QUICKJS_PATCHES=OFF: each accelerator on its fallback,
        /// native/core/runtime/quickjs_seam.h) and prints the <c>stock_vs_patched_*</c> rows: same process kind, same
        /// loops (those of the rows of the same names in the full run), only libzts differs.
        /// </summary>
        private static int EngineCost(int n, int rounds)
        {
            TsAppDomain.Initialize(Loader);
            var add = TsAppDomain.GetFunction<Func<int, int, int>>("bench", "add");
            var concat = TsAppDomain.GetFunction<Func<string, string, string>>("bench", "concat");
            _jsModules["enginecost"] =
                "import { Arrays, Values } from 'csharp:ZTS.Bench.Targets';\n" +
                "const js16 = Array.from({ length: 16 }, (_, i) => i);\n" +
                "export function jsArray(n) { let s = 0; for (let i = 0; i < n; i++) s += Arrays.Sum(js16); return s; }\n" +
                "export function structOut(n) { let s = 0; for (let i = 0; i < n; i++) s += Values.Make(i) ? 1 : 0; return s; }\n" +
                "export function tableOut(n) { let s = 0; for (let i = 0; i < n; i++) s += Values.MakeTable(i).Z; return s; }\n" +
                "export function acc(total, add) { zts.opaque_set(total, zts.opaque_get(total) + add); }\n";
            var jsArray = TsAppDomain.GetFunction<Func<int, double>>("enginecost", "jsArray");
            var structOut = TsAppDomain.GetFunction<Func<int, double>>("enginecost", "structOut");
            var tableOut = TsAppDomain.GetFunction<Func<int, double>>("enginecost", "tableOut");
            var acc = TsAppDomain.GetFunction<ZTS.Bench.Targets.Accumulate>("enginecost", "acc");
            int check = 0;
            acc(ref check, 2);
            if (add(2, 3) != 5 || jsArray(2) != 240 || structOut(2) != 2 || check != 2)
                throw new Exception("bench: engine-cost functions are wrong");
            if (concat("ab", "cd") != "abcd") throw new Exception("bench: engine-cost concat is wrong");
            double bConcat = double.MaxValue;
            double bAdd = double.MaxValue, bArray = double.MaxValue, bStruct = double.MaxValue, bTable = double.MaxValue,
                bAcc = double.MaxValue;
            for (int r = 0; r < rounds; r++)
            {
                bAdd = Math.Min(bAdd, Time(n, () => { long s = 0; for (int i = 0; i < n; i++) s += add(i, 1); return s; }));
                // Two strings in: reference-counted arguments, whose second copy call-own-args saves.
                bConcat = Math.Min(bConcat, Time(n / 4, () => { long s = 0; for (int i = 0; i < n / 4; i++) s += concat("ab", "cd").Length; return s; }));
                bArray = Math.Min(bArray, Time(n, () => (long)jsArray(n)));
                bStruct = Math.Min(bStruct, Time(n, () => { long s = (long)structOut(n); TsFramePump.LateUpdate(); return s; }));
                bTable = Math.Min(bTable, Time(n, () => (long)tableOut(n)));
                bAcc = Math.Min(bAcc, Time(n, () => { int t = 0; for (int i = 0; i < n; i++) acc(ref t, 1); return t; }));
            }
            // Row, then the patch whose fallback it measures (tools/patches/quickjs-<patch>.patch).
            Console.WriteLine("enginecost csharp_to_js_add_int {0:F3} call-own-args", bAdd);
            Console.WriteLine("enginecost csharp_to_js_string_concat {0:F3} call-own-args", bConcat);
            Console.WriteLine("enginecost js_to_csharp_js_array_16_int_argument {0:F3} fast-array-elements", bArray);
            Console.WriteLine("enginecost js_to_csharp_struct_byval_result {0:F3} same-shape+unobserved-object", bStruct);
            Console.WriteLine("enginecost js_to_csharp_struct_table_result {0:F3} object-from-model", bTable);
            Console.WriteLine("enginecost csharp_to_js_opaque_ref_writeback {0:F3} unobserved-object", bAcc);
            return TsAppDomain.Shutdown() == 0 ? 0 : 1;
        }
    }
}
