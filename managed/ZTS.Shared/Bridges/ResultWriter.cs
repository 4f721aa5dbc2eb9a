using System;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared.Bridges
{
    /// <summary>
    /// C# -> JS results of member bridges (SPEC_MAP D5): primitives encode by tag, strings take one call,
    /// objects are pushed through the registry under the member's declared result type (the view).
    /// Signature of every writer: (site, domain, value) -> JsValue (owned by the caller).
    /// </summary>
    internal static unsafe class ResultWriter
    {
        /// <summary>The kinds of BoxedResultOf.</summary>
        public enum BoxedResult { Any, Struct, Object }

        public static JsValue WriteVoid(MemberSite s, JsDomain d) { return JsValue.Undefined; }
        public static JsValue WriteBoolean(MemberSite s, JsDomain d, bool v) { return JsValue.FromBool(v); }
        public static JsValue WriteSByte(MemberSite s, JsDomain d, sbyte v) { return JsValue.FromInt32(v); }
        public static JsValue WriteByte(MemberSite s, JsDomain d, byte v) { return JsValue.FromInt32(v); }
        public static JsValue WriteInt16(MemberSite s, JsDomain d, short v) { return JsValue.FromInt32(v); }
        public static JsValue WriteUInt16(MemberSite s, JsDomain d, ushort v) { return JsValue.FromInt32(v); }
        public static JsValue WriteInt32(MemberSite s, JsDomain d, int v) { return JsValue.FromInt32(v); }
        public static JsValue WriteSingle(MemberSite s, JsDomain d, float v) { return JsValue.FromDouble(v); }
        public static JsValue WriteDouble(MemberSite s, JsDomain d, double v) { return JsValue.FromDouble(v); }

        public static JsValue WriteUInt32(MemberSite s, JsDomain d, uint v) { return ValueRules.FromUInt32(v); }
        // The Player writes IntPtr/UIntPtr results through these (ReducedSignature.Code: i8/u8): the text names the declared type.
        public static JsValue WriteInt64(MemberSite s, JsDomain d, long v)
        {
            return ValueRules.FromInt64(v, Where.Result(s.Name));
        }

        public static JsValue WriteUInt64(MemberSite s, JsDomain d, ulong v)
        {
            return ValueRules.FromUInt64(v, Where.Result(s.Name));
        }
        public static JsValue WriteIntPtr(MemberSite s, JsDomain d, IntPtr v) { return ValueRules.FromIntPtr(v, Where.Result(s.Name)); }
        public static JsValue WriteUIntPtr(MemberSite s, JsDomain d, UIntPtr v) { return ValueRules.FromUIntPtr(v, Where.Result(s.Name)); }
        public static JsValue WriteChar(MemberSite s, JsDomain d, char v) { return ValueRules.FromString(d, v.ToString()); }
        public static JsValue WriteString(MemberSite s, JsDomain d, string v) { return ValueRules.FromString(d, v); }

        /// <summary>A class, interface, array or delegate result: pushed under the declared view (by the core, after return).</summary>
        public static JsValue WriteObject(MemberSite s, JsDomain d, object v)
        {
            if (v is System.Threading.Tasks.Task) return ValueRules.FromClr(d, v, s.ResultType, s.ResultView, Where.Result(s.Name)); // a Promise
            return v == null ? JsValue.Null : JsDomain.PushSiteResult(d, v, s);
        }

        /// <summary>A constructor's result: a new object cannot be in the identity cache yet, so it is registered
        /// without a lookup (and entered, for later pushes); a struct is a fresh copy as for any struct result.</summary>
        public static JsValue WriteNew(MemberSite s, JsDomain d, object v)
        {
            if (s.ResultBoxed == BoxedResult.Struct) return WriteStruct(s, d, v);
            if (v is IntPtr || v is UIntPtr) return WriteAny(s, d, v); // new IntPtr(5) is the number 5, as any IntPtr
            if (v is string) return WriteString(s, d, (string)v); // new String('x', 3) is the JS string 'xxx', as any string
            if (v is System.Threading.Tasks.Task) return WriteObject(s, d, v);
            return JsDomain.PushNewResult(d, v, s.ResultView);
        }

        /// <summary>A class constructor's result on the Editor, whose bridge read the registry's Taken before the
        /// constructor ran (taken): when a slot was taken since, the constructor may have pushed `this` (handed it to a
        /// JS callback), so the object is looked up as any result; else WriteNew, with no lookup.</summary>
        public static JsValue WriteNewAfter(MemberSite s, JsDomain d, object v, int taken)
        {
            return d.Registry.Taken != taken ? WriteBoxed(s, d, v) : WriteNew(s, d, v);
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

        /// <summary>How a result declared t that is neither a primitive nor a string is written (both backends pick by
        /// it): Any for object and Nullable (encoded by the runtime value), Struct for other value types (boxed fresh
        /// for this push), Object for classes, interfaces, arrays and delegates.</summary>
        public static BoxedResult BoxedResultOf(Type t)
        {
            // IntPtr/UIntPtr are numbers (FromClr), not struct copies: the Player's "o" results come boxed.
            if (t == typeof(object) || Nullable.GetUnderlyingType(t) != null || t == typeof(IntPtr) || t == typeof(UIntPtr)) return BoxedResult.Any;
            return t.IsValueType ? BoxedResult.Struct : BoxedResult.Object;
        }

        /// <summary>The writer method BoxedResultOf(t) names, for the bridges that call it directly.</summary>
        public static string BoxedWriterName(Type t)
        {
            BoxedResult k = BoxedResultOf(t);
            return k == BoxedResult.Any ? "WriteAny" : k == BoxedResult.Struct ? "WriteStruct" : "WriteObject";
        }

        /// <summary>A boxed result of a site whose result type is neither a primitive nor a string, for callers that
        /// hold it as object: a Table when the site says so, else the writer BoxedResultOf picks.</summary>
        public static JsValue WriteBoxed(MemberSite s, JsDomain d, object v)
        {
            if (s.ResultTable != null) return WriteTable(s, d, v);
            switch (s.ResultBoxed)
            {
                case BoxedResult.Struct: return WriteStruct(s, d, v);
                case BoxedResult.Object: return WriteObject(s, d, v);
                default: return WriteAny(s, d, v);
            }
        }

        /// <summary>A result declared object or Nullable: the general rule (primitives and strings by value,
        /// the rest pushed under the declared view).</summary>
        public static JsValue WriteAny(MemberSite s, JsDomain d, object v)
        {
            return ValueRules.FromClr(d, v, s.ResultRule, s.ResultView, Where.Result(s.Name));
        }
    }
}
