using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text;
using ZTS.Shared.Bridges;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.GenBridges
{
    /// <summary>
    /// Writes the C# -> JS shim of each covered delegate type: the Editor backend's emitted bridge
    /// (ZTS.Mono DelegateBridgeBuilder) as source, over the same shared calls (ValueMarshal, FunctionClosure,
    /// zts_function_call), so both backends convert through the one rule set.
    /// </summary>
    internal static class DelegateShimWriter
    {
        /// <summary>True when a shim can be written: for a public, closed delegate type, a shim of that type; for one that
        /// is not public, a shim of its signature (BySignature).</summary>
        public static bool Covers(Type t)
        {
            if (t.ContainsGenericParameters) return false;
            if (!IsVisible(t)) return BySignature(t);
            MethodInfo invoke = t.GetMethod("Invoke");
            if (invoke == null) return false;
            if (MarshalAsReader.Of(invoke.ReturnParameter) != null && !MarshalOptions.IsTable(invoke.ReturnParameter)) return false;
            if (invoke.ReturnType.IsPointer || invoke.ReturnType.IsByRef || !IsVisible(invoke.ReturnType)) return false;
            ParameterInfo[] ps = invoke.GetParameters();
            if (ps.Length > 64) return false; // zts_function_call_opaque's handle masks
            foreach (ParameterInfo p in ps)
            {
                Type pt = p.ParameterType;
                if (pt.IsPointer || !IsVisible(pt)) return false;
                if (pt.IsByRef && p.IsIn && !p.IsOut) return false; // `in` needs C# 7.2 to declare
                if (pt.IsByRef && MarshalAsReader.Of(p) != null) return false;
                if (!pt.IsByRef && MarshalAsReader.Of(p) != null && !MarshalOptions.IsTable(p) && !MarshalAsReader.IsOpaque(p) && MarshalOptions.UnpackedCount(p) < 0) return false;
            }
            // The handle masks of zts_function_call_opaque have a bit per JS argument (UnpackedValues parameters take one
            // per member).
            return !UsesHandles(ps) || JsCount(ps) <= 64;
        }

        /// <summary>True when delegate type t is not public and a shim of its signature can be bound to it at run time
        /// (ZTS.Shared.Clr.DelegateSignature: its parameters and result are public, or non-public classes passed by
        /// value, declared object), within the limits Covers sets on public ones.</summary>
        public static bool BySignature(Type t)
        {
            if (IsVisible(t) || PlayerExpressible.WhyNot(t) != null || DelegateSignature.Key(t) == null) return false;
            MethodInfo invoke = t.GetMethod("Invoke");
            if (invoke.ReturnType != typeof(void) && !IsVisible(invoke.ReturnType)) return false;
            ParameterInfo[] ps = invoke.GetParameters();
            if (ps.Length > 64) return false;
            foreach (ParameterInfo p in ps)
            {
                Type surface = DelegateSignature.Surface(p.ParameterType.IsByRef ? p.ParameterType.GetElementType() : p.ParameterType);
                if (surface == null || (surface != typeof(object) && !IsVisible(surface))) return false;
            }
            return true;
        }

        /// <summary>Why delegate type t gets no shim among these input assemblies (for the coverage report).</summary>
        public static string WhyNot(Type t, ICollection<string> assemblies)
        {
            if (!IsVisible(t) && !BySignature(t))
                return PlayerExpressible.WhyNot(t) ?? DelegateSignature.WhyNoShim(t) ?? "its type is not public and its signature names a type the build cannot use";
            MethodInfo invoke = t.GetMethod("Invoke");
            if (invoke != null)
            {
                string why = PlayerExpressible.WhyNot(invoke);
                if (why != null) return why;
            }
            if (!Covers(t)) return "an `in` parameter, a pointer, [TsMarshalAs] on a ref/out parameter or more than 64 JS arguments";
            string[] missing = Names(t).Where(n => !assemblies.Contains(n)).ToArray();
            return missing.Length > 0 ? "it names " + string.Join(", ", missing) + ", which is not an input" : "not covered";
        }

        // JS arguments of a call: an UnpackedValues parameter is one per member.
        private static int JsCount(ParameterInfo[] ps)
        {
            int jsCount = ps.Length;
            foreach (ParameterInfo p in ps) jsCount += Math.Max(MarshalOptions.UnpackedCount(p), 1) - 1;
            return jsCount;
        }

        // ref/out and [TsMarshalAs(OpaqueValue)] parameters cross as opaque handles (zts_function_call_opaque).
        private static bool UsesHandles(ParameterInfo[] ps)
        {
            return ps.Any(p => p.ParameterType.IsByRef || MarshalAsReader.IsOpaque(p));
        }

        /// <summary>The names of the assemblies a shim of t refers to (t, its generic arguments, its signature).</summary>
        public static IEnumerable<string> Names(Type t)
        {
            var seen = new HashSet<string>();
            Collect(t, seen);
            MethodInfo invoke = t.GetMethod("Invoke");
            Collect(invoke.ReturnType, seen);
            foreach (ParameterInfo p in invoke.GetParameters()) Collect(p.ParameterType, seen);
            return seen;
        }

        private static void Collect(Type t, HashSet<string> seen)
        {
            if (t.HasElementType) { Collect(t.GetElementType(), seen); return; }
            seen.Add(t.Assembly.GetName().Name);
            if (t.IsGenericType) foreach (Type a in t.GetGenericArguments()) Collect(a, seen);
        }

        internal static bool IsVisible(Type t)
        {
            if (PlayerExpressible.WhyNot(t) != null) return false; // a ref struct, a pointer, obsolete as an error
            if (t.IsArray || t.IsByRef || t.IsPointer) return IsVisible(t.GetElementType());
            if (t.IsGenericParameter) return false;
            if (!(t.IsPublic || t.IsNestedPublic)) return false;
            if (t.IsNested && !IsVisible(t.DeclaringType)) return false;
            return !t.IsGenericType || t.GetGenericArguments().All(IsVisible);
        }

        /// <summary>The C# spelling of t ("global::System.Func&lt;global::System.Int32&gt;").</summary>
        public static string Name(Type t)
        {
            if (t == typeof(void)) return "void";
            if (t.IsArray) return Name(t.GetElementType()) + "[" + new string(',', t.GetArrayRank() - 1) + "]";
            // Names are C# identifiers here (PlayerExpressible.WhyNot leaves any other out); a keyword is @keyword (CsNames).
            string outer = t.IsNested ? Name(t.DeclaringType) + "." : "global::" + (string.IsNullOrEmpty(t.Namespace) ? "" : CsNames.Namespace(t.Namespace) + ".");
            string name = t.Name;
            int tick = name.IndexOf('`');
            if (tick >= 0) name = name.Substring(0, tick);
            name = CsNames.Id(name);
            if (!t.IsGenericType) return outer + name;
            // Arguments of an enclosing generic type come first in GetGenericArguments; this type takes the rest.
            Type[] all = t.GetGenericArguments();
            int own = tick >= 0 ? int.Parse(t.Name.Substring(tick + 1)) : 0;
            if (t.IsNested && all.Length > own) outer = Name(t.DeclaringType.MakeGenericType(all.Take(all.Length - own).ToArray())) + ".";
            return own == 0 ? outer + name : outer + name + "<" + string.Join(", ", all.Skip(all.Length - own).Select(Name)) + ">";
        }

        /// <summary>The generated file: the Shims table and classes, then `more` (other generated classes of the
        /// same namespace).</summary>
        public static string Write(List<Type> all, string more)
        {
            // Public delegate types get a shim each, named by type; the others one shim per signature key, bound at run
            // time (BySignature).
            List<Type> shims = all.Where(IsVisible).ToList();
            List<Type> signatures = all.Where(t => !IsVisible(t)).GroupBy(DelegateSignature.Key).Select(g => g.First())
                                       .OrderBy(DelegateSignature.Key, StringComparer.Ordinal).ToList();
            var sb = new StringBuilder();
            sb.Append("// Generated by tools/gen-bridges at build time; do not edit. One C# -> JS shim per delegate type.\n");
            // Shims and wrappers name obsolete members and types (not as errors: those are left out, PlayerExpressible)
            // like any caller; a build that treats warnings as errors (Unity has no per-assembly switch) must not fail.
            sb.Append("#pragma warning disable 612, 618\n");
            sb.Append("using System;\nusing ZTS.Shared;\nusing ZTS.Shared.Bridges;\nusing ZTS.Shared.Native;\n\n");
            sb.Append("namespace ZTS.Il2Cpp.Generated\n{\n");
            sb.Append("    /// <summary>The delegate shims of this build (ZTS.Il2Cpp.DelegateShims reads Bind).</summary>\n");
            sb.Append("    public static class Shims\n    {\n");
            sb.Append("        /// <summary>A delegate of type t calling closure's JS function, or null when t has no shim.</summary>\n");
            sb.Append("        internal static Delegate Bind(Type t, FunctionClosure c)\n        {\n");
            for (int n = 0; n < shims.Count; n++)
                sb.Append("            if (t == typeof(").Append(Name(shims[n])).Append(")) return new ").Append(Name(shims[n]))
                  .Append("(new Shim").Append(n).Append("(c).Invoke);\n");
            sb.Append("            return null;\n        }\n\n");
            sb.Append("        /// <summary>The static invoker of delegate type t (JS calling a C# delegate), or null.</summary>\n");
            sb.Append("        internal static global::System.Reflection.MethodInfo Invoker(Type t)\n        {\n");
            for (int n = 0; n < shims.Count; n++)
                if (!UsesHandles(shims[n].GetMethod("Invoke").GetParameters())) // JS calling a ref/out delegate has no C++ bridge
                sb.Append("            if (t == typeof(").Append(Name(shims[n])).Append(")) return typeof(Shims).GetMethod(\"Invoke").Append(n)
                  .Append("\", global::System.Reflection.BindingFlags.NonPublic | global::System.Reflection.BindingFlags.Static);\n");
            sb.Append("            return null;\n        }\n");
            for (int n = 0; n < shims.Count; n++)
                if (!UsesHandles(shims[n].GetMethod("Invoke").GetParameters())) Invoker(sb, n, shims[n]);
            sb.Append("\n        /// <summary>A delegate over the shim of the signature with this key (ZTS.Shared.Clr.DelegateSignature), of the\n");
            sb.Append("        /// generated type Signature{n}; ZTS.Il2Cpp.DelegateShims binds its target and method to a delegate type that is not\n");
            sb.Append("        /// public. Null when the build wrote none.</summary>\n");
            sb.Append("        internal static Delegate BySignature(string key, FunctionClosure c)\n        {\n            switch (key)\n            {\n");
            for (int n = 0; n < signatures.Count; n++)
                sb.Append("                case ").Append(Literal(DelegateSignature.Key(signatures[n]))).Append(": return new Signature").Append(n)
                  .Append("(new SignatureShim").Append(n).Append("(c).Invoke);\n");
            sb.Append("            }\n            return null;\n        }\n\n");
            sb.Append("        /// <summary>The static invoker of the signature with this key (JS calling a C# delegate of a type that is not\n");
            sb.Append("        /// public), or null.</summary>\n");
            sb.Append("        internal static global::System.Reflection.MethodInfo InvokerBySignature(string key)\n        {\n            switch (key)\n            {\n");
            for (int n = 0; n < signatures.Count; n++)
                if (!UsesHandles(signatures[n].GetMethod("Invoke").GetParameters()))
                    sb.Append("                case ").Append(Literal(DelegateSignature.Key(signatures[n]))).Append(": return typeof(Shims).GetMethod(\"InvokeSignature").Append(n)
                      .Append("\", global::System.Reflection.BindingFlags.NonPublic | global::System.Reflection.BindingFlags.Static);\n");
            sb.Append("            }\n            return null;\n        }\n");
            for (int n = 0; n < signatures.Count; n++)
            {
                MethodInfo invoke = signatures[n].GetMethod("Invoke");
                ParameterInfo[] ps = invoke.GetParameters();
                if (UsesHandles(ps)) continue;
                // The delegate retyped to Signature{n} once (DelegateSignature.Retyped), then called as the public invokers call theirs.
                sb.Append("\n        internal static ").Append(Name(invoke.ReturnType)).Append(" InvokeSignature").Append(n).Append("(global::System.Delegate d")
                  .Append(ps.Length > 0 ? ", " : "").Append(Parameters(ps)).Append(")\n        {\n            ")
                  .Append(invoke.ReturnType == typeof(void) ? "" : "return ").Append("global::ZTS.Shared.Clr.DelegateSignature.Retyped<Signature").Append(n)
                  .Append(">(d)(").Append(string.Join(", ", ps.Select((p, i) => "a" + i))).Append(");\n        }\n");
            }
            sb.Append("    }\n\n");
            for (int n = 0; n < shims.Count; n++) Shim(sb, "Shim" + n, shims[n]);
            for (int n = 0; n < signatures.Count; n++)
            {
                Type t = signatures[n];
                MethodInfo invoke = t.GetMethod("Invoke");
                sb.Append("    // ").Append(DelegateSignature.Key(t)).Append('\n');
                sb.Append("    internal delegate ").Append(Name(invoke.ReturnType)).Append(" Signature").Append(n).Append("(")
                  .Append(Parameters(invoke.GetParameters())).Append(");\n\n");
                Shim(sb, "SignatureShim" + n, t);
            }
            sb.Append(more);
            sb.Append("}\n");
            return sb.ToString();
        }

        // static R InvokeN(D d, A0 a0, ...) { return d(a0, ...); }: ordinary code with a typed entry, which the
        // generated C++ bridge of D.Invoke's reduced signature calls with the delegate as its first argument.
        private static void Invoker(StringBuilder sb, int n, Type t)
        {
            MethodInfo invoke = t.GetMethod("Invoke");
            ParameterInfo[] ps = invoke.GetParameters();
            sb.Append("\n        internal static ").Append(Name(invoke.ReturnType)).Append(" Invoke").Append(n).Append("(").Append(Name(t)).Append(" d")
              .Append(string.Concat(ps.Select((p, i) => ", " + Name(p.ParameterType) + " a" + i))).Append(")\n        {\n            ")
              .Append(invoke.ReturnType == typeof(void) ? "" : "return ").Append("d(").Append(string.Join(", ", ps.Select((p, i) => "a" + i))).Append(");\n        }\n");
        }

        // The shim class up to the body of its Invoke (which has the delegate's exact signature, ref/out included)
        // and the check every call makes first: a disposed domain or another thread throws.
        private static void Head(StringBuilder sb, string cls, Type t, ParameterInfo[] ps, Type ret)
        {
            sb.Append("    // ").Append(t).Append('\n');
            sb.Append("    internal sealed unsafe class ").Append(cls).Append(" : IFunctionClosureOwner\n    {\n");
            sb.Append("        private readonly FunctionClosure _c;\n\n");
            sb.Append("        public ").Append(cls).Append("(FunctionClosure c) { _c = c; }\n\n");
            sb.Append("        public FunctionClosure Closure { get { return _c; } }\n\n");
            sb.Append("        public ").Append(Name(ret)).Append(" Invoke(").Append(Parameters(ps)).Append(")\n        {\n");
            sb.Append("            FunctionClosure c = _c;\n");
            sb.Append("            if (c.Domain != JsDomain.ThreadDomain) c.EnterSlow();\n");
        }

        // "A0 a0, out A1 a1, ...": the parameters of a shim's Invoke, each of its type, or of the type a shim of the
        // signature declares it with (DelegateSignature.Surface: object for a class that is not public).
        private static string Parameters(ParameterInfo[] ps)
        {
            return string.Join(", ", ps.Select((p, i) => (p.ParameterType.IsByRef ? (p.IsOut ? "out " : "ref ") + Name(p.ParameterType.GetElementType())
                                                                                  : Name(DelegateSignature.Surface(p.ParameterType))) + " a" + i));
        }

        private static string Literal(string s)
        {
            return CsNames.Literal(s);
        }

        // argv, the call's JS argument area: a struct local, not stackalloc (a localloc costs Mono ~10 ns a call;
        // ArgumentBuffers), except past 16 arguments.
        private static void ArgumentArea(StringBuilder sb, int count)
        {
            Type buffer = ArgumentBuffers.For(count);
            if (buffer != null)
                sb.Append("            ").Append(buffer.Name).Append(" buffer;\n            JsValue* argv = (JsValue*)&buffer;\n");
            else
                sb.Append("            JsValue* argv = stackalloc JsValue[").Append(count).Append("];\n");
        }

        private static void Shim(StringBuilder sb, string cls, Type t)
        {
            MethodInfo invoke = t.GetMethod("Invoke");
            ParameterInfo[] ps = invoke.GetParameters();
            Type ret = invoke.ReturnType;
            if (UsesHandles(ps) || MarshalOptions.IsTable(invoke.ReturnParameter) || ps.Any(p => MarshalOptions.IsTable(p) || MarshalOptions.UnpackedCount(p) >= 0))
            {
                HandleShim(sb, cls, t, invoke, ps, ret);
                return;
            }
            Head(sb, cls, t, ps, ret);
            ArgumentArea(sb, ps.Length);
            sb.Append("            JsValue result;\n            int status;\n");
            // As the Editor backend's emitted bridge: only arguments that can own a JS value (strings, chars,
            // objects) need the catch that frees them; int, bool and double are stored in place.
            bool guarded = ps.Any(p => !TagTypes.IsPrimitive(p.ParameterType) || TagTypes.Underlying(p.ParameterType) == typeof(string) ||
                                       TagTypes.Underlying(p.ParameterType) == typeof(char));
            string indent = guarded ? "                " : "            ";
            if (guarded) sb.Append("            try\n            {\n");
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                Type u = TagTypes.Underlying(pt);
                sb.Append(indent);
                // int, bool and double are stored in place, as JsValue.SetInt32/SetBool/SetDouble do (two 8-byte stores),
                // written out here: Mono does not inline those calls into this assembly (measured: a call each).
                if (u == typeof(int))
                    sb.Append("argv[").Append(i).Append("].Bits = (uint)(int)a").Append(i).Append("; argv[").Append(i).Append("].Tag = JsValue.TagInt;\n");
                else if (u == typeof(bool))
                    sb.Append("argv[").Append(i).Append("].Bits = a").Append(i).Append(" ? 1 : 0; argv[").Append(i).Append("].Tag = JsValue.TagBool;\n");
                else if (u == typeof(double))
                    sb.Append("{ double v").Append(i).Append(" = (double)a").Append(i).Append("; argv[").Append(i).Append("].Bits = *(long*)&v").Append(i)
                      .Append("; argv[").Append(i).Append("].Tag = JsValue.TagFloat64; }\n");
                else if (TagTypes.IsPrimitive(pt))
                    sb.Append("ValueMarshal.Write").Append(u.Name).Append("(c, argv, ").Append(i).Append(", (").Append(Name(u)).Append(")a").Append(i).Append(");\n");
                else if (pt.IsValueType && !pt.IsGenericType && ZTS.Shared.Clr.CopyLayout.For(pt) != null && !ZTS.Shared.Clr.CopyLayout.For(pt).Scanned)
                    sb.Append("ValueMarshal.WriteCopy(c, argv, ").Append(i).Append(", &a").Append(i).Append("); // a native copy, by its bytes\n");
                else
                    sb.Append("ValueMarshal.WriteObject(c, argv, ").Append(i).Append(", a").Append(i).Append(");\n");
            }
            sb.Append(indent).Append("status = ZtsNative.zts_function_call(c.Domain.Handle, c.Ref, ").Append(ps.Length).Append(", argv, &result);\n");
            if (guarded)
                sb.Append("            }\n            catch\n            {\n                c.FreeArgs(argv, ").Append(ps.Length).Append(");\n                throw;\n            }\n");
            sb.Append("            if (status != 0) c.Fail(status);\n");
            // The result is read before the console is flushed (Flush below): a sink may call JS or Reset the domain.
            Type ru = ret == typeof(void) ? ret : TagTypes.Underlying(ret);
            if (ru == typeof(int) || ru == typeof(bool) || ru == typeof(double))
                sb.Append("            ").Append(Name(ret)).Append(" value = result.Tag == JsValue.Tag").Append(ru == typeof(int) ? "Int" : ru == typeof(bool) ? "Bool" : "Float64")
                  .Append(" ? (").Append(Name(ret)).Append(")").Append(ru == typeof(int) ? "result.Int32" : ru == typeof(bool) ? "(result.Int32 != 0)" : "result.Float64")
                  .Append(" : (").Append(Name(ret)).Append(")ValueMarshal.Read").Append(ru.Name).Append("(c, result);\n");
            else if (ret == typeof(void))
                sb.Append("            ValueMarshal.ReadVoid(c, result);\n");
            else if (TagTypes.IsPrimitive(ret))
                sb.Append("            ").Append(Name(ret)).Append(" value = (").Append(Name(ret)).Append(")ValueMarshal.Read").Append(TagTypes.Underlying(ret).Name).Append("(c, result);\n");
            else if (ret.IsValueType && !ret.IsGenericType && ZTS.Shared.Clr.CopyLayout.For(ret) != null && !ZTS.Shared.Clr.CopyLayout.For(ret).Scanned)
                sb.Append("            ").Append(Name(ret)).Append(" value;\n            if (!ValueMarshal.ReadCopy(c, result, &value, sizeof(").Append(Name(ret))
                  .Append("))) value = (").Append(Name(ret)).Append(")ValueMarshal.ReadObject(c, result); // a native copy, by its bytes\n");
            else
                sb.Append("            ").Append(Name(ret)).Append(" value = (").Append(Name(ret)).Append(")ValueMarshal.ReadObject(c, result);\n");
            Flush(sb, ret);
            sb.Append("        }\n    }\n\n");
        }

        // After the result is read: the console sink may call JS (the result of this call is already a C# value) or
        // Reset the domain (test Scope_ConsoleSink_CallsJs); as the Editor backend's emitted bridge.
        private static void Flush(StringBuilder sb, Type ret)
        {
            sb.Append("            if (global::ZTS.TsConsole.HasPending) c.FlushConsole();\n");
            if (ret != typeof(void)) sb.Append("            return value;\n");
        }

        // A shim whose call needs more than the by-value writers: ref/out values and [TsMarshalAs(OpaqueValue)] cross as
        // opaque handles in one zts_function_call_opaque, ref/out values are written back after it, and Table
        // parameters and results cross as plain objects. The Editor backend's emitted bridge (ZTS.Mono
        // DelegateBridgeBuilder.Emit) as source, over the same shared calls.
        private static void HandleShim(StringBuilder sb, string cls, Type t, MethodInfo invoke, ParameterInfo[] ps, Type ret)
        {
            // Every ValueMarshal call takes argv shifted past the extra JS arguments of earlier UnpackedValues
            // parameters (`at`), so that its index stays the C# position; the handle masks count JS arguments.
            var at = new string[ps.Length];
            ulong handles = 0, writeback = 0;
            int offset = 0; // JS arguments added by earlier UnpackedValues parameters
            for (int i = 0; i < ps.Length; i++)
            {
                at[i] = offset == 0 ? "argv" : "argv + " + offset;
                if (ps[i].ParameterType.IsByRef)
                {
                    handles |= 1UL << (i + offset);
                    writeback |= 1UL << (i + offset);
                }
                else if (MarshalAsReader.IsOpaque(ps[i]))
                {
                    handles |= 1UL << (i + offset);
                }
                offset += Math.Max(MarshalOptions.UnpackedCount(ps[i]), 1) - 1;
            }
            Head(sb, cls, t, ps, ret);
            int jsCount = JsCount(ps);
            ArgumentArea(sb, jsCount);
            sb.Append("            for (int i = 0; i < ").Append(jsCount).Append("; i++) argv[i] = default(JsValue); // tag 0: nothing to free\n");
            sb.Append("            JsValue result;\n            int status;\n            try\n            {\n");
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                sb.Append("                ");
                if (MarshalOptions.UnpackedCount(ps[i]) >= 0)
                    sb.Append("ValueMarshal.WriteUnpacked(c, ").Append(at[i]).Append(", ").Append(i).Append(", a").Append(i).Append(");\n");
                else if (pt.IsByRef)
                    sb.Append("ValueMarshal.WriteOpaque(c, ").Append(at[i]).Append(", ").Append(i).Append(ps[i].IsOut ? ", null);\n" : ", a" + i + ");\n");
                else if (MarshalAsReader.IsOpaque(ps[i]))
                    sb.Append("ValueMarshal.WriteOpaqueValue(c, ").Append(at[i]).Append(", ").Append(i).Append(", a").Append(i).Append(");\n");
                else if (MarshalOptions.IsTable(ps[i]))
                    sb.Append("ValueMarshal.WriteTable(c, ").Append(at[i]).Append(", ").Append(i).Append(", a").Append(i).Append(");\n");
                else if (TagTypes.IsPrimitive(pt))
                    sb.Append("ValueMarshal.Write").Append(TagTypes.Underlying(pt).Name).Append("(c, ").Append(at[i]).Append(", ").Append(i).Append(", (")
                      .Append(Name(TagTypes.Underlying(pt))).Append(")a").Append(i).Append(");\n");
                else
                    sb.Append("ValueMarshal.WriteObject(c, ").Append(at[i]).Append(", ").Append(i).Append(", a").Append(i).Append(");\n");
            }
            if (handles != 0)
                sb.Append("                status = ZtsNative.zts_function_call_opaque(c.Domain.Handle, c.Ref, ").Append(jsCount).Append(", argv, ")
                  .Append(handles).Append("UL, ").Append(writeback).Append("UL, &result);\n");
            else
                sb.Append("                status = ZtsNative.zts_function_call(c.Domain.Handle, c.Ref, ").Append(jsCount).Append(", argv, &result);\n");
            sb.Append("            }\n            catch\n            {\n                c.FreeArgs(argv, ").Append(jsCount).Append(");\n                throw;\n            }\n");
            sb.Append("            if (status != 0) c.Fail(status);\n");
            if (writeback != 0)
            {
                sb.Append("            try\n            {\n");
                for (int i = 0; i < ps.Length; i++)
                {
                    if (!ps[i].ParameterType.IsByRef) continue;
                    sb.Append("                a").Append(i).Append(" = (").Append(Name(ps[i].ParameterType.GetElementType()))
                      .Append(")ValueMarshal.ReadOpaque(c, ").Append(at[i]).Append(", ").Append(i).Append(");\n");
                }
                sb.Append("            }\n            catch\n            {\n                c.FreeArgs(argv, ").Append(jsCount)
                  .Append(");\n                c.FreeArgs(&result, 1);\n                throw;\n            }\n");
            }
            if (ret == typeof(void))
                sb.Append("            ValueMarshal.ReadVoid(c, result);\n");
            else if (MarshalOptions.IsTable(invoke.ReturnParameter))
                sb.Append("            ").Append(Name(ret)).Append(" value = (").Append(Name(ret)).Append(")ValueMarshal.ReadTable(c, result);\n");
            else if (TagTypes.IsPrimitive(ret))
                sb.Append("            ").Append(Name(ret)).Append(" value = (").Append(Name(ret)).Append(")ValueMarshal.Read").Append(TagTypes.Underlying(ret).Name).Append("(c, result);\n");
            else
                sb.Append("            ").Append(Name(ret)).Append(" value = (").Append(Name(ret)).Append(")ValueMarshal.ReadObject(c, result);\n");
            Flush(sb, ret);
            sb.Append("        }\n    }\n\n");
        }
    }
}
