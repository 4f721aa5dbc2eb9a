using System;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The rule set (ValueRules) for the paths that carry a location text and own their JS value: zts.ref
    /// and opaque values, Table and UnpackedValues members.
    /// </summary>
    internal static unsafe class ValueConvert
    {
        /// <summary>The element rule of JS array copies (<see cref="JsArrayCopy"/>): FromJs of a borrowed value.</summary>
        public static readonly ElementRule Element = (d, v, t, where) => FromJs(d, v, t, where, true);

        /// <summary>Converts v (consumed) to type t; `where` names the value in errors.</summary>
        public static object FromJs(JsDomain d, JsValue v, Type t, string where)
        {
            return FromJs(d, v, t, where, false);
        }

        /// <summary>Converts v to type t; a borrowed v is not freed.</summary>
        public static object FromJs(JsDomain d, JsValue v, Type t, string where, bool borrowed)
        {
            try
            {
                return ValueRules.ToClr(d, v, t, ValueRules.SlotUnknown, Where.Text(where));
            }
            finally
            {
                if (v.IsRefCounted && !borrowed) ZtsNative.zts_value_free(d.Handle, v);
            }
        }

        /// <summary>FromJs with the declared type's rule computed once (ClrRule.Of).</summary>
        public static object FromJs(JsDomain d, JsValue v, ClrRule r, string where, bool borrowed)
        {
            try
            {
                return ValueRules.ToClr(d, v, r, ValueRules.SlotUnknown, Where.Text(where));
            }
            finally
            {
                if (v.IsRefCounted && !borrowed) ZtsNative.zts_value_free(d.Handle, v);
            }
        }

        /// <summary>ToJs with the declared type's rule computed once (ClrRule.Of).</summary>
        public static JsValue ToJs(JsDomain d, object o, ClrRule r, string where)
        {
            return ValueRules.FromClr(d, o, r, 0, Where.Text(where));
        }

        /// <summary>Converts o, declared as type t, to an owned JS value.</summary>
        public static JsValue ToJs(JsDomain d, object o, Type t, string where)
        {
            return ValueRules.FromClr(d, o, t, 0, Where.Text(where));
        }
    }
}
