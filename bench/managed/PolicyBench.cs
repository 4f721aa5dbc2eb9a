using System;

namespace ZTS.Bench
{
    public static partial class Program
    {
        private const string PolicyModule =
            "import { Calc } from 'csharp:ZTS.Bench.Targets';\n" +
            "export function add(n) { let s = 0; for (let i = 0; i < n; i++) s = Calc.Add(i, 1); return s; }\n" +
            "export function push(n) { let s = 0; for (let i = 0; i < n; i++) s += Calc.Make(i).X; return s; }\n";

        // The script policy is checked at bind and push time, never per call. Each round times the same JS ->
        // C# loops in a domain without a policy and in one under a policy (a fresh domain each, through Reset; bound
        // before timing), interleaved; the best round of each counts.
        private static void PolicyCost(int n, int rounds)
        {
            TsScriptPolicy policy = TsScriptPolicyFile.Parse(
                "allow namespace ZTS.Bench.Targets\nallow namespace System\ndeny member ZTS.Bench.Targets.Values.Doubler\n", "bench");
            _jsModules["policybench"] = PolicyModule;
            double bAdd = double.MaxValue, bAddPolicy = double.MaxValue, bPush = double.MaxValue, bPushPolicy = double.MaxValue;
            int m = n / 4;
            for (int r = 0; r < rounds; r++)
            {
                for (int k = 0; k < 2; k++)
                {
                    int withPolicy = (r + k) % 2; // which domain goes first alternates: no order bias
                    TsSettings.Policy = withPolicy == 1 ? policy : null;
                    TsAppDomain.Reset(Loader);
                    TsFramePump.EndOfFrame();
                    var add = TsAppDomain.GetFunction<Func<int, double>>("policybench", "add");
                    var push = TsAppDomain.GetFunction<Func<int, double>>("policybench", "push");
                    if (add(10) != 10 || push(3) != 3) throw new Exception("bench: policy add/push is wrong");
                    double a = Time(n, () => (long)add(n));
                    double p = Time(m, () => { long s = (long)push(m); TsFramePump.LateUpdate(); return s; });
                    if (withPolicy == 1)
                    {
                        bAddPolicy = Math.Min(bAddPolicy, a);
                        bPushPolicy = Math.Min(bPushPolicy, p);
                    }
                    else
                    {
                        bAdd = Math.Min(bAdd, a);
                        bPush = Math.Min(bPush, p);
                    }
                }
            }
            TsSettings.Policy = null;
            Report("js_to_csharp_static_add_int_policy", bAddPolicy, "ns/call", bAdd);
            Report("js_to_csharp_new_object_push_policy", bPushPolicy, "ns/call", bPush);
        }
    }
}
