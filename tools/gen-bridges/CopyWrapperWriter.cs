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
    /// Writes a managed wrapper, as source, for each public method, property accessor and constructor whose signature
    /// holds a struct that crosses as a native copy (CopyLayout, 10-LIFETIME §3.1): a parameter, the result, or `this`
    /// of the struct's own members. A typed entry (the unmanaged thunk) takes and returns such a struct boxed; the
    /// wrapper instead reads each copy argument from its bytes (ZTS_STRUCT_REF_TAG), acts on `this` in place through a
    /// pointer to JS's copy, and writes a copy result's bytes into the domain's result buffer (ZTS_RESULT_STRUCT_TAG), as
    /// the Editor's emitted bridge does (managed/ZTS.Mono/Bridges/MemberBridgeBuilder.cs: EmitCopyRead, EmitThis,
    /// EmitCopyResult): no box, no registry slot. Every other argument and result goes through the shared readers and
    /// writers. Ordinary code compiled at build time: nothing is made at run time.
    /// </summary>
    internal static class CopyWrapperWriter
    {
        /// <summary>True when a wrapper is written for m.</summary>
        public static bool Covers(MethodBase m)
        {
            if (m == null || !m.IsPublic || m.IsGenericMethodDefinition || m.ContainsGenericParameters || m.IsAbstract && !m.DeclaringType.IsInterface) return false;
            Type owner = m.DeclaringType;
            if (owner.IsGenericType || owner.IsInterface || !DelegateShimWriter.IsVisible(owner) || typeof(Delegate).IsAssignableFrom(owner)) return false;
            if (!PlayerExpressible.Member(m)) return false;
            var method = m as MethodInfo;
            if (method != null && method.IsGenericMethod) return false;
            if (m.IsSpecialName && !(m is ConstructorInfo) && Property(method) == null && Indexer(method) == null && Operator(method) == null)
                return false; // events, op_True and the like: the boxed path
            if (m is ConstructorInfo && (owner.IsAbstract || m.IsStatic)) return false;
            Type ret = method != null ? method.ReturnType : owner;
            if (ret.IsByRef || ret.IsPointer || (ret != typeof(void) && !DelegateShimWriter.IsVisible(ret))) return false;
            ParameterInfo[] ps = m.GetParameters();
            if (ps.Length > 8) return false;
            foreach (ParameterInfo p in ps)
            {
                if (p.ParameterType.IsByRef || p.ParameterType.IsPointer || !DelegateShimWriter.IsVisible(p.ParameterType)) return false;
                if (MarshalOptions.UnpackedCount(p) >= 0 || p.IsDefined(typeof(TsMarshalAsAttribute), false)) return false;
            }
            if (method != null && method.ReturnParameter.IsDefined(typeof(TsMarshalAsAttribute), false)) return false;
            bool copyThis = !m.IsStatic && !(m is ConstructorInfo) && IsCopy(owner);
            return copyThis || IsCopy(ret) || ps.Any(p => IsCopy(p.ParameterType));
        }

        /// <summary>The names of the assemblies a wrapper of m refers to.</summary>
        public static IEnumerable<string> Names(MethodBase m)
        {
            var types = new List<Type> { m.DeclaringType };
            var method = m as MethodInfo;
            if (method != null && method.ReturnType != typeof(void)) types.Add(method.ReturnType);
            types.AddRange(m.GetParameters().Select(p => p.ParameterType));
            return types.SelectMany(t => DelegateShimWriter.Names(typeof(Action<>).MakeGenericType(t)));
        }

        private static bool IsCopy(Type t)
        {
            return t.IsValueType && !t.IsGenericType && !t.IsPrimitive && !t.IsEnum && DelegateShimWriter.IsVisible(t) && CopyLayout.For(t) != null && !CopyLayout.For(t).Scanned;
        }

        // The property of an accessor without index parameters (an indexer keeps the boxed path), or null.
        private static PropertyInfo Property(MethodInfo m)
        {
            if (m == null || !m.IsSpecialName || !(m.Name.StartsWith("get_", StringComparison.Ordinal) || m.Name.StartsWith("set_", StringComparison.Ordinal))) return null;
            foreach (PropertyInfo p in m.DeclaringType.GetProperties(BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly))
                if ((p.GetGetMethod() == m || p.GetSetMethod() == m) && p.GetIndexParameters().Length == 0) return p;
            return null;
        }

        // The indexer of an accessor with index parameters (`this[i]`, Matrix4x4's `this[row, column]`), or null.
        private static PropertyInfo Indexer(MethodInfo m)
        {
            if (m == null || !m.IsSpecialName || m.IsStatic) return null;
            foreach (PropertyInfo p in m.DeclaringType.GetProperties(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly))
                if ((p.GetGetMethod() == m || p.GetSetMethod() == m) && p.GetIndexParameters().Length > 0) return p;
            return null;
        }

        // C#'s syntax of a user-defined operator method, which C# cannot call by name: "{0} + {1}", "-{0}", "(R){0}".
        private static readonly Dictionary<string, string> Operators = new Dictionary<string, string>
        {
            { "op_Addition", "{0} + {1}" }, { "op_Subtraction", "{0} - {1}" }, { "op_Multiply", "{0} * {1}" }, { "op_Division", "{0} / {1}" },
            { "op_Modulus", "{0} % {1}" }, { "op_Equality", "{0} == {1}" }, { "op_Inequality", "{0} != {1}" }, { "op_LessThan", "{0} < {1}" },
            { "op_GreaterThan", "{0} > {1}" }, { "op_LessThanOrEqual", "{0} <= {1}" }, { "op_GreaterThanOrEqual", "{0} >= {1}" },
            { "op_BitwiseAnd", "{0} & {1}" }, { "op_BitwiseOr", "{0} | {1}" }, { "op_ExclusiveOr", "{0} ^ {1}" },
            { "op_UnaryNegation", "-{0}" }, { "op_UnaryPlus", "+{0}" }, { "op_LogicalNot", "!{0}" }, { "op_OnesComplement", "~{0}" },
            { "op_Implicit", "({R}){0}" }, { "op_Explicit", "({R}){0}" },
        };

        private static string Operator(MethodInfo m)
        {
            string form;
            if (m == null || !m.IsSpecialName || !m.IsStatic || !Operators.TryGetValue(m.Name, out form)) return null;
            int arity = form.Contains("{1}") ? 2 : 1;
            return m.GetParameters().Length == arity ? form : null;
        }

        /// <summary>The class CopyWrappers: For(method, site) gives the wrapper's host function, or null.</summary>
        public static string Write(List<MethodBase> members)
        {
            var sb = new StringBuilder();
            sb.Append("\n    /// <summary>The managed wrappers of the members whose signature holds a struct copy (ZTS.Il2Cpp.Il2CppBridges reads For).</summary>\n");
            sb.Append("    internal static unsafe class CopyWrappers\n    {\n");
            sb.Append("        private const global::System.Reflection.BindingFlags Any = global::System.Reflection.BindingFlags.Public | ")
              .Append("global::System.Reflection.BindingFlags.Static | global::System.Reflection.BindingFlags.Instance;\n\n");
            sb.Append("        private static global::System.Collections.Generic.Dictionary<global::System.RuntimeMethodHandle, int> _index;\n\n");
            sb.Append("        /// <summary>The wrapper of member m bound to site s, or null when the build wrote none.</summary>\n");
            sb.Append("        internal static HostFunction For(global::System.Reflection.MethodBase m, MemberSite s)\n        {\n");
            sb.Append("            if (_index == null)\n            {\n");
            sb.Append("                var index = new global::System.Collections.Generic.Dictionary<global::System.RuntimeMethodHandle, int>();\n");
            for (int n = 0; n < members.Count; n++)
                sb.Append("                Add(index, ").Append(Lookup(members[n])).Append(", ").Append(n).Append(");\n");
            sb.Append("                _index = index;\n            }\n");
            sb.Append("            int k;\n            if (!_index.TryGetValue(m.MethodHandle, out k)) return null;\n");
            sb.Append("            switch (k)\n            {\n");
            for (int n = 0; n < members.Count; n++)
                sb.Append("                case ").Append(n).Append(": return (d, thisVal, argc, argv, magic, data) => C").Append(n).Append("(s, d, argc, argv, data);\n");
            sb.Append("            }\n            return null;\n        }\n\n");
            sb.Append("        private static void Add(global::System.Collections.Generic.Dictionary<global::System.RuntimeMethodHandle, int> index, global::System.Reflection.MethodBase m, int k)\n");
            sb.Append("        {\n            if (m != null) index[m.MethodHandle] = k;\n        }\n");
            for (int n = 0; n < members.Count; n++) Wrapper(sb, n, members[n]);
            sb.Append("    }\n");
            return sb.ToString();
        }

        private static string Types(MethodBase m)
        {
            return "new global::System.Type[] { " + string.Join(", ", m.GetParameters().Select(p => "typeof(" + DelegateShimWriter.Name(p.ParameterType) + ")")) + " }";
        }

        private static string Lookup(MethodBase m)
        {
            string owner = "typeof(" + DelegateShimWriter.Name(m.DeclaringType) + ")";
            if (m is ConstructorInfo) return owner + ".GetConstructor(Any, null, " + Types(m) + ", null)";
            return owner + ".GetMethod(\"" + m.Name + "\", Any | global::System.Reflection.BindingFlags.DeclaredOnly, null, " + Types(m) + ", null)";
        }

        private static void Wrapper(StringBuilder sb, int n, MethodBase m)
        {
            ParameterInfo[] ps = m.GetParameters();
            Type declaring = m.DeclaringType;
            string owner = DelegateShimWriter.Name(declaring);
            var method = m as MethodInfo;
            Type ret = method != null ? method.ReturnType : declaring;
            sb.Append("\n        // ").Append(declaring).Append('.').Append(m).Append('\n');
            sb.Append("        private static JsValue C").Append(n).Append("(MemberSite s, JsDomain d, int argc, JsValue* argv, JsValue* data)\n        {\n");
            string self = owner;
            if (!m.IsStatic && !(m is ConstructorInfo))
            {
                if (IsCopy(declaring))
                {
                    // `this` is JS's copy: the member acts on its bytes (a box only if the core passed one).
                    sb.Append("            ").Append(owner).Append("* self; ").Append(owner).Append(" boxed;\n");
                    sb.Append("            if (data[1].Tag == JsValue.StructRefTag) self = (").Append(owner).Append("*)((ZtsStructRef*)data[1].Ptr)->Bytes;\n");
                    sb.Append("            else { boxed = (").Append(owner).Append(")ArgReader.This(s, d, data); self = &boxed; }\n");
                    self = "self->";
                }
                else
                {
                    sb.Append("            ").Append(owner).Append(" self = (").Append(owner).Append(")ArgReader.This(s, d, data);\n");
                    self = "self.";
                }
            }
            else self = owner + ".";
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                string name = DelegateShimWriter.Name(pt);
                string args = "(s, d, argv, data, argc, " + i + ")";
                sb.Append("            ").Append(name).Append(" a").Append(i).Append(" = ");
                if (IsCopy(pt))
                    sb.Append("argc > ").Append(i).Append(" && data[").Append(2 + i).Append("].Tag == JsValue.StructRefTag && ((ZtsStructRef*)data[").Append(2 + i)
                      .Append("].Ptr)->TypeId == s.CopyIds[").Append(i).Append("] ? *(").Append(name).Append("*)((ZtsStructRef*)data[").Append(2 + i)
                      .Append("].Ptr)->Bytes : (").Append(name).Append(")ArgReader.ReadObject").Append(args).Append(";\n");
                else sb.Append(Read(pt, args)).Append(";\n");
            }
            string list = string.Join(", ", ps.Select((p, i) => "a" + i));
            PropertyInfo prop = Property(method), indexer = Indexer(method);
            string op = Operator(method);
            string call;
            if (m is ConstructorInfo) call = "new " + owner + "(" + list + ")";
            else if (op != null) call = "(" + op.Replace("{R}", DelegateShimWriter.Name(ret)).Replace("{0}", "a0").Replace("{1}", "a1") + ")";
            else if (indexer != null && m.Name.StartsWith("set_", StringComparison.Ordinal))
                call = (IsCopy(declaring) ? "(*self)" : "self") + "[" + string.Join(", ", ps.Take(ps.Length - 1).Select((p, i) => "a" + i)) + "] = a" + (ps.Length - 1);
            else if (indexer != null) call = (IsCopy(declaring) ? "(*self)" : "self") + "[" + list + "]";
            else if (prop != null && m.Name.StartsWith("set_", StringComparison.Ordinal)) call = self + prop.Name + " = a0";
            else if (prop != null) call = self + prop.Name;
            else call = self + m.Name + "(" + list + ")";
            sb.Append("            ").Append(ret == typeof(void) ? "" : DelegateShimWriter.Name(ret) + " r = ").Append(call).Append(";\n");
            if (ret == typeof(void)) sb.Append("            return JsValue.Undefined;\n");
            else if (IsCopy(ret))
            {
                sb.Append("            ZtsStructRef* o = d.StructResult;\n");
                sb.Append("            o->TypeId = s.ResultView;\n            o->Size = sizeof(").Append(DelegateShimWriter.Name(ret)).Append(");\n");
                sb.Append("            *(").Append(DelegateShimWriter.Name(ret)).Append("*)o->Bytes = r;\n");
                sb.Append("            return JsValue.StructResult((global::System.IntPtr)o);\n");
            }
            else if (m is ConstructorInfo) sb.Append("            return ResultWriter.WriteNew(s, d, r);\n");
            else sb.Append("            return ").Append(Write(ret)).Append(";\n");
            sb.Append("        }\n");
        }

        private static string Read(Type t, string args)
        {
            Type u = TagTypes.Underlying(t);
            if (TagTypes.IsPrimitive(t))
                return (u == t ? "" : "(" + DelegateShimWriter.Name(t) + ")") + "ArgReader.Read" + u.Name + args;
            return "(" + DelegateShimWriter.Name(t) + ")ArgReader.ReadObject" + args;
        }

        private static string Write(Type t)
        {
            Type u = TagTypes.Underlying(t);
            if (TagTypes.IsPrimitive(t)) return "ResultWriter.Write" + u.Name + "(s, d, (" + DelegateShimWriter.Name(u) + ")r)";
            return "ResultWriter.WriteBoxed(s, d, r)";
        }
    }
}
