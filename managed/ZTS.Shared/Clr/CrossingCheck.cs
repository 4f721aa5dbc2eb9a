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
