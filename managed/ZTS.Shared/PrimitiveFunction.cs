using System;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// A gated global function over primitive values: the small JS -> C# path tests and hosts' glue use.
    /// Arguments and the result follow the `object` rule of the one rule set (ValueRules): numbers are int
    /// when integral and in range, else double; booleans, strings, null.
    /// </summary>
    internal static unsafe class PrimitiveFunction
    {
        public static void Define(JsDomain domain, string path, Func<object[], object> fn)
        {
            HostFunction entry = (d, thisVal, argc, argv, magic, data) =>
            {
                var args = new object[argc];
                for (int i = 0; i < argc; i++) args[i] = ValueRules.ToAny(d, argv[i], ValueRules.SlotNone, Where.Argument(i, path));
                object result = fn(args);
                // Primitives and strings by the object rule; any other result is undefined (no objects here).
                return result == null || result is string || result.GetType().IsPrimitive
                    ? ValueRules.FromClr(d, result, typeof(object), 0, Where.Result(path))
                    : JsValue.Undefined;
            };
            domain.DefineFunction(path, 0, 0, entry);
        }
    }
}
