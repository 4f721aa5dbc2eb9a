using System;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// What a C# object reads as in JS text (issue 12): the root prototypes of C# types get a `toString` that calls
    /// the object's ToString(), so String(obj), template strings, `+` and console.log show it, for classes and
    /// structs alike. A ToString() that throws shows "&lt;ToString threw Full.Type.Name: message&gt;".
    /// </summary>
    internal static unsafe class ObjectText
    {
        /// <summary>Registers the toString of d's root prototypes (before any type is bound).</summary>
        public static void Install(JsDomain d)
        {
            int id = d.AddHostFunction(ToStringCall);
            int rc = ZtsNative.zts_object_set_to_string(d.Handle, id);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "toString");
        }

        /// <summary>o.ToString(), or the &lt;ToString threw ...&gt; text; "" for a null result.</summary>
        public static string Of(object o)
        {
            try
            {
                return o.ToString() ?? "";
            }
            catch (Exception e)
            {
                string message;
                try
                {
                    message = e.Message;
                }
                catch (Exception)
                {
                    message = "<the exception's message could not be read>";
                }
                return "<ToString threw " + e.GetType().FullName + ": " + message + ">";
            }
        }

        private static JsValue ToStringCall(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            object o = Conversion.ValueRules.Exotic(d, thisVal, Conversion.ValueRules.SlotUnknown);
            if (o == null) throw new TsMarshalException("zts: toString of a C# type's prototype needs a C# object as this");
            return Conversion.ValueRules.FromString(d, Of(o));
        }
    }
}
