using System;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// A gated global function over primitive values: the small JS -> C# path the foundation needs for
    /// tests and glue before the CSharp type bridge exists. Arguments decode by tag (no P/Invoke for
    /// numbers, booleans, null); strings take one call.
    /// </summary>
    internal static unsafe class PrimitiveFunction
    {
        public static void Define(JsDomain domain, string path, Func<object[], object> fn)
        {
            HostFunction entry = (d, thisVal, argc, argv, magic, data) =>
            {
                var args = new object[argc];
                for (int i = 0; i < argc; i++) args[i] = Decode(d, argv[i]);
                return Encode(d, fn(args));
            };
            domain.DefineFunction(path, 0, 0, entry);
        }

        private static object Decode(JsDomain d, JsValue v)
        {
            switch (v.Tag)
            {
                case JsValue.TagInt: return (double)v.Int32;
                case JsValue.TagFloat64: return v.Float64;
                case JsValue.TagBool: return v.Int32 != 0;
                case JsValue.TagNull:
                case JsValue.TagUndefined: return null;
            }
            if (v.IsString)
            {
                char* chars;
                // take_utf16 consumes its argument; argv values are borrowed, so format a copy instead.
                int n = ZtsNative.zts_values_format(d.Handle, 1, &v, out chars);
                if (n < 0) throw d.TakeError(n, "argument");
                return new string(chars, 0, n);
            }
            throw new ArgumentException("zts: cannot convert " + v.KindName + " to a primitive C# value");
        }

        private static JsValue Encode(JsDomain d, object o)
        {
            if (o == null) return JsValue.Null;
            if (o is bool) return JsValue.FromBool((bool)o);
            if (o is int) return JsValue.FromInt32((int)o);
            if (o is double) return JsValue.FromDouble((double)o);
            if (o is float) return JsValue.FromDouble((float)o);
            if (o is long) return JsValue.FromDouble((long)o);
            var s = o as string;
            if (s != null)
            {
                JsValue r;
                int rc;
                fixed (char* p = s) rc = ZtsNative.zts_value_new_string_utf16(d.Handle, p, s.Length, out r);
                if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "result");
                return r;
            }
            return JsValue.Undefined;
        }
    }
}
