using System;
using ZTS.Shared.Native;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// C# -> JS results of member bridges (CONTRACT §5): primitives encode by tag, strings take one call,
    /// objects are pushed through the registry under the member's declared result type (the view).
    /// Signature of every writer: (site, domain, value) -> JsValue (owned by the caller).
    /// </summary>
    internal static unsafe class ResultWriter
    {
        public static JsValue WriteVoid(MemberSite s, JsDomain d) { return JsValue.Undefined; }
        public static JsValue WriteBoolean(MemberSite s, JsDomain d, bool v) { return JsValue.FromBool(v); }
        public static JsValue WriteSByte(MemberSite s, JsDomain d, sbyte v) { return JsValue.FromInt32(v); }
        public static JsValue WriteByte(MemberSite s, JsDomain d, byte v) { return JsValue.FromInt32(v); }
        public static JsValue WriteInt16(MemberSite s, JsDomain d, short v) { return JsValue.FromInt32(v); }
        public static JsValue WriteUInt16(MemberSite s, JsDomain d, ushort v) { return JsValue.FromInt32(v); }
        public static JsValue WriteInt32(MemberSite s, JsDomain d, int v) { return JsValue.FromInt32(v); }
        public static JsValue WriteSingle(MemberSite s, JsDomain d, float v) { return JsValue.FromDouble(v); }
        public static JsValue WriteDouble(MemberSite s, JsDomain d, double v) { return JsValue.FromDouble(v); }

        public static JsValue WriteUInt32(MemberSite s, JsDomain d, uint v)
        {
            return v <= int.MaxValue ? JsValue.FromInt32((int)v) : JsValue.FromDouble(v);
        }

        public static JsValue WriteInt64(MemberSite s, JsDomain d, long v)
        {
            if (v >= int.MinValue && v <= int.MaxValue) return JsValue.FromInt32((int)v);
            if (v >= -ValueMarshal.MaxSafeInteger && v <= ValueMarshal.MaxSafeInteger) return JsValue.FromDouble(v);
            throw Unsafe(s, "System.Int64", v.ToString());
        }

        public static JsValue WriteUInt64(MemberSite s, JsDomain d, ulong v)
        {
            if (v <= int.MaxValue) return JsValue.FromInt32((int)v);
            if (v <= ValueMarshal.MaxSafeInteger) return JsValue.FromDouble(v);
            throw Unsafe(s, "System.UInt64", v.ToString());
        }

        public static JsValue WriteChar(MemberSite s, JsDomain d, char v)
        {
            return String(d, v.ToString());
        }

        public static JsValue WriteString(MemberSite s, JsDomain d, string v)
        {
            return v == null ? JsValue.Null : String(d, v);
        }

        /// <summary>A class, interface, array or delegate result: pushed under the declared view (by the core, after return).</summary>
        public static JsValue WriteObject(MemberSite s, JsDomain d, object v)
        {
            return v == null ? JsValue.Null : JsDomain.PushResult(d, v, s.ResultView, false);
        }

        /// <summary>A struct result, boxed by the bridge for this push: a fresh copy (no identity lookup).</summary>
        public static JsValue WriteStruct(MemberSite s, JsDomain d, object box)
        {
            return JsDomain.PushResult(d, box, s.ResultView, true);
        }

        /// <summary>A [TsMarshalAs(Table)] struct result: a plain JS object with the listed members.</summary>
        public static JsValue WriteTable(MemberSite s, JsDomain d, object v)
        {
            return s.ResultTable.ToJs(d, v, s.ResultWhere);
        }

        /// <summary>A result declared object: primitives and strings become JS values, the rest is pushed.</summary>
        public static JsValue WriteAny(MemberSite s, JsDomain d, object v)
        {
            if (v == null) return JsValue.Null;
            if (v is int) return JsValue.FromInt32((int)v);
            if (v is double) return JsValue.FromDouble((double)v);
            if (v is bool) return JsValue.FromBool((bool)v);
            var text = v as string;
            if (text != null) return String(d, text);
            if (v is float) return JsValue.FromDouble((float)v);
            if (v is short || v is ushort || v is sbyte || v is byte) return JsValue.FromInt32(Convert.ToInt32(v));
            if (v is uint) return WriteUInt32(s, d, (uint)v);
            if (v is long) return WriteInt64(s, d, (long)v);
            if (v is ulong) return WriteUInt64(s, d, (ulong)v);
            if (v is char) return String(d, v.ToString());
            return JsDomain.PushResult(d, v, s.ResultView, false);
        }

        private static JsValue String(JsDomain d, string v)
        {
            JsValue r;
            int rc;
            fixed (char* p = v) rc = ZtsNative.zts_value_new_string_utf16(d.Handle, p, v.Length, out r);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "result");
            return r;
        }

        private static Exception Unsafe(MemberSite s, string type, string value)
        {
            return new TsMarshalException("zts: cannot convert " + type + " " + value + " to a JS number: beyond ±(2^53-1) (return value of '" + s.Name + "')");
        }
    }
}
