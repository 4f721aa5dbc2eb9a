// gen-bridges: the Player backend's build-time bridge generator (issue 10, docs/PLAYER.md).
//
// It reflects over the assemblies and types a game uses and writes
//  - one C++ file: a bridge per reduced signature (ZTS.Shared's ReducedSignature, the rule the runtime binds
//    with) and the sorted table of them, compiled into the Player runtime;
//  - one C# file: a shim per covered delegate type (an Invoke of that exact signature over the shared
//    ValueMarshal rules and zts_function_call) and the table ZTS.Il2Cpp.Generated.Shims.Bind, compiled into
//    ZTS.Il2Cpp.Generated.dll.
// Run at build time only; the output is never committed. Usage:
//   gen-bridges.exe --cpp out.cpp --cs out.cs [--assembly path.dll]... [--type "Name, Assembly"]...
//                   [--delegate "reflection name"]... [--scan-il path.dll]... [--exclude signature]...
//                   [--marshal-xml file.xml]...
// --marshal-xml checks MarshalAs XML strictly against the inputs (TsMarshalXml.Validate): an invalid entry fails
// the build with file:line: reason (01-HOST-API §3.3: the Player build fails hard where the Editor logs).
// --scan-il reads an assembly's IL for the delegate types its code instantiates (IlScan).
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using ZTS.Shared.Clr;

namespace ZTS.GenBridges
{
    internal static class Program
    {
        private static int Main(string[] args)
        {
            string cpp = null, cs = null;
            var types = new List<Type>();
            var delegates = new List<Type>();
            var excluded = new HashSet<string>();
            var marshalXml = new List<string>();
            // Shims may name types of the framework and of the inputs only (ZTS.Il2Cpp.Generated.dll references them).
            var assemblies = new HashSet<string> { "mscorlib", "System", "System.Core" };
            try
            {
                for (int i = 0; i < args.Length; i++)
                {
                    string value = i + 1 < args.Length ? args[i + 1] : null;
                    switch (args[i])
                    {
                        case "--cpp": cpp = value; i++; break;
                        case "--cs": cs = value; i++; break;
                        case "--assembly":
                            Assembly input = Assembly.LoadFrom(value);
                            assemblies.Add(input.GetName().Name);
                            foreach (Type t in input.GetExportedTypes()) types.Add(t);
                            i++;
                            break;
                        case "--type": types.Add(Resolve(value)); i++; break;
                        case "--delegate": delegates.Add(Resolve(value)); i++; break;
                        case "--scan-il":
                            assemblies.Add(Assembly.LoadFrom(value).GetName().Name);
                            delegates.AddRange(IlScan.Delegates(value));
                            i++;
                            break;
                        case "--exclude": excluded.Add(value); i++; break;
                        case "--marshal-xml": marshalXml.Add(value); i++; break;
                        default: throw new ArgumentException("unknown argument '" + args[i] + "'");
                    }
                }
                if (cpp == null || cs == null) throw new ArgumentException("--cpp and --cs are required");
                IList<string> invalid = ZTS.TsMarshalXml.Validate(marshalXml);
                if (invalid.Count > 0)
                {
                    foreach (string problem in invalid) Console.Error.WriteLine(problem);
                    Console.Error.WriteLine("gen-bridges: " + invalid.Count + " invalid MarshalAs XML entr" + (invalid.Count == 1 ? "y" : "ies") + ": nothing generated");
                    return 1;
                }
                var signatures = new SortedSet<string>(StringComparer.Ordinal);
                var refMembers = new List<MethodInfo>();
                foreach (Type t in types) Scan(t, signatures, delegates, refMembers);
                // Calling a C# delegate from JS: its Invoke through the shim table's invoker (DelegateShimWriter).
                foreach (Type d in delegates.Where(DelegateShimWriter.Covers))
                {
                    string why;
                    string invoke = ReducedSignature.OfDelegateInvoke(d, out why);
                    if (invoke != null) signatures.Add(invoke);
                }
                signatures.ExceptWith(excluded);
                Write(cpp, CppWriter.Write(signatures));
                var shims = delegates.Where(t => DelegateShimWriter.Covers(t) && DelegateShimWriter.Names(t).All(assemblies.Contains)).Distinct().OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
                var wrappers = refMembers.Where(m => MemberWrapperWriter.Names(m).All(assemblies.Contains))
                                         .GroupBy(m => m.MethodHandle).Select(g => g.First()) // a base's member seen through each derived type
                                         .OrderBy(m => m.DeclaringType.FullName + "." + m, StringComparer.Ordinal).ToList();
                var accessors = types.SelectMany(TableAccessorWriter.Properties).Where(p => TableAccessorWriter.Names(p).All(assemblies.Contains))
                                     .GroupBy(p => p.DeclaringType.FullName + "." + p.Name).Select(g => g.First())
                                     .OrderBy(p => p.DeclaringType.FullName + "." + p.Name, StringComparer.Ordinal).ToList();
                Write(cs, DelegateShimWriter.Write(shims, MemberWrapperWriter.Write(wrappers) + TableAccessorWriter.Write(accessors)));
                Console.WriteLine("gen-bridges: " + signatures.Count + " member bridges, " + shims.Count + " delegate shims, " +
                                  wrappers.Count + " member wrappers, " + accessors.Count + " struct property accessors");
                return 0;
            }
            catch (Exception e)
            {
                Console.Error.WriteLine("gen-bridges: " + e.Message);
                return 1;
            }
        }

        private static Type Resolve(string name)
        {
            Type t = Type.GetType(name, false);
            if (t == null) throw new ArgumentException("type '" + name + "' not found");
            return t;
        }

        // The members the binder binds (public methods, property accessors, constructors), the delegate types
        // their signatures name, and the methods the typed entries cannot take (MemberWrapperWriter).
        // The types a generic method or type is closed over at run time (zts.generic_method, inference, zts.generic)
        // most often; each has a reduced code of its own (any other class reduces like object). Like Il2Cpp's
        // generic sharing, a build covers these instances of every generic member among its inputs in advance.
        private static readonly Type[] Representatives = { typeof(object), typeof(string), typeof(int), typeof(double), typeof(float), typeof(bool), typeof(long) };

        // Every closing of `parameters` over the representatives (at most two parameters: 49 closings).
        private static IEnumerable<Type[]> Closings(int parameters)
        {
            if (parameters < 1 || parameters > 2) return Enumerable.Empty<Type[]>();
            return parameters == 1 ? Representatives.Select(a => new[] { a })
                                   : Representatives.SelectMany(a => Representatives.Select(b => new[] { a, b }));
        }

        private static void Scan(Type t, SortedSet<string> signatures, List<Type> delegates, List<MethodInfo> refMembers)
        {
            if (t.IsGenericTypeDefinition)
            {
                foreach (Type[] arguments in Closings(t.GetGenericArguments().Length))
                {
                    Type closed;
                    try { closed = t.MakeGenericType(arguments); }
                    catch (ArgumentException) { continue; } // a constraint the representative does not meet
                    // Signatures only: the generated C# names only the types of the build's own instantiations.
                    ScanSignatures(closed, BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance, signatures);
                }
                return;
            }
            if (t.ContainsGenericParameters) return;
            foreach (MethodInfo g in t.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.FlattenHierarchy))
            {
                if (!g.IsGenericMethodDefinition) continue;
                foreach (Type[] arguments in Closings(g.GetGenericArguments().Length))
                {
                    MethodInfo closed;
                    try { closed = g.MakeGenericMethod(arguments); }
                    catch (ArgumentException) { continue; }
                    string why;
                    string signature = ReducedSignature.Of(closed, out why);
                    if (signature != null) signatures.Add(signature);
                }
            }
            if (typeof(MulticastDelegate).IsAssignableFrom(t) && t != typeof(MulticastDelegate)) delegates.Add(t);
            // FlattenHierarchy: JS reaches a base class's static members through the derived type too.
            const BindingFlags flags = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.FlattenHierarchy;
            ScanSignatures(t, flags, signatures);
            foreach (FieldInfo f in t.GetFields(flags)) NoteDelegate(f.FieldType, delegates);
            foreach (MethodBase m in Members(t, flags))
            {
                if (MemberWrapperWriter.Covers(m)) refMembers.Add((MethodInfo)m); // ref/out, UnpackedValues: a managed wrapper
                foreach (ParameterInfo p in m.GetParameters()) NoteDelegate(p.ParameterType, delegates);
                var method = m as MethodInfo;
                if (method != null) NoteDelegate(method.ReturnType, delegates);
            }
        }

        // The methods and constructors the binder binds.
        private static IEnumerable<MethodBase> Members(Type t, BindingFlags flags)
        {
            var members = new List<MethodBase>(t.GetMethods(flags));
            if (!t.IsAbstract) members.AddRange(t.GetConstructors(BindingFlags.Public | BindingFlags.Instance));
            return members;
        }

        // The reduced signatures of t's members and field accessors.
        private static void ScanSignatures(Type t, BindingFlags flags, SortedSet<string> signatures)
        {
            string why;
            foreach (MethodBase m in Members(t, flags))
            {
                string signature = ReducedSignature.Of(m, out why);
                if (signature != null) signatures.Add(signature);
            }
            foreach (FieldInfo f in t.GetFields(flags))
            {
                string get = ReducedSignature.OfField(f, false, out why);
                if (get != null) signatures.Add(get);
                if (get != null && !f.IsInitOnly && !f.IsLiteral) signatures.Add(ReducedSignature.OfField(f, true, out why));
            }
        }

        private static void NoteDelegate(Type t, List<Type> delegates)
        {
            if (typeof(MulticastDelegate).IsAssignableFrom(t) && t != typeof(MulticastDelegate) && !t.ContainsGenericParameters)
                delegates.Add(t);
        }

        private static void Write(string path, string text)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path)));
            File.WriteAllText(path, text);
        }
    }
}
