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
            // A name C# cannot spell: no wrapper, the call takes the typed entry's boxed path (docs/PLAYER.md "Coverage").
            if (PlayerExpressible.WhyNotNamed(m) != null) return false;
            var method = m as MethodInfo;
            PropertyInfo named = Property(method);
            if (named != null && PlayerExpressible.WhyNotNamed(named) != null) return false;
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

        /// <summary>The class CopyWrappers: For(method, site) gives the wrapper's host function, or null; EntryFor(method,
        /// out signature) the member's copy entry (EntrySignature), or null.</summary>
        public static string Write(List<MethodBase> members)
        {
            var sb = new StringBuilder();
            sb.Append("\n    /// <summary>The managed wrappers of the members whose signature holds a struct copy (ZTS.Il2Cpp.Il2CppBridges reads For),\n");
            sb.Append("    /// and their copy entries, which the C++ bridges call with pointers to the copies' bytes (EntryFor).</summary>\n");
            sb.Append("    internal static unsafe class CopyWrappers\n    {\n");
            sb.Append("        private const global::System.Reflection.BindingFlags Any = global::System.Reflection.BindingFlags.Public | ")
              .Append("global::System.Reflection.BindingFlags.Static | global::System.Reflection.BindingFlags.Instance;\n\n");
            sb.Append("        private static global::System.Collections.Generic.Dictionary<global::System.RuntimeMethodHandle, int> _index;\n\n");
            sb.Append("        private static int IndexOf(global::System.Reflection.MethodBase m)\n        {\n");
            sb.Append("            if (_index == null)\n            {\n");
            sb.Append("                var index = new global::System.Collections.Generic.Dictionary<global::System.RuntimeMethodHandle, int>();\n");
            for (int n = 0; n < members.Count; n++)
                sb.Append("                Add(index, ").Append(Lookup(members[n])).Append(", ").Append(n).Append(");\n");
            sb.Append("                _index = index;\n            }\n");
            sb.Append("            int k;\n            return _index.TryGetValue(m.MethodHandle, out k) ? k : -1;\n        }\n\n");
            sb.Append("        /// <summary>The wrapper of member m bound to site s, or null when the build wrote none.</summary>\n");
            sb.Append("        internal static HostFunction For(global::System.Reflection.MethodBase m, MemberSite s)\n        {\n");
            sb.Append("            switch (IndexOf(m))\n            {\n");
            for (int n = 0; n < members.Count; n++)
                sb.Append("                case ").Append(n).Append(": return (d, thisVal, argc, argv, magic, data) => C").Append(n).Append("(s, d, argc, argv, data);\n");
            sb.Append("            }\n            return null;\n        }\n\n");
            sb.Append("        /// <summary>The copy entry of member m and its reduced signature, or null when the build wrote none.</summary>\n");
            sb.Append("        internal static global::System.Reflection.MethodInfo EntryFor(global::System.Reflection.MethodBase m, out string signature)\n        {\n");
            sb.Append("            int k = IndexOf(m);\n            switch (k)\n            {\n");
            for (int n = 0; n < members.Count; n++)
            {
                string signature = EntrySignature(members[n]);
                if (signature != null) sb.Append("                case ").Append(n).Append(": signature = \"").Append(signature).Append("\"; break;\n");
            }
            sb.Append("                default: signature = null; return null;\n            }\n");
            sb.Append("            return typeof(CopyWrappers).GetMethod(\"P\" + k, global::System.Reflection.BindingFlags.NonPublic | global::System.Reflection.BindingFlags.Static);\n        }\n\n");
            sb.Append("        private static void Add(global::System.Collections.Generic.Dictionary<global::System.RuntimeMethodHandle, int> index, global::System.Reflection.MethodBase m, int k)\n");
            sb.Append("        {\n            if (m != null) index[m.MethodHandle] = k;\n        }\n");
            for (int n = 0; n < members.Count; n++)
            {
                Wrapper(sb, n, members[n]);
                Entry(sb, n, members[n]);
            }
            sb.Append("    }\n");
            return sb.ToString();
        }

        /// <summary>
        /// The reduced signature of member m's copy entry, or null when it has none (then the managed wrapper serves every
        /// call). A copy entry is a static method the build writes next to the wrapper: it takes each struct copy by a
        /// pointer to its bytes ("p"; `this` of a struct's own member "t", a class instance "h"), writes a struct result
        /// through a trailing pointer ("r"), and takes everything else as the member's own typed entry would. The C++
        /// bridge of that signature calls it through its typed entry when every copy argument is a copy of exactly its
        /// struct, with no managed hop before the member (player_bridge.h, arg_p); else it takes the managed wrapper.
        /// Members whose other parameters or result are structs, Nullables or pointers have none.
        /// </summary>
        public static string EntrySignature(MethodBase m)
        {
            var method = m as MethodInfo;
            Type owner = m.DeclaringType;
            var codes = new List<string>();
            if (m is ConstructorInfo)
            {
                if (!IsCopy(owner)) return null; // a class's new object is written by WriteNew: the managed wrapper's
            }
            else if (!m.IsStatic) codes.Add(IsCopy(owner) ? "t" : "h");
            ParameterInfo[] ps = m.GetParameters();
            foreach (ParameterInfo p in ps)
            {
                string c = IsCopy(p.ParameterType) ? "p" : EntryCode(p.ParameterType);
                if (c == null || c == "v") return null;
                codes.Add(c);
            }
            if (codes.Count > ReducedSignature.MaxParameters) return null;
            Type ret = method != null ? method.ReturnType : owner;
            string r = IsCopy(ret) ? "r" : EntryCode(ret);
            if (r == null) return null;
            return "s:" + r + "(" + string.Join(",", codes) + ")";
        }

        // A type the copy entry takes as the typed entry would: a primitive or enum by its code, a string, a class,
        // interface, delegate or array as "o"; no struct, Nullable or pointer.
        private static string EntryCode(Type t)
        {
            if (t == typeof(void)) return "v";
            if (t.IsPointer || t.IsByRef || (t.IsValueType && !t.IsPrimitive && !t.IsEnum && t != typeof(IntPtr) && t != typeof(UIntPtr))) return null;
            return ReducedSignature.Code(t);
        }

        // The copy entry of member m (EntrySignature): P<n>.
        private static void Entry(StringBuilder sb, int n, MethodBase m)
        {
            string signature = EntrySignature(m);
            if (signature == null) return;
            ParameterInfo[] ps = m.GetParameters();
            Type owner = m.DeclaringType;
            string ownerName = DelegateShimWriter.Name(owner);
            var method = m as MethodInfo;
            Type ret = method != null ? method.ReturnType : owner;
            bool copyResult = IsCopy(ret) || m is ConstructorInfo;
            var parameters = new List<string>();
            string self = ownerName + ".";
            string indexed = null;
            if (!m.IsStatic && !(m is ConstructorInfo))
            {
                if (IsCopy(owner))
                {
                    parameters.Add("void* self");
                    self = "((" + ownerName + "*)self)->";
                    indexed = "(*(" + ownerName + "*)self)";
                }
                else
                {
                    parameters.Add("object self");
                    self = "((" + ownerName + ")self).";
                    indexed = "((" + ownerName + ")self)";
                }
            }
            var args = new List<string>();
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                if (IsCopy(pt))
                {
                    parameters.Add("void* a" + i);
                    args.Add("*(" + DelegateShimWriter.Name(pt) + "*)a" + i);
                }
                else
                {
                    parameters.Add(DelegateShimWriter.Name(pt) + " a" + i);
                    args.Add("a" + i);
                }
            }
            if (copyResult) parameters.Add("void* result");
            string call = CallExpression(m, self, indexed, args);
            sb.Append("\n        // ").Append(signature).Append(": ").Append(CsNames.Comment(owner + "." + m)).Append('\n');
            string retName = copyResult || ret == typeof(void) ? "void" : DelegateShimWriter.Name(ret);
            sb.Append("        internal static ").Append(retName).Append(" P").Append(n).Append('(').Append(string.Join(", ", parameters)).Append(")\n        {\n");
            if (copyResult) sb.Append("            *(").Append(DelegateShimWriter.Name(ret)).Append("*)result = ").Append(call).Append(";\n");
            else if (ret == typeof(void)) sb.Append("            ").Append(call).Append(";\n");
            else sb.Append("            return ").Append(call).Append(";\n");
            sb.Append("        }\n");
        }

        // The C# expression that calls member m: on `self` (an expression ending in "." or "->"; `indexed` is the
        // receiver of an indexer), with the argument expressions args.
        private static string CallExpression(MethodBase m, string self, string indexed, List<string> args)
        {
            var method = m as MethodInfo;
            Type ret = method != null ? method.ReturnType : m.DeclaringType;
            string list = string.Join(", ", args);
            PropertyInfo prop = Property(method), indexer = Indexer(method);
            string op = Operator(method);
            if (m is ConstructorInfo) return "new " + DelegateShimWriter.Name(m.DeclaringType) + "(" + list + ")";
            if (op != null) return "(" + op.Replace("{R}", DelegateShimWriter.Name(ret)).Replace("{0}", args.Count > 0 ? args[0] : "").Replace("{1}", args.Count > 1 ? args[1] : "") + ")";
            if (indexer != null && m.Name.StartsWith("set_", StringComparison.Ordinal))
                return indexed + "[" + string.Join(", ", args.Take(args.Count - 1)) + "] = " + args[args.Count - 1];
            if (indexer != null) return indexed + "[" + list + "]";
            if (prop != null && m.Name.StartsWith("set_", StringComparison.Ordinal)) return self + CsNames.Id(prop.Name) + " = " + args[0];
            if (prop != null) return self + CsNames.Id(prop.Name);
            return self + CsNames.Id(m.Name) + "(" + list + ")";
        }

        private static string Types(MethodBase m)
        {
            return "new global::System.Type[] { " + string.Join(", ", m.GetParameters().Select(p => "typeof(" + DelegateShimWriter.Name(p.ParameterType) + ")")) + " }";
        }

        private static string Lookup(MethodBase m)
        {
            string owner = "typeof(" + DelegateShimWriter.Name(m.DeclaringType) + ")";
            if (m is ConstructorInfo) return owner + ".GetConstructor(Any, null, " + Types(m) + ", null)";
            return owner + ".GetMethod(" + CsNames.Literal(m.Name) + ", Any | global::System.Reflection.BindingFlags.DeclaredOnly, null, " + Types(m) + ", null)";
        }

        private static void Wrapper(StringBuilder sb, int n, MethodBase m)
        {
            ParameterInfo[] ps = m.GetParameters();
            Type declaring = m.DeclaringType;
            string owner = DelegateShimWriter.Name(declaring);
            var method = m as MethodInfo;
            Type ret = method != null ? method.ReturnType : declaring;
            sb.Append("\n        // ").Append(CsNames.Comment(declaring + "." + m)).Append('\n');
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
            string call = CallExpression(m, self, IsCopy(declaring) ? "(*self)" : "self", ps.Select((p, i) => "a" + i).ToList());
            sb.Append("            ").Append(ret == typeof(void) ? "" : DelegateShimWriter.Name(ret) + " r = ").Append(call).Append(";\n");
            if (ret == typeof(void)) sb.Append("            return JsValue.Undefined;\n");
            else if (IsCopy(ret))
            {
                sb.Append("            ZtsStructRef* o = d.StructResult;\n");
                sb.Append("            o->TypeId = s.ResultView;\n            o->Size = sizeof(").Append(DelegateShimWriter.Name(ret)).Append(");\n");
                sb.Append("            *(").Append(DelegateShimWriter.Name(ret)).Append("*)o->Bytes = r;\n");
                sb.Append("            return JsValue.StructResult((global::System.IntPtr)o);\n");
            }
            // A class's new object is looked up as any result (WriteBoxed), not entered as new (WriteNew): its constructor
            // may have handed `this` to JS, which `new` must give back (objects.js
            // test_Objects_Identity_ThisHandedOutByItsConstructor). The C++ bridges skip the lookup when no slot was taken
            // meanwhile (ret_new); this managed wrapper cannot see the native table's count without another internal call.
            else if (m is ConstructorInfo) sb.Append("            return ResultWriter.WriteBoxed(s, d, r);\n");
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
