using System;
using ZTS.Shared.Native;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// C# <-> JS value conversion for the emitted bridges (CONTRACT §5). Numbers, booleans and null are
    /// encoded and decoded by tag here, with no P/Invoke; strings take one call into the core each.
    /// Nothing is truncated silently: a value that does not fit is a TsMarshalException.
    /// Writers: (closure, argv, index, value). Readers: (closure, result) and they consume the result.
    /// </summary>
    internal static unsafe class ValueMarshal
    {
        /// <summary>Largest integer a JS number holds exactly: 2^53 - 1.</summary>
        public const long MaxSafeInteger = 9007199254740991L;

        // ---- C# -> JS ---------------------------------------------------------------------------

        public static void WriteBoolean(FunctionClosure c, JsValue* argv, int index, bool v) { JsValue.SetBool(argv + index, v); }
        public static void WriteSByte(FunctionClosure c, JsValue* argv, int index, sbyte v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteByte(FunctionClosure c, JsValue* argv, int index, byte v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteInt16(FunctionClosure c, JsValue* argv, int index, short v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteUInt16(FunctionClosure c, JsValue* argv, int index, ushort v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteInt32(FunctionClosure c, JsValue* argv, int index, int v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteSingle(FunctionClosure c, JsValue* argv, int index, float v) { JsValue.SetDouble(argv + index, v); }
        public static void WriteDouble(FunctionClosure c, JsValue* argv, int index, double v) { JsValue.SetDouble(argv + index, v); }

        public static void WriteUInt32(FunctionClosure c, JsValue* argv, int index, uint v)
        {
            if (v <= int.MaxValue) JsValue.SetInt32(argv + index, (int)v);
            else JsValue.SetDouble(argv + index, v);
        }

        public static void WriteInt64(FunctionClosure c, JsValue* argv, int index, long v)
        {
            if (v >= int.MinValue && v <= int.MaxValue) JsValue.SetInt32(argv + index, (int)v);
            else if (v >= -MaxSafeInteger && v <= MaxSafeInteger) JsValue.SetDouble(argv + index, v);
            else throw Unsafe(c, index, "System.Int64", v.ToString());
        }

        public static void WriteUInt64(FunctionClosure c, JsValue* argv, int index, ulong v)
        {
            if (v <= int.MaxValue) JsValue.SetInt32(argv + index, (int)v);
            else if (v <= MaxSafeInteger) JsValue.SetDouble(argv + index, v);
            else throw Unsafe(c, index, "System.UInt64", v.ToString());
        }

        public static void WriteChar(FunctionClosure c, JsValue* argv, int index, char v)
        {
            JsValue s;
            int rc = ZtsNative.zts_value_new_string_utf16(c.Domain.Handle, &v, 1, out s);
            if (rc != ZtsStatus.Ok) throw c.Domain.TakeError(rc, c.Name);
            JsValue.Set(argv + index, s);
        }

        public static void WriteString(FunctionClosure c, JsValue* argv, int index, string v)
        {
            if (v == null)
            {
                JsValue.Set(argv + index, JsValue.Null);
                return;
            }
            JsValue s;
            int rc;
            fixed (char* p = v)
                rc = ZtsNative.zts_value_new_string_utf16(c.Domain.Handle, p, v.Length, out s);
            if (rc != ZtsStatus.Ok) throw c.Domain.TakeError(rc, c.Name);
            JsValue.Set(argv + index, s);
        }

        /// <summary>A C# object argument: pushed under the parameter's declared type (its view).</summary>
        public static void WriteObject(FunctionClosure c, JsValue* argv, int index, object v)
        {
            if (v == null)
            {
                JsValue.Set(argv + index, JsValue.Null);
                return;
            }
            Type declared = c.ParamTypes[index];
            JsValue.Set(argv + index, Nullable.GetUnderlyingType(declared) != null || declared == typeof(object)
                ? Clr.ValueConvert.ToJs(c.Domain, v, declared, c.ArgWhere[index])
                : c.Domain.Push(v, c.Views[index]));
        }

        /// <summary>A [TsMarshalAs(UnpackedValues)] struct argument: its members as consecutive JS arguments (argv shifted).</summary>
        public static void WriteUnpacked(FunctionClosure c, JsValue* argv, int index, object v)
        {
            c.ParamUnpacked[index].ToValues(c.Domain, v, argv + index, c.ArgWhere[index]);
        }

        /// <summary>A [TsMarshalAs(Table)] struct argument: a plain JS object with the listed members.</summary>
        public static void WriteTable(FunctionClosure c, JsValue* argv, int index, object v)
        {
            JsValue.Set(argv + index, c.ParamTables[index].ToJs(c.Domain, v, c.ArgWhere[index]));
        }

        /// <summary>A [TsMarshalAs(Table)] struct result from a plain JS object (consumed).</summary>
        public static object ReadTable(FunctionClosure c, JsValue r)
        {
            try
            {
                return c.ResultTable.FromJs(c.Domain, r, c.ResultWhere);
            }
            finally
            {
                if (r.IsRefCounted) ZtsNative.zts_value_free(c.Domain.Handle, r);
            }
        }

        /// <summary>A [TsMarshalAs(OpaqueValue)] by-value argument: the value zts_function_call_opaque puts behind
        /// an opaque handle (no write-back).</summary>
        public static void WriteOpaqueValue(FunctionClosure c, JsValue* argv, int index, object value)
        {
            JsValue.Set(argv + index, Clr.ValueConvert.ToJs(c.Domain, value, c.ParamTypes[index], c.ArgWhere[index]));
        }

        /// <summary>A ref/in/out argument: its initial value, which zts_function_call_opaque puts behind a handle.</summary>
        public static void WriteOpaque(FunctionClosure c, JsValue* argv, int index, object value)
        {
            Type t = c.ParamTypes[index].GetElementType();
            JsValue.Set(argv + index, value == null && t.IsValueType ? JsValue.Undefined : Clr.ValueConvert.ToJs(c.Domain, value, t, c.ArgWhere[index]));
        }

        /// <summary>The value JS left behind a ref/out argument's handle (argv[index], owned; taken), converted.</summary>
        public static object ReadOpaque(FunctionClosure c, JsValue* argv, int index)
        {
            JsValue v = argv[index];
            argv[index] = JsValue.Undefined;
            Type t = c.ParamTypes[index].GetElementType();
            if (v.Tag == JsValue.TagUndefined && t.IsValueType) return Activator.CreateInstance(t);
            return Clr.ValueConvert.FromJs(c.Domain, v, t, c.RefOutWhere[index]);
        }

        // ---- JS -> C# (results) ------------------------------------------------------------------

        /// <summary>A result of a non-primitive declared type: a C# object (from the registry), a JS function
        /// as a delegate, or boxed primitives for object; checked against the declared type.</summary>
        public static object ReadObject(FunctionClosure c, JsValue r)
        {
            Type expected = c.ResultType;
            JsDomain d = c.Domain;
            if (Nullable.GetUnderlyingType(expected) != null)
                return Clr.ValueConvert.FromJs(d, r, expected, c.ResultWhere);
            if (r.Tag == JsValue.TagNull || r.Tag == JsValue.TagUndefined)
            {
                if (!expected.IsValueType || Nullable.GetUnderlyingType(expected) != null) return null;
                throw Mismatch(c, r, expected.FullName);
            }
            object o = null;
            switch (r.Tag)
            {
                case JsValue.TagInt: o = r.Int32; break;
                case JsValue.TagFloat64: o = r.Float64; break;
                case JsValue.TagBool: o = r.Int32 != 0; break;
            }
            if (r.IsString)
            {
                o = TakeString(c, r);
            }
            else if (r.Tag == JsValue.TagObject)
            {
                int slot, view;
                if (ZtsNative.zts_object_slot(d.Handle, r, out slot, out view) == ZtsStatus.Ok) o = d.Registry.Get(slot);
                else if (Clr.TypeBinder.IsDelegate(expected)) o = d.DelegateFor(r, expected);
                ZtsNative.zts_value_free(d.Handle, r);
                if (o == null) throw new TsMarshalException("zts: cannot convert object to " + expected.FullName + " (return value of '" + c.Name + "')");
            }
            if (o != null && expected.IsInstanceOfType(o)) return o;
            if (o is int && expected == typeof(double)) return (double)(int)o;
            throw new TsMarshalException("zts: cannot convert " + (o == null ? r.KindName : o.GetType().FullName) + " to " + expected.FullName + " (return value of '" + c.Name + "')");
        }

        public static void ReadVoid(FunctionClosure c, JsValue r)
        {
            if (r.IsRefCounted) ZtsNative.zts_value_free(c.Domain.Handle, r);
        }

        public static bool ReadBoolean(FunctionClosure c, JsValue r)
        {
            if (r.Tag == JsValue.TagBool) return r.Int32 != 0;
            throw Mismatch(c, r, "System.Boolean");
        }

        public static sbyte ReadSByte(FunctionClosure c, JsValue r) { return (sbyte)ReadIntegral(c, r, sbyte.MinValue, sbyte.MaxValue, "System.SByte"); }
        public static byte ReadByte(FunctionClosure c, JsValue r) { return (byte)ReadIntegral(c, r, byte.MinValue, byte.MaxValue, "System.Byte"); }
        public static short ReadInt16(FunctionClosure c, JsValue r) { return (short)ReadIntegral(c, r, short.MinValue, short.MaxValue, "System.Int16"); }
        public static ushort ReadUInt16(FunctionClosure c, JsValue r) { return (ushort)ReadIntegral(c, r, ushort.MinValue, ushort.MaxValue, "System.UInt16"); }
        public static uint ReadUInt32(FunctionClosure c, JsValue r) { return (uint)ReadIntegral(c, r, uint.MinValue, uint.MaxValue, "System.UInt32"); }
        public static long ReadInt64(FunctionClosure c, JsValue r) { return ReadIntegral(c, r, -MaxSafeInteger, MaxSafeInteger, "System.Int64"); }
        public static ulong ReadUInt64(FunctionClosure c, JsValue r) { return (ulong)ReadIntegral(c, r, 0, MaxSafeInteger, "System.UInt64"); }

        public static int ReadInt32(FunctionClosure c, JsValue r)
        {
            if (r.Tag == JsValue.TagInt) return r.Int32; // the hot path: one compare
            return (int)ReadIntegral(c, r, int.MinValue, int.MaxValue, "System.Int32");
        }

        public static double ReadDouble(FunctionClosure c, JsValue r)
        {
            if (r.Tag == JsValue.TagFloat64) return r.Float64;
            if (r.Tag == JsValue.TagInt) return r.Int32;
            throw Mismatch(c, r, "System.Double");
        }

        public static float ReadSingle(FunctionClosure c, JsValue r)
        {
            if (r.Tag == JsValue.TagFloat64) return (float)r.Float64;
            if (r.Tag == JsValue.TagInt) return r.Int32;
            throw Mismatch(c, r, "System.Single");
        }

        public static char ReadChar(FunctionClosure c, JsValue r)
        {
            if (r.IsString)
            {
                string s = TakeString(c, r);
                if (s.Length == 1) return s[0];
                throw new TsMarshalException("zts: cannot convert a string of length " + s.Length + " to System.Char (return value of '" + c.Name + "')");
            }
            throw Mismatch(c, r, "System.Char");
        }

        public static string ReadString(FunctionClosure c, JsValue r)
        {
            if (r.IsString) return TakeString(c, r);
            if (r.Tag == JsValue.TagNull || r.Tag == JsValue.TagUndefined) return null;
            throw Mismatch(c, r, "System.String");
        }

        // ---- helpers ------------------------------------------------------------------------------

        private static long ReadIntegral(FunctionClosure c, JsValue r, long min, long max, string type)
        {
            if (r.Tag == JsValue.TagInt)
            {
                if (r.Int32 >= min && r.Int32 <= max) return r.Int32;
                throw OutOfRange(c, r.Int32.ToString(), type);
            }
            if (r.Tag == JsValue.TagFloat64)
            {
                double d = r.Float64;
                if (Math.Floor(d) != d || double.IsInfinity(d))
                    throw new TsMarshalException("zts: cannot convert non-integral number " + d.ToString("R") + " to " + type + " (return value of '" + c.Name + "')");
                if (d >= min && d <= max) return (long)d;
                throw OutOfRange(c, d.ToString("R"), type);
            }
            throw Mismatch(c, r, type);
        }

        private static string TakeString(FunctionClosure c, JsValue r)
        {
            char* chars;
            int n = ZtsNative.zts_value_take_utf16(c.Domain.Handle, r, out chars);
            if (n < 0) throw c.Domain.TakeError(n, c.Name);
            return new string(chars, 0, n);
        }

        private static Exception Mismatch(FunctionClosure c, JsValue r, string type)
        {
            string kind = r.KindName;
            ReadVoid(c, r);
            return new TsMarshalException("zts: cannot convert " + kind + " to " + type + " (return value of '" + c.Name + "')");
        }

        private static Exception OutOfRange(FunctionClosure c, string value, string type)
        {
            return new TsMarshalException("zts: cannot convert number " + value + " to " + type + ": out of range (return value of '" + c.Name + "')");
        }

        private static Exception Unsafe(FunctionClosure c, int index, string type, string value)
        {
            return new TsMarshalException("zts: cannot convert " + type + " " + value + " to a JS number: beyond ±(2^53-1) (argument " + (index + 1) + " of '" + c.Name + "')");
        }
    }
}
