using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using ZTS.Shared.Clr;

namespace ZTS.GenBridges
{
    /// <summary>What the generator reflects over: the types whose members get bridges, the delegate types that get
    /// shims, the signatures kept out, the MarshalAs XML, and the assemblies a shim may name.</summary>
    internal sealed class GeneratorInputs
    {
        public readonly List<Type> Types = new List<Type>();
        public readonly List<Type> Delegates = new List<Type>();
        public readonly HashSet<string> Excluded = new HashSet<string>(StringComparer.Ordinal);
        public readonly List<string> MarshalXml = new List<string>();
        /// <summary>The assemblies the generated C# may name: the framework's and the inputs' (ZTS.Il2Cpp.Generated.dll
        /// references them).</summary>
        public readonly HashSet<string> AssemblyNames = new HashSet<string> { "mscorlib", "System", "System.Core" };
        /// <summary>Paths of the input assemblies (referenced when the generated C# is compiled).</summary>
        public readonly List<string> AssemblyPaths = new List<string>();
        /// <summary>The public types of the input assemblies, the types a generic method with ref/out parameters is
        /// closed over besides the representatives (a game's TryGetComponent&lt;Mover&gt;(out Mover)).</summary>
        public readonly List<Type> InputTypes = new List<Type>();
        /// <summary>With build-player --scripts: the closings the scripts give generic methods (zts.generic_method(T, "M",
        /// A...)), by "Namespace.Type.Method"; null without --scripts.</summary>
        public Dictionary<string, List<Type[]>> ScriptClosings;

        /// <summary>An input assembly: every exported type, and with scanIl the delegate types its IL instantiates.</summary>
        public void AddAssembly(string path, bool scanIl)
        {
            Assembly input = Assembly.LoadFrom(path);
            AssemblyNames.Add(input.GetName().Name);
            if (!AssemblyPaths.Contains(input.Location)) AssemblyPaths.Add(input.Location);
            foreach (Type t in input.GetExportedTypes())
            {
                Types.Add(t);
                InputTypes.Add(t);
            }
            if (scanIl) Delegates.AddRange(IlScan.Delegates(path));
        }

        /// <summary>An assembly whose IL is read for the delegate types it instantiates, without its members.</summary>
        public void AddScanIl(string path)
        {
            Assembly a = Assembly.LoadFrom(path);
            AssemblyNames.Add(a.GetName().Name);
            if (!AssemblyPaths.Contains(a.Location)) AssemblyPaths.Add(a.Location);
            Delegates.AddRange(IlScan.Delegates(path));
        }

        /// <summary>One type by its assembly-qualified name ("System.Math, mscorlib").</summary>
        public void AddType(string name) { AddType(ZTS.TsFrameworkTypes.Resolve(name, "")); }

        public void AddType(Type t)
        {
            Types.Add(t);
            if (!AssemblyNames.Contains(t.Assembly.GetName().Name))
            {
                AssemblyNames.Add(t.Assembly.GetName().Name);
                if (!AssemblyPaths.Contains(t.Assembly.Location)) AssemblyPaths.Add(t.Assembly.Location);
            }
        }

        public void AddDelegate(string name) { Delegates.Add(ZTS.TsFrameworkTypes.Resolve(name, "")); }
    }

    /// <summary>The default framework types (ZTS.TsFrameworkTypes.Defaults, shared with gen-dts), unless
    /// --no-default-types.</summary>
    internal sealed class DefaultTypes
    {
        public bool Enabled = true;

        public void AddTo(GeneratorInputs inputs)
        {
            if (!Enabled) return;
            foreach (Type t in ZTS.TsFrameworkTypes.Defaults) inputs.AddType(t);
        }
    }

    /// <summary>A public member the build leaves out, with the reason (written to the coverage report).</summary>
    internal struct LeftOut
    {
        public string Member;
        public string Reason;
    }

    /// <summary>The generated sources and what they cover.</summary>
    internal sealed class Generated
    {
        public string Cpp;
        public string Cs;
        public SortedSet<string> Signatures;
        public List<Type> Shims;
        public List<MethodInfo> Wrappers;

        /// <summary>The members with struct copies in their signature (CopyWrapperWriter).</summary>
        public List<MethodBase> CopyWrappers;
        public List<PropertyInfo> Accessors;
        public readonly List<LeftOut> LeftOut = new List<LeftOut>();

        public string Summary
        {
            get
            {
                return Signatures.Count + " member bridges, " + Shims.Count + " delegate shims, " + Wrappers.Count + " member wrappers, " +
                       Accessors.Count + " struct property accessors";
            }
        }
    }

    /// <summary>
    /// Reflects over the inputs and writes the C++ bridges (CppWriter) and the C# shims, wrappers and accessors
    /// (DelegateShimWriter, MemberWrapperWriter, TableAccessorWriter). Members the Player cannot express are left out
    /// and listed, never written: the output always compiles (a shim or wrapper that names a type the C# compiler
    /// cannot use is not written, PlayerExpressible).
    /// </summary>
    internal static class Generator
    {
        // The types a generic method or type is closed over at run time (zts.generic_method, inference, zts.generic)
        // most often; each has a reduced code of its own (any other class reduces like object). Like Il2Cpp's
        // generic sharing, a build covers these instances of every generic member among its inputs in advance.
        private static readonly Type[] Representatives = { typeof(object), typeof(string), typeof(int), typeof(double), typeof(float), typeof(bool), typeof(long) };

        public static Generated Run(GeneratorInputs inputs, ISet<Type> dropped = null)
        {
            var g = new Generated();
            var signatures = new SortedSet<string>(StringComparer.Ordinal);
            var refMembers = new List<MethodInfo>();
            var copyMembers = new List<MethodBase>();
            var delegates = new List<Type>(inputs.Delegates);
            foreach (Type t in inputs.Types.Distinct()) Scan(t, inputs, signatures, delegates, refMembers, copyMembers, g.LeftOut);
            // The closed generic types the inputs' own members name (a List<Item> field, a Dictionary<string, int> result):
            // scanned as types of their own, as Il2Cpp sees every instantiation of a build, so that their members' ref/out
            // wrappers (TryGetValue), the delegate types they take (Predicate<Item>) and their extensions (LINQ's
            // First<Item> with Func<Item, bool>) are covered for the instances scripts get from C#. Their left-out
            // members are their definition's, listed where it is scanned (or not an input).
            var scanned = new HashSet<Type>(inputs.Types);
            foreach (Type closed in inputs.InputTypes.SelectMany(Instantiations).Distinct().ToList())
                if (scanned.Add(closed) && inputs.Types.Contains(closed.GetGenericTypeDefinition()))
                    Scan(closed, inputs, signatures, delegates, refMembers, copyMembers, new List<LeftOut>());
            // Calling a C# delegate from JS: its Invoke through the shim table's invoker (DelegateShimWriter).
            foreach (Type d in delegates.Where(DelegateShimWriter.Covers))
            {
                string why;
                string invoke = ReducedSignature.OfDelegateInvoke(d, out why);
                if (invoke != null) signatures.Add(invoke);
            }
            signatures.ExceptWith(inputs.Excluded);
            Func<Type, bool> keep = t => dropped == null || !dropped.Contains(t);
            g.CopyWrappers = copyMembers.Where(m => CopyWrapperWriter.Names(m).All(inputs.AssemblyNames.Contains) && keep(m.DeclaringType))
                                       .GroupBy(m => m.MethodHandle).Select(x => x.First())
                                       .OrderBy(m => m.DeclaringType.FullName + "." + m, StringComparer.Ordinal).ToList();
            // The copy entries' bridges (CopyWrapperWriter.EntrySignature): exactly those of the wrappers written.
            foreach (MethodBase m in g.CopyWrappers)
            {
                string entry = CopyWrapperWriter.EntrySignature(m);
                if (entry != null) signatures.Add(entry);
            }
            g.Signatures = signatures;
            g.Cpp = CppWriter.Write(signatures);
            g.Shims = delegates.Distinct().Where(t => DelegateShimWriter.Covers(t) && DelegateShimWriter.Names(t).All(inputs.AssemblyNames.Contains) && keep(t))
                               .OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
            foreach (Type d in delegates.Distinct().Where(t => !g.Shims.Contains(t) && (DelegateShimWriter.IsVisible(t) ? inputs.Types.Contains(t) : !t.ContainsGenericParameters)))
                g.LeftOut.Add(new LeftOut { Member = d.FullName, Reason = "delegate type without a C# -> JS shim: " + DelegateShimWriter.WhyNot(d, inputs.AssemblyNames) });
            g.Wrappers = refMembers.Where(m => MemberWrapperWriter.Names(m).All(inputs.AssemblyNames.Contains) && keep(m.DeclaringType))
                                   .GroupBy(m => m.MethodHandle).Select(x => x.First()) // a base's member seen through each derived type
                                   .OrderBy(m => m.DeclaringType.FullName + "." + m, StringComparer.Ordinal).ToList();
            g.Accessors = inputs.Types.Distinct().SelectMany(TableAccessorWriter.Properties).Where(p => TableAccessorWriter.Names(p).All(inputs.AssemblyNames.Contains) && keep(p.DeclaringType))
                                .GroupBy(p => p.DeclaringType.FullName + "." + p.Name).Select(x => x.First())
                                .OrderBy(p => p.DeclaringType.FullName + "." + p.Name, StringComparer.Ordinal).ToList();
            g.Cs = DelegateShimWriter.Write(g.Shims, MemberWrapperWriter.Write(g.Wrappers) + CopyWrapperWriter.Write(g.CopyWrappers) +
                                                     TableAccessorWriter.Write(g.Accessors));
            g.LeftOut.Sort((a, b) => string.CompareOrdinal(a.Member, b.Member));
            return g;
        }

        // The closed generic types t's public members name in their signatures (their arguments' too: a
        // List<KeyValuePair<string, Item>> gives both).
        private static IEnumerable<Type> Instantiations(Type t)
        {
            if (!PlayerExpressible.Type(t) || t.ContainsGenericParameters) return Enumerable.Empty<Type>();
            const BindingFlags flags = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
            var named = new List<Type>();
            foreach (FieldInfo f in t.GetFields(flags)) named.Add(f.FieldType);
            foreach (PropertyInfo p in t.GetProperties(flags)) named.Add(p.PropertyType);
            foreach (MethodBase m in Members(t, flags))
            {
                if (m.ContainsGenericParameters) continue;
                named.AddRange(m.GetParameters().Select(p => p.ParameterType));
                var method = m as MethodInfo;
                if (method != null) named.Add(method.ReturnType);
            }
            var found = new List<Type>();
            foreach (Type n in named) Closed(n, found);
            return found;
        }

        private static void Closed(Type t, List<Type> found)
        {
            if (t.HasElementType) { Closed(t.GetElementType(), found); return; }
            if (!t.IsGenericType || t.ContainsGenericParameters || !PlayerExpressible.Type(t)) return;
            found.Add(t);
            foreach (Type a in t.GetGenericArguments()) Closed(a, found);
        }

        // Every closing of `parameters` over the representatives: one or two parameters over all seven (49 closings),
        // three over object, string and int (27: all seven would be 343, a wrapper each for a method with ref/out
        // parameters), none beyond (--scripts closes those as the scripts do).
        private static IEnumerable<Type[]> Closings(int parameters)
        {
            if (parameters < 1 || parameters > 3) return Enumerable.Empty<Type[]>();
            if (parameters == 3)
            {
                Type[] three = Representatives.Take(3).ToArray();
                return three.SelectMany(a => three.SelectMany(b => three.Select(c => new[] { a, b, c })));
            }
            return parameters == 1 ? Representatives.Select(a => new[] { a })
                                   : Representatives.SelectMany(a => Representatives.Select(b => new[] { a, b }));
        }

        private static string Describe(MemberInfo m)
        {
            return m.DeclaringType.FullName + "." + (m is ConstructorInfo ? ".ctor" : m.Name) + (m is MethodBase ? "(" + string.Join(", ", ((MethodBase)m).GetParameters().Select(p => p.ParameterType.Name)) + ")" : "");
        }

        // The members the binder binds (public methods, property accessors, constructors), the delegate types
        // their signatures name, and the methods the typed entries cannot take (MemberWrapperWriter).
        private static void Scan(Type t, GeneratorInputs inputs, SortedSet<string> signatures, List<Type> delegates, List<MethodInfo> refMembers,
                                 List<MethodBase> copyMembers, List<LeftOut> leftOut)
        {
            if (!PlayerExpressible.Type(t))
            {
                // A name C# cannot spell (IL allows any string): left out whole, and said so; other reasons are the
                // members' (listed where a signature names the type).
                string named = PlayerExpressible.WhyNotNamed(t);
                if (named != null && leftOut != null) leftOut.Add(new LeftOut { Member = t.FullName, Reason = named });
                return;
            }
            if (t.IsGenericTypeDefinition)
            {
                foreach (Type[] arguments in Closings(t.GetGenericArguments().Length))
                {
                    Type closed;
                    try { closed = t.MakeGenericType(arguments); }
                    catch (ArgumentException) { continue; } // a constraint the representative does not meet
                    // Signatures only: the generated C# names only the types of the build's own instantiations.
                    ScanSignatures(closed, BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance, signatures, null);
                    ScanExtensions(closed, signatures, delegates);
                }
                return;
            }
            if (t.ContainsGenericParameters) return;
            // FlattenHierarchy: JS reaches a base class's static members through the derived type too.
            const BindingFlags flags = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.FlattenHierarchy;
            foreach (MethodInfo g in t.GetMethods(flags))
            {
                if (!g.IsGenericMethodDefinition) continue;
                bool byRef = g.GetParameters().Any(p => p.ParameterType.IsByRef);
                foreach (Type[] arguments in GenericClosings(g, byRef, inputs))
                {
                    MethodInfo closed;
                    try { closed = g.MakeGenericMethod(arguments); }
                    catch (ArgumentException) { continue; }
                    string why;
                    string signature = ReducedSignature.Of(closed, out why);
                    if (signature != null) signatures.Add(signature);
                    // ref/out: a managed wrapper per closed instance, found at bind by the instance's handle.
                    if (byRef && MemberWrapperWriter.Covers(closed)) refMembers.Add(closed);
                }
            }
            if (typeof(MulticastDelegate).IsAssignableFrom(t) && t != typeof(MulticastDelegate)) delegates.Add(t);
            ScanSignatures(t, flags, signatures, leftOut);
            ScanExtensions(t, signatures, delegates);
            foreach (FieldInfo f in t.GetFields(flags)) NoteDelegate(f.FieldType, delegates);
            foreach (MethodBase m in Members(t, flags))
            {
                if (!PlayerExpressible.Member(m)) continue;
                if (MemberWrapperWriter.Covers(m)) refMembers.Add((MethodInfo)m); // ref/out, UnpackedValues: a managed wrapper
                else if (CopyWrapperWriter.Covers(m)) copyMembers.Add(m); // struct copies by their bytes: a managed wrapper
                foreach (ParameterInfo p in m.GetParameters()) NoteDelegate(p.ParameterType, delegates);
                var method = m as MethodInfo;
                if (method != null) NoteDelegate(method.ReturnType, delegates);
            }
        }

        // Generic extension methods on the instances of view (TsExtensionRules, [assembly: TsUsing]): closed over what the
        // view gives their receiver, as the binder closes them (List<int>.Keep is Keep<int>, SubHelper.Extension is
        // Extension<SubHelper>), so their signatures and the delegate types they take (Func<int, bool> for a JS function)
        // are covered like the view's own members. The type parameters each call infers from the other arguments
        // (Extension2<SubHelper, T2>) are closed over the representatives, as a generic method's are (every class and
        // struct reduces to object, so any inferred class or struct finds its bridge); a closing whose delegate type got
        // no shim here (Fold<int, Item>'s Func<Item, int, Item>) fails at first bind. The definitions themselves are
        // closed over the representatives where their static class is scanned.
        private static void ScanExtensions(Type view, SortedSet<string> signatures, List<Type> delegates)
        {
            foreach (MethodInfo m in ZTS.TsExtensionRules.For(view, ZTS.TsExtensionRules.OptedIn(), x => x.Name))
            {
                if (!m.IsGenericMethod || !PlayerExpressible.Member(m)) continue;
                bool perCall = ZTS.TsExtensionRules.InfersPerCall(m);
                foreach (MethodInfo closed in PerCallClosings(m))
                {
                    string why;
                    string signature = ReducedSignature.Of(closed, out why);
                    if (signature != null) signatures.Add(signature);
                    // A per-call closing over a generic instance (Fold<KeyValuePair<K, V>, TAcc> on each closing of
                    // Dictionary<K, V>) would multiply the view's representative closings by its own: signatures only.
                    if (perCall && closed.GetGenericArguments().Any(a => a.IsGenericType)) continue;
                    foreach (ParameterInfo p in closed.GetParameters()) NoteDelegate(p.ParameterType, delegates);
                    NoteDelegate(closed.ReturnType, delegates);
                }
            }
        }

        // m itself when the view closed it, else m's definition closed over what the view gave and each closing of
        // the rest over the representatives (at most two type parameters, Closings).
        private static IEnumerable<MethodInfo> PerCallClosings(MethodInfo m)
        {
            if (!ZTS.TsExtensionRules.InfersPerCall(m))
            {
                yield return m;
                yield break;
            }
            MethodInfo def = m.IsGenericMethodDefinition ? m : m.GetGenericMethodDefinition();
            Type[] given = m.GetGenericArguments();
            int[] open = Enumerable.Range(0, given.Length).Where(k => given[k].IsGenericParameter && given[k].DeclaringMethod != null).ToArray();
            foreach (Type[] arguments in Closings(open.Length))
            {
                var all = (Type[])given.Clone();
                for (int k = 0; k < open.Length; k++) all[open[k]] = arguments[k];
                MethodInfo closed;
                try { closed = def.MakeGenericMethod(all); }
                catch (ArgumentException) { continue; } // a constraint the representative does not meet
                yield return closed;
            }
        }

        // The closings of a generic method: over the representatives, and the ones the scripts use (--scripts). A
        // method with ref/out parameters gets a wrapper per closed instance (MemberWrapperWriter); without --scripts it is
        // also closed over every public input type its constraints admit, the instances a game's scripts may close it
        // with (TryGetComponent<Mover>(out Mover)); with --scripts only over the ones they do close it with, which keeps
        // a large game from getting a wrapper per type and method.
        private static IEnumerable<Type[]> GenericClosings(MethodInfo g, bool byRef, GeneratorInputs inputs)
        {
            IEnumerable<Type[]> closings = Closings(g.GetGenericArguments().Length);
            List<Type[]> used;
            if (inputs.ScriptClosings != null)
            {
                if (inputs.ScriptClosings.TryGetValue(g.ReflectedType.FullName + "." + g.Name, out used) ||
                    inputs.ScriptClosings.TryGetValue(g.DeclaringType.FullName + "." + g.Name, out used))
                    closings = closings.Concat(used.Where(c => c.Length == g.GetGenericArguments().Length));
            }
            else if (byRef && g.GetGenericArguments().Length == 1)
                closings = closings.Concat(inputs.InputTypes.Where(x => !x.ContainsGenericParameters && PlayerExpressible.Type(x) && !(x.IsAbstract && x.IsSealed))
                                                            .Select(x => new[] { x }));
            return closings;
        }

        // The methods and constructors the binder binds.
        private static IEnumerable<MethodBase> Members(Type t, BindingFlags flags)
        {
            var members = new List<MethodBase>(t.GetMethods(flags));
            if (!t.IsAbstract) members.AddRange(t.GetConstructors(BindingFlags.Public | BindingFlags.Instance));
            return members;
        }

        // The reduced signatures of t's members and field accessors; with leftOut, what has none and no wrapper.
        private static void ScanSignatures(Type t, BindingFlags flags, SortedSet<string> signatures, List<LeftOut> leftOut)
        {
            string why;
            foreach (MethodBase m in Members(t, flags))
            {
                if (m.IsGenericMethodDefinition) continue; // closed above
                string reason = PlayerExpressible.WhyNot(m);
                why = null;
                string signature = reason == null ? ReducedSignature.Of(m, out why) : null;
                if (signature != null) signatures.Add(signature);
                else if (leftOut != null && m.DeclaringType == t && !MemberWrapperWriter.Covers(m) && !IsRuntimeImplemented(m))
                {
                    string shape = reason == null && m.GetParameters().Any(p => p.ParameterType.IsByRef) ? WrapperShape.WhyNot(m) ?? PlayerExpressible.WhyNotNamed(m) : null;
                    leftOut.Add(new LeftOut { Member = Describe(m), Reason = reason ?? why + " has no reduced signature" + (shape != null ? ", and no wrapper serves " + shape : "") });
                }
            }
            foreach (FieldInfo f in t.GetFields(flags))
            {
                string reason = PlayerExpressible.WhyNot(f.FieldType);
                string get = reason == null ? ReducedSignature.OfField(f, false, out why) : null;
                if (get != null) signatures.Add(get);
                else if (leftOut != null && f.DeclaringType == t) leftOut.Add(new LeftOut { Member = Describe(f), Reason = reason ?? "its type " + f.FieldType.Name + " has no reduced signature" });
                if (get != null && !f.IsInitOnly && !f.IsLiteral) signatures.Add(ReducedSignature.OfField(f, true, out why));
            }
        }

        // A delegate's Invoke & co.: JS calls them through the shim table's invoker, not a member bridge.
        private static bool IsRuntimeImplemented(MethodBase m)
        {
            return (m.MethodImplementationFlags & MethodImplAttributes.Runtime) != 0;
        }

        private static void NoteDelegate(Type t, List<Type> delegates)
        {
            if (typeof(MulticastDelegate).IsAssignableFrom(t) && t != typeof(MulticastDelegate) && !t.ContainsGenericParameters)
                delegates.Add(t);
        }

        public static void Write(string path, string text)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path)));
            File.WriteAllText(path, text);
        }
    }
}
