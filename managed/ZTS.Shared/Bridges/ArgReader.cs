using System;
using ZTS.Shared.Native;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// JS -> C# argument conversion for member bridges (CONTRACT §5): primitives decode by tag without a
    /// P/Invoke, C# objects come from the registry by the slot the core put in data[2 + i], nothing is
    /// truncated silently. A missing (or undefined optional) argument takes the parameter's default.
    /// Signature of every reader: (site, domain, argv, data, argc, index).
    /// </summary>
    internal static unsafe class ArgReader
    {
        private static bool IsMissing(MemberSite s, JsValue* argv, int argc, int i)
        {
            return i >= argc || (argv[i].Tag == JsValue.TagUndefined && s.Optional[i]);
        }

        public static bool ReadBoolean(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (IsMissing(s, argv, argc, i)) return s.Missing<bool>(i);
            if (argv[i].Tag == JsValue.TagBool) return argv[i].Int32 != 0;
            throw Mismatch(s, argv[i], i);
        }

        public static int ReadInt32(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (i < argc && argv[i].Tag == JsValue.TagInt) return argv[i].Int32;
            if (IsMissing(s, argv, argc, i)) return s.Missing<int>(i);
            return (int)Integral(s, argv[i], i, int.MinValue, int.MaxValue);
        }

        public static sbyte ReadSByte(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<sbyte>(i) : (sbyte)Integral(s, argv[i], i, sbyte.MinValue, sbyte.MaxValue);
        }

        public static byte ReadByte(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<byte>(i) : (byte)Integral(s, argv[i], i, byte.MinValue, byte.MaxValue);
        }

        public static short ReadInt16(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<short>(i) : (short)Integral(s, argv[i], i, short.MinValue, short.MaxValue);
        }

        public static ushort ReadUInt16(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<ushort>(i) : (ushort)Integral(s, argv[i], i, ushort.MinValue, ushort.MaxValue);
        }

        public static uint ReadUInt32(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<uint>(i) : (uint)Integral(s, argv[i], i, uint.MinValue, uint.MaxValue);
        }

        public static long ReadInt64(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<long>(i) : Integral(s, argv[i], i, -ValueMarshal.MaxSafeInteger, ValueMarshal.MaxSafeInteger);
        }

        public static ulong ReadUInt64(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<ulong>(i) : (ulong)Integral(s, argv[i], i, 0, ValueMarshal.MaxSafeInteger);
        }

        public static double ReadDouble(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (IsMissing(s, argv, argc, i)) return s.Missing<double>(i);
            if (argv[i].Tag == JsValue.TagFloat64) return argv[i].Float64;
            if (argv[i].Tag == JsValue.TagInt) return argv[i].Int32;
            throw Mismatch(s, argv[i], i);
        }

        public static float ReadSingle(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return IsMissing(s, argv, argc, i) ? s.Missing<float>(i) : (float)ReadDouble(s, d, argv, data, argc, i);
        }

        public static char ReadChar(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (IsMissing(s, argv, argc, i)) return s.Missing<char>(i);
            string text = argv[i].IsString ? Text(d, argv[i]) : null;
            if (text != null && text.Length == 1) return text[0];
            throw text == null
                ? Mismatch(s, argv[i], i)
                : new TsMarshalException("zts: cannot convert a string of length " + text.Length + " to System.Char (argument " + (i + 1) + " of '" + s.Name + "')");
        }

        public static string ReadString(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            if (IsMissing(s, argv, argc, i)) return s.Missing<string>(i);
            JsValue v = argv[i];
            if (v.IsString) return Text(d, v);
            if (v.Tag == JsValue.TagNull || v.Tag == JsValue.TagUndefined) return null;
            throw Mismatch(s, v, i);
        }

        /// <summary>A reference-type (or boxed struct) parameter: a C# object of a fitting type, or null.</summary>
        public static object ReadObject(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            // The hot path: a C# object of exactly the declared type (what the rules below also give, minus the checks).
            if (i < argc && data[2 + i].Int32 >= 0)
            {
                object exact = d.Registry.Get(data[2 + i].Int32);
                if (exact != null && exact.GetType() == s.ParamTypes[i]) return exact;
            }
            if (IsMissing(s, argv, argc, i)) return s.Missing<object>(i);
            JsValue v = argv[i];
            Type expected = s.ParamTypes[i];
            if (v.Tag == JsValue.TagNull || v.Tag == JsValue.TagUndefined)
            {
                if (!expected.IsValueType || Nullable.GetUnderlyingType(expected) != null) return null;
                throw Mismatch(s, v, i);
            }
            if (v.Tag == JsValue.TagObject && data[2 + i].Int32 < 0 && Clr.TypeBinder.IsDelegate(expected))
            {
                Delegate fromFunction = d.DelegateFor(v, expected); // a JS function where a delegate is declared
                if (fromFunction != null) return fromFunction;
            }
            if (Nullable.GetUnderlyingType(expected) != null)
                return Clr.ValueConvert.FromJs(d, v, expected, s.ArgWhere[i], true);
            object o = Unwrap(s, d, v, data, i);
            if (o != null && expected.IsInstanceOfType(o)) return o;
            if (o == null) throw Mismatch(s, v, i);
            throw new TsMarshalException("zts: cannot convert " + o.GetType().FullName + " to " + s.ParamTypeName(i) +
                                         " (argument " + (i + 1) + " of '" + s.Name + "')");
        }

        /// <summary>A [TsMarshalAs(UnpackedValues)] struct parameter from consecutive JS arguments (argv is shifted).</summary>
        public static object ReadUnpacked(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            return s.ParamUnpacked[i].FromValues(d, argv + i, Math.Max(argc - i, 0), s.UnpackedWhere[i]);
        }

        /// <summary>A [TsMarshalAs(Table)] struct parameter from a plain JS object.</summary>
        public static object ReadTable(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            Clr.TableShape shape = s.ParamTables[i];
            if (IsMissing(s, argv, argc, i))
                return s.Missing<object>(i) ?? (shape.IsNullable ? null : Activator.CreateInstance(shape.StructType));
            return shape.FromJs(d, argv[i], s.ArgWhere[i]);
        }

        /// <summary>The initial value of a ref parameter: the zts.ref() box's value (out: default).</summary>
        public static object RefIn(MemberSite s, JsDomain d, JsValue* argv, JsValue* data, int argc, int i)
        {
            Type t = s.ParamTypes[i].GetElementType();
            JsValue value;
            if (i >= argc || ZtsNative.zts_ref_get(d.Handle, argv[i], out value) != ZtsStatus.Ok)
                throw new TsMarshalException("zts: argument " + (i + 1) + " of '" + s.Name + "' is ref/out: pass a zts.ref() box");
            if (s.IsOut(i))
            {
                if (value.IsRefCounted) ZtsNative.zts_value_free(d.Handle, value);
                return t.IsValueType ? Activator.CreateInstance(t) : null;
            }
            return Clr.ValueConvert.FromJs(d, value, t, s.ArgWhere[i]);
        }

        /// <summary>Writes a ref/out parameter's final value back into its zts.ref() box.</summary>
        public static void RefOut(MemberSite s, JsDomain d, JsValue* argv, int i, object value)
        {
            Type t = s.ParamTypes[i].GetElementType();
            JsValue v = Clr.ValueConvert.ToJs(d, value, t, s.ArgWhere[i]);
            int rc = ZtsNative.zts_ref_set(d.Handle, argv[i], v);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, s.Name);
        }

        /// <summary>The C# object behind `this` of an instance member.</summary>
        public static object This(MemberSite s, JsDomain d, JsValue* data)
        {
            object o = d.Registry.Get(data[1].Int32);
            if (o == null) throw new InvalidOperationException("zts: '" + s.Name + "' was called on a released object");
            return o;
        }

        // object/dynamic parameters (CONTRACT §5): numbers become int when integral and in range, else double;
        // strings, booleans, C# objects; null. Anything else is a marshal error.
        private static object Unwrap(MemberSite s, JsDomain d, JsValue v, JsValue* data, int i)
        {
            switch (v.Tag)
            {
                case JsValue.TagInt: return v.Int32;
                case JsValue.TagFloat64:
                    double x = v.Float64;
                    if (Math.Floor(x) == x && x >= int.MinValue && x <= int.MaxValue) return (int)x;
                    return x;
                case JsValue.TagBool: return v.Int32 != 0;
            }
            if (v.IsString) return Text(d, v);
            int slot = data[2 + i].Int32;
            return slot >= 0 ? d.Registry.Get(slot) : null;
        }

        private static string Text(JsDomain d, JsValue v)
        {
            char* chars;
            int n = ZtsNative.zts_values_format(d.Handle, 1, &v, out chars); // borrowed v: String(v) copy
            if (n < 0) throw d.TakeError(n, "argument");
            return new string(chars, 0, n);
        }

        private static long Integral(MemberSite s, JsValue v, int i, long min, long max)
        {
            double x;
            if (v.Tag == JsValue.TagInt) x = v.Int32;
            else if (v.Tag == JsValue.TagFloat64) x = v.Float64;
            else throw Mismatch(s, v, i);
            if (Math.Floor(x) != x || double.IsInfinity(x))
                throw new TsMarshalException("zts: cannot convert non-integral number " + x.ToString("R") + " to " + s.ParamTypeName(i) +
                                             " (argument " + (i + 1) + " of '" + s.Name + "')");
            if (x < min || x > max)
                throw new TsMarshalException("zts: cannot convert number " + x.ToString("R") + " to " + s.ParamTypeName(i) +
                                             ": out of range (argument " + (i + 1) + " of '" + s.Name + "')");
            return (long)x;
        }

        private static Exception Mismatch(MemberSite s, JsValue v, int i)
        {
            return new TsMarshalException("zts: cannot convert " + v.KindName + " to " + s.ParamTypeName(i) +
                                          " (argument " + (i + 1) + " of '" + s.Name + "')");
        }
    }
}
