using System;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// General JS <-> C# conversion by declared type (CONTRACT §5), for the paths that are not emitted per
    /// type: zts.ref() boxes of ref/out parameters. Same rules and error texts as the emitted readers.
    /// </summary>
    internal static unsafe class ValueConvert
    {
        /// <summary>Converts v (consumed) to type t; `where` names the value in errors.</summary>
        public static object FromJs(JsDomain d, JsValue v, Type t, string where)
        {
            return FromJs(d, v, t, where, false);
        }

        /// <summary>Converts v to type t; a borrowed v is not freed.</summary>
        public static object FromJs(JsDomain d, JsValue v, Type t, string where, bool borrowed)
        {
            // Fast paths for the common exact matches (no conversion, nothing to free).
            if (v.Tag == JsValue.TagInt && (t == typeof(int) || t == typeof(int?))) return v.Int32;
            if (v.Tag == JsValue.TagFloat64 && (t == typeof(double) || t == typeof(double?))) return v.Float64;
            if (v.Tag == JsValue.TagInt && (t == typeof(double) || t == typeof(double?))) return (double)v.Int32;
            if (v.Tag == JsValue.TagFloat64 && (t == typeof(float) || t == typeof(float?))) return (float)v.Float64;
            if (v.Tag == JsValue.TagInt && (t == typeof(float) || t == typeof(float?))) return (float)v.Int32;
            if (v.Tag == JsValue.TagBool && (t == typeof(bool) || t == typeof(bool?))) return v.Int32 != 0;
            try
            {
                Type u = Nullable.GetUnderlyingType(t) ?? t;
                if (v.Tag == JsValue.TagNull || v.Tag == JsValue.TagUndefined)
                {
                    if (!t.IsValueType || u != t) return null;
                    throw Mismatch(v, t, where);
                }
                Type p = u.IsEnum ? Enum.GetUnderlyingType(u) : u;
                if (p == typeof(bool))
                {
                    if (v.Tag == JsValue.TagBool) return v.Int32 != 0;
                    throw Mismatch(v, t, where);
                }
                if (p.IsPrimitive && p != typeof(char) && p != typeof(IntPtr) && p != typeof(UIntPtr))
                {
                    double x = v.Tag == JsValue.TagInt ? v.Int32 : v.Tag == JsValue.TagFloat64 ? v.Float64 : double.NaN;
                    if (v.Tag != JsValue.TagInt && v.Tag != JsValue.TagFloat64) throw Mismatch(v, t, where);
                    if (p == typeof(double)) return Box(u, x);
                    if (p == typeof(float)) return Box(u, (float)x);
                    if (Math.Floor(x) != x || double.IsInfinity(x))
                        throw new TsMarshalException("zts: cannot convert non-integral number " + x.ToString("R") + " to " + t.FullName + " (" + where + ")");
                    try
                    {
                        object n = Convert.ChangeType(x, p);
                        if ((p == typeof(long) || p == typeof(ulong)) && Math.Abs(x) > ValueMarshal.MaxSafeInteger) throw new OverflowException();
                        return Box(u, n);
                    }
                    catch (OverflowException)
                    {
                        throw new TsMarshalException("zts: cannot convert number " + x.ToString("R") + " to " + t.FullName + ": out of range (" + where + ")");
                    }
                }
                if (v.IsString)
                {
                    string s = Text(d, v);
                    if (p == typeof(string) || p == typeof(object)) return s;
                    if (p == typeof(char) && s.Length == 1) return s[0];
                    throw Mismatch(v, t, where);
                }
                if (v.Tag == JsValue.TagObject)
                {
                    int slot, view;
                    object o = null;
                    if (ZtsNative.zts_object_slot(d.Handle, v, out slot, out view) == ZtsStatus.Ok) o = d.Registry.Get(slot);
                    else if (TypeBinder.IsDelegate(t)) o = d.DelegateFor(v, t);
                    if (o != null && t.IsInstanceOfType(o)) return o;
                    throw new TsMarshalException("zts: cannot convert " + (o == null ? "object" : o.GetType().FullName) + " to " + t.FullName + " (" + where + ")");
                }
                if (t == typeof(object))
                {
                    if (v.Tag == JsValue.TagInt) return v.Int32;
                    if (v.Tag == JsValue.TagFloat64) return v.Float64;
                    if (v.Tag == JsValue.TagBool) return v.Int32 != 0;
                }
                throw Mismatch(v, t, where);
            }
            finally
            {
                if (v.IsRefCounted && !borrowed) ZtsNative.zts_value_free(d.Handle, v);
            }
        }

        /// <summary>Converts o, declared as type t, to an owned JS value.</summary>
        public static JsValue ToJs(JsDomain d, object o, Type t, string where)
        {
            if (o == null) return JsValue.Null;
            if (o is int) return JsValue.FromInt32((int)o);
            if (o is double) return JsValue.FromDouble((double)o);
            if (o is float) return JsValue.FromDouble((float)o);
            if (o is bool) return JsValue.FromBool((bool)o);
            Type u = Nullable.GetUnderlyingType(t) ?? t;
            Type p = u.IsEnum ? Enum.GetUnderlyingType(u) : u;
            if (p == typeof(bool)) return JsValue.FromBool((bool)o);
            if (p == typeof(string) || p == typeof(char) || (t == typeof(object) && (o is string || o is char)))
            {
                string s = o.ToString();
                JsValue r;
                int rc;
                fixed (char* c = s) rc = ZtsNative.zts_value_new_string_utf16(d.Handle, c, s.Length, out r);
                if (rc != ZtsStatus.Ok) throw d.TakeError(rc, where);
                return r;
            }
            if (TsMemberRules.IsUncrossable(o.GetType())) // IntPtr/UIntPtr (issue 9): no JS value stands for them
                throw new TsMarshalException("zts: cannot convert " + o.GetType().FullName + " to a JS value: the type cannot cross to JS (" + where + ")");
            if (p.IsPrimitive || (t == typeof(object) && o.GetType().IsPrimitive && !(o is bool)))
            {
                if (o is bool) return JsValue.FromBool((bool)o);
                double x = Convert.ToDouble(o);
                if (Math.Abs(x) > ValueMarshal.MaxSafeInteger && (o is long || o is ulong))
                    throw new TsMarshalException("zts: cannot convert " + o.GetType().FullName + " " + o + " to a JS number: beyond ±(2^53-1) (" + where + ")");
                return x >= int.MinValue && x <= int.MaxValue && Math.Floor(x) == x && !(o is double || o is float)
                    ? JsValue.FromInt32((int)x) : JsValue.FromDouble(x);
            }
            return d.Push(o, TypeBinder.Declare(d, u)); // Nullable<S>: seen as S
        }

        private static object Box(Type t, object v)
        {
            return t.IsEnum ? Enum.ToObject(t, v) : v;
        }

        private static object Box(Type t, double v)
        {
            return t == typeof(float) ? (object)(float)v : v;
        }

        private static string Text(JsDomain d, JsValue v)
        {
            char* chars;
            int n = ZtsNative.zts_values_format(d.Handle, 1, &v, out chars);
            if (n < 0) throw d.TakeError(n, "string");
            return new string(chars, 0, n);
        }

        private static Exception Mismatch(JsValue v, Type t, string where)
        {
            return new TsMarshalException("zts: cannot convert " + v.KindName + " to " + t.FullName + " (" + where + ")");
        }
    }
}
