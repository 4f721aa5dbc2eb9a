using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text;
using ZTS.Shared.Bridges;
using ZTS.Shared.Clr;

namespace ZTS.GenBridges
{
    /// <summary>
    /// Writes a managed wrapper, as source, for each public method the typed entries cannot take: one with ref/out
    /// parameters (a typed entry would need storage of each by-ref value's own type) or with
    /// [TsMarshalAs(UnpackedValues)] parameters (several JS arguments make one C# argument). The wrapper reads the
    /// arguments, calls the method directly and writes zts.ref() boxes back, through the same shared calls as the
    /// Editor backend's emitted member bridge (ArgReader.Read*/ReadUnpacked/RefIn/RefOut, ResultWriter). It is
    /// ordinary code compiled at build time: nothing is made at run time.
    /// </summary>
    internal static class MemberWrapperWriter
    {
        /// <summary>True when a wrapper is written for m: a public method (a generic one closed) of a visible type with a
        /// ref/out or a valid UnpackedValues parameter, whose shape allows one (ZTS.Shared.Clr.WrapperShape: no `in`
        /// parameter, pointer, instance method of a struct, constructor, member of a delegate type) and whose types
        /// the generated C# can name.</summary>
        public static bool Covers(MethodBase mb)
        {
            var m = mb as MethodInfo;
            // A generic method is covered per closed instance (the generator closes it, Generator.GenericClosings).
            if (m == null || m.IsGenericMethodDefinition || m.ContainsGenericParameters) return false;
            if (!PlayerExpressible.Member(m)) return false; // a ref struct, a pointer, obsolete as an error
            if (PlayerExpressible.WhyNotNamed(m) != null) return false; // a name C# cannot spell
            if (!DelegateShimWriter.IsVisible(m.DeclaringType) || WrapperShape.WhyNot(m) != null) return false;
            if (m.ReturnType != typeof(void) && !DelegateShimWriter.IsVisible(m.ReturnType)) return false;
            ParameterInfo[] ps = m.GetParameters();
            if (!ps.Any(p => p.ParameterType.IsByRef || MarshalOptions.UnpackedCount(p) >= 0)) return false;
            return ps.All(p => DelegateShimWriter.IsVisible(p.ParameterType));
        }

        /// <summary>The names of the assemblies a wrapper of m refers to.</summary>
        public static IEnumerable<string> Names(MethodInfo m)
        {
            var types = new List<Type> { m.DeclaringType, m.ReturnType };
            if (m.IsGenericMethod) types.AddRange(m.GetGenericArguments());
            types.AddRange(m.GetParameters().Select(p => p.ParameterType.IsByRef ? p.ParameterType.GetElementType() : p.ParameterType));
            return types.SelectMany(t => DelegateShimWriter.Names(typeof(Action<>).MakeGenericType(t.IsByRef ? t.GetElementType() : t == typeof(void) ? typeof(object) : t)));
        }

        /// <summary>The class MemberWrappers: For(method, site) gives the wrapper's host function, or null.</summary>
        public static string Write(List<MethodInfo> methods)
        {
            var sb = new StringBuilder();
            sb.Append("\n    /// <summary>The managed wrappers of the members the typed entries cannot take (ZTS.Il2Cpp.Il2CppBridges reads For).</summary>\n");
            sb.Append("    internal static unsafe class MemberWrappers\n    {\n");
            sb.Append("        private const global::System.Reflection.BindingFlags Any = global::System.Reflection.BindingFlags.Public | ")
              .Append("global::System.Reflection.BindingFlags.Static | global::System.Reflection.BindingFlags.Instance;\n\n");
            sb.Append("        /// <summary>The wrapper of method m bound to site s, or null when the build wrote none (compared by handle:\n");
            sb.Append("        /// a base's method reached through a derived type is another MethodInfo of the same method).</summary>\n");
            sb.Append("        internal static HostFunction For(global::System.Reflection.MethodBase m, MemberSite s)\n        {\n");
            for (int n = 0; n < methods.Count; n++)
                sb.Append("            if (M").Append(n).Append(" != null && m.MethodHandle == M").Append(n).Append(".MethodHandle) return (d, thisVal, argc, argv, magic, data) => Call").Append(n)
                  .Append("(s, d, argc, argv, data);\n");
            sb.Append("            return null;\n        }\n\n");
            // A closed instance of a generic method: its definition closed over args whose parameters are `parameters`
            // (an instance's handle is the one the binder's zts.generic_method or inference closes).
            sb.Append("        private static global::System.Reflection.MethodBase Closed(Type owner, string name, Type[] args, Type[] parameters)\n        {\n");
            sb.Append("            foreach (global::System.Reflection.MethodInfo g in owner.GetMethods(Any))\n            {\n");
            sb.Append("                if (g.Name != name || !g.IsGenericMethodDefinition || g.GetGenericArguments().Length != args.Length || g.GetParameters().Length != parameters.Length) continue;\n");
            sb.Append("                global::System.Reflection.MethodInfo c;\n");
            sb.Append("                try { c = g.MakeGenericMethod(args); } catch (ArgumentException) { continue; }\n");
            sb.Append("                global::System.Reflection.ParameterInfo[] ps = c.GetParameters();\n");
            sb.Append("                int i = 0;\n                while (i < ps.Length && ps[i].ParameterType == parameters[i]) i++;\n");
            sb.Append("                if (i == ps.Length) return c;\n            }\n            return null;\n        }\n");
            for (int n = 0; n < methods.Count; n++) Wrapper(sb, n, methods[n]);
            sb.Append("    }\n");
            return sb.ToString();
        }

        private static void Wrapper(StringBuilder sb, int n, MethodInfo m)
        {
            ParameterInfo[] ps = m.GetParameters();
            string owner = DelegateShimWriter.Name(m.DeclaringType);
            sb.Append("\n        // ").Append(CsNames.Comment(m.DeclaringType + "." + m)).Append('\n');
            string types = "new global::System.Type[] { " + string.Join(", ", ps.Select(p => p.ParameterType.IsByRef ? "typeof(" + DelegateShimWriter.Name(p.ParameterType.GetElementType()) + ").MakeByRefType()"
                                                                                                     : "typeof(" + DelegateShimWriter.Name(p.ParameterType) + ")")) + " }";
            sb.Append("        private static readonly global::System.Reflection.MethodBase M").Append(n).Append(" = ");
            if (m.IsGenericMethod)
                sb.Append("Closed(typeof(").Append(owner).Append("), ").Append(CsNames.Literal(m.Name)).Append(", new global::System.Type[] { ")
                  .Append(string.Join(", ", m.GetGenericArguments().Select(a => "typeof(" + DelegateShimWriter.Name(a) + ")"))).Append(" }, ").Append(types).Append(");\n\n");
            else
                sb.Append("typeof(").Append(owner).Append(").GetMethod(").Append(CsNames.Literal(m.Name)).Append(", Any, null, ").Append(types).Append(", null);\n\n");
            sb.Append("        private static JsValue Call").Append(n).Append("(MemberSite s, JsDomain d, int argc, JsValue* argv, JsValue* data)\n        {\n");
            // As the Editor's bridge: after an UnpackedValues parameter, argv, data and argc are shifted past its extra
            // JS arguments, so that the index stays the C# position.
            var offsets = new int[ps.Length];
            for (int i = 0, offset = 0; i < ps.Length; i++)
            {
                offsets[i] = offset;
                offset += Math.Max(MarshalOptions.UnpackedCount(ps[i]), 1) - 1;
            }
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                string args = Args(i, offsets[i]);
                if (pt.IsByRef)
                {
                    Type e = pt.GetElementType();
                    sb.Append("            ").Append(DelegateShimWriter.Name(e)).Append(" a").Append(i).Append(" = (").Append(DelegateShimWriter.Name(e))
                      .Append(")ArgReader.RefIn").Append(args).Append(";\n");
                    continue;
                }
                string read = MarshalOptions.UnpackedCount(ps[i]) >= 0 ? "(" + DelegateShimWriter.Name(pt) + ")ArgReader.ReadUnpacked" + args : Read(pt, args, i);
                sb.Append("            ").Append(DelegateShimWriter.Name(pt)).Append(" a").Append(i).Append(" = ").Append(read).Append(";\n");
            }
            string typeArgs = m.IsGenericMethod ? "<" + string.Join(", ", m.GetGenericArguments().Select(DelegateShimWriter.Name)) + ">" : "";
            string call = (m.IsStatic ? owner : "((" + owner + ")ArgReader.This(s, d, data))") + "." + CsNames.Id(m.Name) + typeArgs + "(" +
                          string.Join(", ", ps.Select((p, i) => (p.ParameterType.IsByRef ? (p.IsOut ? "out " : "ref ") : "") + "a" + i)) + ")";
            sb.Append("            ").Append(m.ReturnType == typeof(void) ? "" : DelegateShimWriter.Name(m.ReturnType) + " r = ").Append(call).Append(";\n");
            // As the Editor's bridge: the boxes are written back after the call, then the result is written.
            for (int i = 0; i < ps.Length; i++)
                if (ps[i].ParameterType.IsByRef)
                    sb.Append("            ArgReader.RefOut(s, d, ").Append(offsets[i] == 0 ? "argv" : "argv + " + offsets[i]).Append(", ").Append(i)
                      .Append(", a").Append(i).Append(");\n");
            sb.Append("            return ").Append(Write(m.ReturnType)).Append(";\n        }\n");
        }

        // (s, d, argv, data, argc, i), shifted by offset JS arguments.
        private static string Args(int i, int offset)
        {
            return offset == 0 ? "(s, d, argv, data, argc, " + i + ")"
                               : "(s, d, argv + " + offset + ", data + " + offset + ", argc - " + offset + ", " + i + ")";
        }

        // The shared reader of a by-value parameter (a Table parameter is the site's to decide, as in PlayerEntries.ReadO).
        private static string Read(Type t, string args, int i)
        {
            Type u = TagTypes.Underlying(t);
            if (TagTypes.IsPrimitive(t))
                return (u == t ? "" : "(" + DelegateShimWriter.Name(t) + ")") + "ArgReader.Read" + u.Name + args;
            return "(" + DelegateShimWriter.Name(t) + ")(s.ParamTables[" + i + "] != null ? ArgReader.ReadTable" + args + " : ArgReader.ReadObject" + args + ")";
        }

        private static string Write(Type t)
        {
            if (t == typeof(void)) return "ResultWriter.WriteVoid(s, d)";
            Type u = TagTypes.Underlying(t);
            if (TagTypes.IsPrimitive(t)) return "ResultWriter.Write" + u.Name + "(s, d, (" + DelegateShimWriter.Name(u) + ")r)";
            return "ResultWriter.WriteBoxed(s, d, r)";
        }
    }
}
