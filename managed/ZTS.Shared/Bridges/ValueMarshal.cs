using System;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// C# <-> JS value conversion for the emitted bridges (SPEC_MAP D5). Numbers, booleans and null are
    /// encoded and decoded by tag here, with no P/Invoke; strings take one call into the core each.
    /// Nothing is truncated silently: a value that does not fit is a TsMarshalException.
    /// Writers: (closure, argv, index, value). Readers: (closure, result) and they consume the result.
    /// </summary>
    internal static unsafe class ValueMarshal
    {
        // ---- C# -> JS ---------------------------------------------------------------------------

        public static void WriteBoolean(FunctionClosure c, JsValue* argv, int index, bool v) { JsValue.SetBool(argv + index, v); }
        public static void WriteSByte(FunctionClosure c, JsValue* argv, int index, sbyte v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteByte(FunctionClosure c, JsValue* argv, int index, byte v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteInt16(FunctionClosure c, JsValue* argv, int index, short v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteUInt16(FunctionClosure c, JsValue* argv, int index, ushort v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteInt32(FunctionClosure c, JsValue* argv, int index, int v) { JsValue.SetInt32(argv + index, v); }
        public static void WriteSingle(FunctionClosure c, JsValue* argv, int index, float v) { JsValue.SetDouble(argv + index, v); }
        public static void WriteDouble(FunctionClosure c, JsValue* argv, int index, double v) { JsValue.SetDouble(argv + index, v); }

        public static void WriteUInt32(FunctionClosure c, JsValue* argv, int index, uint v) { JsValue.Set(argv + index, ValueRules.FromUInt32(v)); }
        public static void WriteInt64(FunctionClosure c, JsValue* argv, int index, long v) { JsValue.Set(argv + index, ValueRules.FromInt64(v, Arg(c, index))); }
        public static void WriteUInt64(FunctionClosure c, JsValue* argv, int index, ulong v) { JsValue.Set(argv + index, ValueRules.FromUInt64(v, Arg(c, index))); }
        public static void WriteChar(FunctionClosure c, JsValue* argv, int index, char v) { JsValue.Set(argv + index, ValueRules.FromString(c.Domain, v.ToString())); }
        public static void WriteString(FunctionClosure c, JsValue* argv, int index, string v) { JsValue.Set(argv + index, ValueRules.FromString(c.Domain, v)); }

        /// <summary>A C# object argument: pushed under the parameter's declared type (its view).</summary>
        public static void WriteObject(FunctionClosure c, JsValue* argv, int index, object v)
        {
            if (v == null)
            {
                JsValue.Set(argv + index, JsValue.Null);
                return;
            }
            ClrRule rule = c.ParamRules[index];
            JsValue.Set(argv + index, rule.IsNullable || rule.Target == typeof(object) || v is System.Threading.Tasks.Task
                ? ValueRules.FromClr(c.Domain, v, rule, 0, Arg(c, index))
                : c.Domain.Push(v, c.Views[index], ref c.LastSlots[index]));
        }

        /// <summary>A struct argument that crosses as a native copy (Clr.CopyLayout), by its bytes: a new JS copy of the
        /// value at `bytes` (the parameter itself), with no box.</summary>
        public static void WriteCopy(FunctionClosure c, JsValue* argv, int index, void* bytes)
        {
            JsValue v;
            int rc = ZtsNative.zts_struct_new(c.Domain.Handle, c.Views[index], bytes, out v);
            if (rc != ZtsStatus.Ok) throw c.Domain.TakeError(rc, Arg(c, index).ToString());
            JsValue.Set(argv + index, v);
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
            JsValue.Set(argv + index, ValueRules.FromClr(c.Domain, value, c.ParamRules[index], 0, Arg(c, index)));
        }

        /// <summary>A ref/in/out argument: its initial value, which zts_function_call_opaque puts behind a handle.</summary>
        public static void WriteOpaque(FunctionClosure c, JsValue* argv, int index, object value)
        {
            ClrRule rule = c.ParamRules[index];
            JsValue.Set(argv + index, value == null && rule.IsValueType ? JsValue.Undefined : ValueRules.FromClr(c.Domain, value, rule, 0, Arg(c, index)));
        }

        /// <summary>The value JS left behind a ref/out argument's handle (argv[index], owned; taken), converted.</summary>
        public static object ReadOpaque(FunctionClosure c, JsValue* argv, int index)
        {
            JsValue v = argv[index];
            argv[index] = JsValue.Undefined;
            ClrRule rule = c.ParamRules[index];
            if (v.Tag == JsValue.TagUndefined && rule.IsValueType) return Activator.CreateInstance(rule.Declared);
            return Clr.ValueConvert.FromJs(c.Domain, v, rule, c.RefOutWhere[index], false); // consumes v
        }

        // ---- JS -> C# (results) ------------------------------------------------------------------

        /// <summary>A result of any other declared type (object, Nullable, classes, interfaces, arrays, delegates,
        /// structs): the general rule, consuming r.</summary>
        public static object ReadObject(FunctionClosure c, JsValue r)
        {
            try
            {
                return ValueRules.ToClr(c.Domain, r, c.ResultRule, ValueRules.SlotUnknown, Result(c));
            }
            finally
            {
                Free(c, r);
            }
        }

        /// <summary>A native-copy struct result (Clr.CopyLayout) by its bytes: when r is a copy of exactly the declared
        /// struct, its size bytes go to dst, r is consumed and the answer is true (no box); otherwise nothing is touched
        /// and the caller takes ReadObject, the general rule.</summary>
        public static bool ReadCopy(FunctionClosure c, JsValue r, void* dst, int size)
        {
            ZtsStructRef* s;
            if (r.Tag != JsValue.TagObject || ZtsNative.zts_struct_ref_of(c.Domain.Handle, r, out s) != ZtsStatus.Ok ||
                s->TypeId != c.Views[c.ParamTypes.Length] || s->Size != size)
                return false;
            Buffer.MemoryCopy((void*)s->Bytes, dst, size, size);
            Free(c, r);
            return true;
        }

        public static void ReadVoid(FunctionClosure c, JsValue r)
        {
            Free(c, r);
        }

        public static bool ReadBoolean(FunctionClosure c, JsValue r) { return ValueRules.ToBoolean(r, c.ResultType, Result(c, r)); }
        public static sbyte ReadSByte(FunctionClosure c, JsValue r) { return (sbyte)ValueRules.ToIntegral(r, sbyte.MinValue, sbyte.MaxValue, c.ResultType, Result(c, r)); }
        public static byte ReadByte(FunctionClosure c, JsValue r) { return (byte)ValueRules.ToIntegral(r, byte.MinValue, byte.MaxValue, c.ResultType, Result(c, r)); }
        public static short ReadInt16(FunctionClosure c, JsValue r) { return (short)ValueRules.ToIntegral(r, short.MinValue, short.MaxValue, c.ResultType, Result(c, r)); }
        public static ushort ReadUInt16(FunctionClosure c, JsValue r) { return (ushort)ValueRules.ToIntegral(r, ushort.MinValue, ushort.MaxValue, c.ResultType, Result(c, r)); }
        public static uint ReadUInt32(FunctionClosure c, JsValue r) { return (uint)ValueRules.ToIntegral(r, uint.MinValue, uint.MaxValue, c.ResultType, Result(c, r)); }
        public static long ReadInt64(FunctionClosure c, JsValue r) { return ValueRules.ToInt64(r, c.ResultType, Result(c, r)); }
        public static ulong ReadUInt64(FunctionClosure c, JsValue r) { return ValueRules.ToUInt64(r, c.ResultType, Result(c, r)); }
        public static double ReadDouble(FunctionClosure c, JsValue r) { return ValueRules.ToDouble(r, c.ResultType, Result(c, r)); }
        public static float ReadSingle(FunctionClosure c, JsValue r) { return (float)ValueRules.ToDouble(r, c.ResultType, Result(c, r)); }

        public static int ReadInt32(FunctionClosure c, JsValue r)
        {
            if (r.Tag == JsValue.TagInt) return r.Int32; // the hot path: one compare
            return ValueRules.ToInt32(r, c.ResultType, Result(c, r));
        }

        public static char ReadChar(FunctionClosure c, JsValue r)
        {
            try
            {
                return ValueRules.ToChar(c.Domain, r, Result(c));
            }
            finally
            {
                Free(c, r);
            }
        }

        public static string ReadString(FunctionClosure c, JsValue r)
        {
            try
            {
                return ValueRules.ToString(c.Domain, r, Result(c));
            }
            finally
            {
                Free(c, r);
            }
        }

        // ---- helpers ------------------------------------------------------------------------------

        private static Where Arg(FunctionClosure c, int index)
        {
            return Where.Argument(index, c.Name);
        }

        private static Where Result(FunctionClosure c)
        {
            return Where.Result(c.Name);
        }

        // The typed number/bool readers never keep r: a ref-counted r is a mismatch, freed before the rule throws.
        private static Where Result(FunctionClosure c, JsValue r)
        {
            Free(c, r);
            return Where.Result(c.Name);
        }

        private static void Free(FunctionClosure c, JsValue r)
        {
            if (r.IsRefCounted) ZtsNative.zts_value_free(c.Domain.Handle, r);
        }
    }
}
