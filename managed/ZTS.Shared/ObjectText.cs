using System;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// What a C# object reads as in JS text: the root prototypes of C# types get a `toString` that calls
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
            if (d.Policy != null && !PolicyAllowsToString(d.Policy, o.GetType()))
                return Conversion.ValueRules.FromString(d, o.GetType().FullName); // object.ToString's text: no code of the type runs
            return Conversion.ValueRules.FromString(d, Of(o));
        }

        private static readonly System.Collections.Generic.Dictionary<Type, System.Reflection.MethodInfo> ToStrings =
            new System.Collections.Generic.Dictionary<Type, System.Reflection.MethodInfo>();

        // Whether the script policy lets the object's own ToString run: String(obj), templates and console.log reach
        // an override of a denied runtime type (or a denied ToString) through this function, the one path into it
        // that is no bound member (docs/POLICY.md, "Every way into the CLR"; tests/policy/cases Policy_ToString_*).
        private static bool PolicyAllowsToString(TsScriptPolicy policy, Type t)
        {
            System.Reflection.MethodInfo m;
            lock (ToStrings)
                if (!ToStrings.TryGetValue(t, out m)) ToStrings[t] = m = t.GetMethod("ToString", Type.EmptyTypes);
            return m == null || m.DeclaringType == typeof(object) || policy.AllowsMember(t, m, "ToString");
        }
    }
}
