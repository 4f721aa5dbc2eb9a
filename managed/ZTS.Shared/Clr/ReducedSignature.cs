using System;
using System.Reflection;
using System.Text;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The Player backend's reduction rule (docs/PLAYER.md "Reduced signatures"), used by the build-time bridge
    /// generator (tools/gen-bridges) and by the runtime when it binds a member, so both name a bridge the same way.
    /// A reduced signature keeps what the typed call needs at the machine level: the call kind ("s" static, "i"
    /// instance, "n" constructor), the return and each parameter as one code. Primitives keep their own code,
    /// an enum becomes its underlying type, string stays, every other reference type becomes "o" (object).
    /// Value types other than primitives and enums, by-ref parameters, pointers and open generics have no code:
    /// such a member has no bridge, and binding it is a zts: error naming the member and this rule.
    /// </summary>
    internal static class ReducedSignature
    {
        /// <summary>Parameters a generated bridge takes at most.</summary>
        public const int MaxParameters = 8;

        /// <summary>The reduced signature of a method or constructor ("s:i4(i4,i4)"), or null with why set.</summary>
        public static string Of(MethodBase m, out string why)
        {
            why = null;
            if (m.ContainsGenericParameters) { why = "an open generic method"; return null; }
            var ctor = m as ConstructorInfo;
            if (ctor != null && m.DeclaringType.IsValueType) { why = "a struct constructor"; return null; }
            if (!m.IsStatic && ctor == null && m.DeclaringType.IsValueType) { why = "an instance method of a struct"; return null; }
            ParameterInfo[] ps = m.GetParameters();
            if (ps.Length > MaxParameters) { why = "more than " + MaxParameters + " parameters"; return null; }
            var sb = new StringBuilder(ctor != null ? "n:" : m.IsStatic ? "s:" : "i:");
            string ret = ctor != null ? "v" : Code(((MethodInfo)m).ReturnType);
            if (ret == null) { why = "its return type " + ((MethodInfo)m).ReturnType.Name; return null; }
            sb.Append(ret).Append('(');
            for (int i = 0; i < ps.Length; i++)
            {
                string c = Code(ps[i].ParameterType);
                if (c == null || c == "v") { why = "parameter " + (i + 1) + " of type " + ps[i].ParameterType.Name; return null; }
                if (i > 0) sb.Append(',');
                sb.Append(c);
            }
            return sb.Append(')').ToString();
        }

        /// <summary>The code of one type, or null when the rule has none.</summary>
        public static string Code(Type t)
        {
            if (t == typeof(void)) return "v";
            if (t.IsByRef || t.IsPointer || t.ContainsGenericParameters) return null;
            if (t.IsEnum) t = Enum.GetUnderlyingType(t);
            switch (Type.GetTypeCode(t))
            {
                case TypeCode.Boolean: return "z";
                case TypeCode.Char: return "c";
                case TypeCode.SByte: return "i1";
                case TypeCode.Byte: return "u1";
                case TypeCode.Int16: return "i2";
                case TypeCode.UInt16: return "u2";
                case TypeCode.Int32: return "i4";
                case TypeCode.UInt32: return "u4";
                case TypeCode.Int64: return "i8";
                case TypeCode.UInt64: return "u8";
                case TypeCode.Single: return "r4";
                case TypeCode.Double: return "r8";
                case TypeCode.String: return "s";
            }
            return t.IsValueType ? null : "o";
        }
    }
}
