using System;

namespace ZTS.Bench
{
    public static partial class Program
    {
        // A JS array of 16 ints passed to an int[] parameter (a copy) against the same call with a
        // C# Int32[] made once (passed as itself), same run.
        private static void JsArrays(int n, int rounds)
        {
            _jsModules["jsarrays"] =
                "import { Arrays, Collections } from 'csharp:ZTS.Bench.Targets';\n" +
                "const js16 = Array.from({ length: 16 }, (_, i) => i);\n" +
                "const cs16 = Collections.Array(16);\n" +
                "export function jsArray(n) { let s = 0; for (let i = 0; i < n; i++) s += Arrays.Sum(js16); return s; }\n" +
                "export function csArray(n) { let s = 0; for (let i = 0; i < n; i++) s += Arrays.Sum(cs16); return s; }\n";
            var jsArray = TsAppDomain.GetFunction<Func<int, double>>("jsarrays", "jsArray");
            var csArray = TsAppDomain.GetFunction<Func<int, double>>("jsarrays", "csArray");
            if (jsArray(2) != 240 || csArray(2) != 240) throw new Exception("bench: array sums are wrong");
            double bJs = double.MaxValue, bCs = double.MaxValue;
            for (int r = 0; r < rounds; r++)
            {
                bCs = Math.Min(bCs, Time(n, () => (long)csArray(n)));
                bJs = Math.Min(bJs, Time(n, () => (long)jsArray(n)));
            }
            Report("js_to_csharp_js_array_16_int_argument", bJs, "ns/call", bCs);
        }
    }
}

namespace ZTS.Bench.Targets
{
    /// <summary>Array parameters of the JS array benchmark.</summary>
    public static class Arrays
    {
        public static int Sum(int[] values)
        {
            int s = 0;
            for (int i = 0; i < values.Length; i++) s += values[i];
            return s;
        }
    }
}
