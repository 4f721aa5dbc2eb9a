using System;
using System.Linq;
using System.Reflection;
using ZTS.Shared.Clr;

namespace ZTS.GenBridges
{
    /// <summary>
    /// What the generated C# can name and the Player can call: the rule that keeps a game's public API from breaking
    /// the build. A member whose signature holds a ref struct (Span, ReadOnlySpan: the DateTime and TimeSpan parsers
    /// take them), a pointer, a varargs list or a type obsolete as an error (CS0619) is left out of the bridges, shims,
    /// wrappers and accessors and listed with this reason in the coverage report (PlayerBuild).
    /// </summary>
    internal static class PlayerExpressible
    {
        /// <summary>Why t cannot appear in a generated member, or null when it can.</summary>
        public static string WhyNot(Type t)
        {
            if (t.IsPointer) return "a pointer type (" + t.Name + ")";
            if (t.IsByRef || t.IsArray) return WhyNot(t.GetElementType());
            if (t.IsGenericParameter) return null;
            string name = WhyNotNamed(t);
            if (name != null) return name;
            if (ReducedSignature.IsRefStruct(t)) return "a ref struct (" + t.Name + ")";
            if (IsObsoleteError(t)) return "a type obsolete as an error (" + t.Name + ")";
            if (t.IsGenericType)
                foreach (Type a in t.GetGenericArguments())
                {
                    string why = WhyNot(a);
                    if (why != null) return why;
                }
            return null;
        }

        /// <summary>Why the generated C# cannot name t (IL allows any string as a namespace or type name: a keyword is
        /// written @keyword, anything else that is not a C# identifier leaves the type out), or null.</summary>
        public static string WhyNotNamed(Type t)
        {
            if (t.IsNested)
            {
                string outer = WhyNotNamed(t.DeclaringType);
                if (outer != null) return outer;
            }
            else
            {
                string ns = CsNames.WhyNotNamespace(t.Namespace);
                if (ns != null) return "a type whose name C# cannot spell (" + CsNames.Comment(t.FullName) + ": " + ns + ")";
            }
            string name = t.Name;
            int tick = name.IndexOf('`');
            int arity;
            if (tick >= 0 && int.TryParse(name.Substring(tick + 1), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out arity))
                name = name.Substring(0, tick);
            string why = CsNames.WhyNot(name);
            return why == null ? null : "a type whose name C# cannot spell (" + CsNames.Comment(t.FullName) + ": " + why + ")";
        }

        /// <summary>Why a generated wrapper cannot name member m (a method or property name that is not a C# identifier;
        /// the member then takes the typed entry's path, or is left out when it has none), or null.</summary>
        public static string WhyNotNamed(MemberInfo m)
        {
            if (m is ConstructorInfo) return null;
            string why = CsNames.WhyNot(m.Name);
            return why == null ? null : "its name C# cannot spell (" + why + ")";
        }

        /// <summary>True when t can appear in a generated member.</summary>
        public static bool Type(Type t)
        {
            return WhyNot(t) == null;
        }

        /// <summary>Why member m cannot be called from generated code, or null when it can.</summary>
        public static string WhyNot(MethodBase m)
        {
            if (IsObsoleteError(m)) return "obsolete as an error";
            if ((m.CallingConvention & CallingConventions.VarArgs) != 0) return "a varargs method";
            var mi = m as MethodInfo;
            if (mi != null)
            {
                string r = WhyNot(mi.ReturnType);
                if (r != null) return "its return type is " + r;
            }
            ParameterInfo[] ps = m.GetParameters();
            for (int i = 0; i < ps.Length; i++)
            {
                string p = WhyNot(ps[i].ParameterType);
                if (p != null) return "parameter " + (i + 1) + " is " + p;
            }
            return null;
        }

        /// <summary>True when m can be called from generated code.</summary>
        public static bool Member(MethodBase m)
        {
            return WhyNot(m) == null;
        }

        /// <summary>True when m carries [Obsolete(..., true)]: naming it is the C# error CS0619.</summary>
        public static bool IsObsoleteError(MemberInfo m)
        {
            return m.GetCustomAttributes(typeof(ObsoleteAttribute), false).Cast<ObsoleteAttribute>().Any(o => o.IsError);
        }
    }
}
