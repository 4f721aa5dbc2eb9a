using System;
using System.Reflection;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The bind-time rule both backends apply to every type a member takes or gives: an open generic type or a
    /// type that cannot cross to JS at all (TsMemberRules.IsUncrossable: IntPtr, UIntPtr, pointers) makes the
    /// member a zts: error at first bind, with the same text on both backends.
    /// </summary>
    internal static class CrossingCheck
    {
        /// <summary>Throws TsBindException when t (or the type a ref/out parameter refers to) cannot cross.</summary>
        public static void Check(Type t, MemberInfo m)
        {
            if (t.IsByRef) t = t.GetElementType(); // ref/out: zts.ref() boxes
            if (t.ContainsGenericParameters || TsMemberRules.IsUncrossable(t))
                throw new TsBindException("zts: cannot bind '" + MemberName(m) + "': type " + t + " cannot cross to JS");
        }

        /// <summary>Throws TsBindException when a parameter or the result of delegateType's Invoke cannot cross (the rule
        /// of C# -> JS delegates, with the same text on both backends, before anything else about the type is asked).</summary>
        public static void CheckDelegate(Type delegateType)
        {
            MethodInfo invoke = delegateType.GetMethod("Invoke");
            if (invoke == null) return;
            ParameterInfo[] ps = invoke.GetParameters();
            for (int i = 0; i < ps.Length; i++)
            {
                Type t = ps[i].ParameterType;
                CheckDelegateType(delegateType, t.IsByRef ? t.GetElementType() : t, "parameter " + (i + 1) + " ('" + ps[i].Name + "')");
            }
            if (invoke.ReturnType != typeof(void)) CheckDelegateType(delegateType, invoke.ReturnType, "the return type");
        }

        private static void CheckDelegateType(Type delegateType, Type t, string what)
        {
            if (Bridges.TagTypes.IsPrimitive(t)) return;
            if (t.IsByRef || t.ContainsGenericParameters || TsMemberRules.IsUncrossable(t))
                throw new TsBindException("zts: cannot bind " + delegateType.FullName + ": " + what + " has type " + t +
                                          ", which cannot cross to JS");
            // Everything else crosses as a C# object (ByObj, pushed under its declared type).
        }

        /// <summary>"T.M" for a method, property or field; "T constructor" for a constructor or a struct's implicit one
        /// (m is the struct type); "T[] element" for an array type.</summary>
        public static string MemberName(MemberInfo m)
        {
            var type = m as Type;
            if (type != null) return type.IsArray ? type.Name + " element" : type.Name + " constructor";
            if (m is ConstructorInfo) return m.DeclaringType.Name + " constructor";
            return m.DeclaringType.Name + "." + m.Name;
        }
    }
}
