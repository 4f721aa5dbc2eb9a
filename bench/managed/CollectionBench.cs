using System;

namespace ZTS.Bench
{
    public static partial class Program
    {
        // Iterating C# collections from JS (for...of over GetEnumerator/MoveNext/Current, or Array.prototype.values
        // over a C# array) against an index loop over the same array and a plain JS array, same run.
        private static void Collections(int n, int rounds)
        {
            _jsModules["collections"] =
                "import { Collections } from 'csharp:ZTS.Bench.Targets';\n" +
                "let list, array; const js = [];\n" +
                "export function setup(n) { list = Collections.List(n); array = Collections.Array(n); for (let i = 0; i < n; i++) js.push(i); }\n" +
                "export function listForOf() { let s = 0; for (const x of list) s += x; return s; }\n" +
                "export function arrayForOf() { let s = 0; for (const x of array) s += x; return s; }\n" +
                "export function arrayIndex() { let s = 0; for (let i = 0; i < array.length; i++) s += array[i]; return s; }\n" +
                "export function listGetItem() { let s = 0; const c = list.Count; for (let i = 0; i < c; i++) s += list.get_Item(i); return s; }\n" +
                "export function jsForOf() { let s = 0; for (const x of js) s += x; return s; }\n" +
                "export function release() { list = null; array = null; js.length = 0; }\n";
            int size = Math.Max(1000, n / 10);
            TsAppDomain.GetFunction<Action<int>>("collections", "setup")(size);
            var listForOf = TsAppDomain.GetFunction<Func<double>>("collections", "listForOf");
            var arrayForOf = TsAppDomain.GetFunction<Func<double>>("collections", "arrayForOf");
            var arrayIndex = TsAppDomain.GetFunction<Func<double>>("collections", "arrayIndex");
            var listGetItem = TsAppDomain.GetFunction<Func<double>>("collections", "listGetItem");
            var jsForOf = TsAppDomain.GetFunction<Func<double>>("collections", "jsForOf");
            double expected = (double)size * (size - 1) / 2;
            foreach (var f in new[] { listForOf, arrayForOf, arrayIndex, listGetItem, jsForOf })
                if (f() != expected) throw new Exception("bench: a collection sum is wrong");
            double bList = double.MaxValue, bArray = double.MaxValue, bIndex = double.MaxValue, bGetItem = double.MaxValue, bJs = double.MaxValue;
            for (int r = 0; r < rounds; r++)
            {
                bIndex = Math.Min(bIndex, Time(size, () => (long)arrayIndex()));
                bList = Math.Min(bList, Time(size, () => (long)listForOf()));
                bArray = Math.Min(bArray, Time(size, () => (long)arrayForOf()));
                bGetItem = Math.Min(bGetItem, Time(size, () => (long)listGetItem()));
                bJs = Math.Min(bJs, Time(size, () => (long)jsForOf()));
            }
            TsAppDomain.GetFunction<Action>("collections", "release")();
            Report("js_for_of_csharp_list_int", bList, "ns/element", bIndex);
            Report("js_for_of_csharp_int_array", bArray, "ns/element", bIndex);
            Report("js_index_loop_csharp_int_array", bIndex, "ns/element");
            Report("js_get_item_loop_csharp_list_int", bGetItem, "ns/element", bIndex);
            Report("js_for_of_js_array", bJs, "ns/element");
        }
    }
}

namespace ZTS.Bench.Targets
{
    /// <summary>Collections the iteration benchmarks walk.</summary>
    public static class Collections
    {
        public static System.Collections.Generic.List<int> List(int n)
        {
            var list = new System.Collections.Generic.List<int>(n);
            for (int i = 0; i < n; i++) list.Add(i);
            return list;
        }

        public static int[] Array(int n)
        {
            var array = new int[n];
            for (int i = 0; i < n; i++) array[i] = i;
            return array;
        }
    }
}
