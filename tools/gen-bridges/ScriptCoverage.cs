using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Web.Script.Serialization;
using ZTS.Shared.Clr;

namespace ZTS.GenBridges
{
    /// <summary>
    /// build-player --scripts: the C# members the game's scripts use, found exactly by tsc's checker
    /// (tools/script-refs/script_refs.js, docs/SCRIPT_REFS.md), checked against what this build covers by the rule
    /// the Player binds with (ReducedSignature, the generated signatures and wrappers). One line per member the
    /// Player would not cover: `src/game/logic.ts:12:7: 'Scene.Spawn' has no Player bridge: reason`. A member the
    /// scripts reach only through a run-time path (a computed name or type) is printed as unresolved, not guessed,
    /// and does not fail the build.
    /// </summary>
    internal static class ScriptCoverage
    {
        /// <summary>The files under a scripts folder the check depends on (for the build stamp).</summary>
        public static IEnumerable<string> Files(string dir)
        {
            var exts = new HashSet<string>(StringComparer.Ordinal) { ".ts", ".tsx", ".mts", ".js", ".mjs", ".map", ".json" };
            return Directory.GetFiles(dir, "*", SearchOption.AllDirectories)
                            .Where(f => exts.Contains(Path.GetExtension(f)) && !f.Contains("/node_modules/") && !f.Contains("/.git/"))
                            .OrderBy(f => f, StringComparer.Ordinal);
        }

        /// <summary>What the analyzer found: the uses, and the index of the input types they are resolved against.</summary>
        internal sealed class Analysis
        {
            public Dictionary<string, object> Json;
            public Dictionary<string, Type> Types;
        }

        /// <summary>Runs the analyzer over the scripts and, for each zts.generic_method(T, "M", A...) whose arguments all
        /// resolve, records the closing in inputs.ScriptClosings (the instances the build then writes wrappers for).</summary>
        public static Analysis Analyze(string scripts, string analyzer, string obj, GeneratorInputs inputs)
        {
            if (!File.Exists(analyzer)) throw new Toolchain.Failure("the installed build has no script analyzer: " + analyzer + " is missing (build ZTS with tools/setup.sh)");
            string node = Toolchain.Require("node", "Node.js for --scripts", "apt-get install nodejs");
            string json = Path.Combine(obj, "script-refs.json");
            if (File.Exists(json)) File.Delete(json);
            var run = new Toolchain.Run(node, new[] { analyzer, "--project", scripts, "--out", json });
            if (run.Wait() != 0)
            {
                string output = run.Output.Trim();
                throw new Toolchain.Failure("--scripts " + scripts + ": " + (output.Length == 0 ? "the script analyzer failed" : output.Replace("\n", "; ")));
            }
            var a = new Analysis
            {
                Json = (Dictionary<string, object>)new JavaScriptSerializer { MaxJsonLength = int.MaxValue }.DeserializeObject(File.ReadAllText(json)),
                Types = Index(inputs),
            };
            inputs.ScriptClosings = new Dictionary<string, List<Type[]>>(StringComparer.Ordinal);
            foreach (Dictionary<string, object> r in List(a.Json, "refs"))
            {
                object args;
                if (Str(r, "kind") != "get" || !r.TryGetValue("typeArgs", out args) || !(args is object[])) continue;
                Type owner;
                if (!a.Types.TryGetValue(FullName(r), out owner)) continue;
                Type[] closing = ((object[])args).Select(x => ResolveArg((Dictionary<string, object>)x, a.Types)).ToArray();
                if (closing.Any(x => x == null)) continue;
                string key = owner.FullName + "." + Str(r, "member");
                List<Type[]> list;
                if (!inputs.ScriptClosings.TryGetValue(key, out list)) inputs.ScriptClosings[key] = list = new List<Type[]>();
                list.Add(closing);
            }
            return a;
        }

        // A type argument the analyzer names ({namespace, type[, typeArgs]}): an input type or a framework type, closed.
        private static Type ResolveArg(Dictionary<string, object> arg, Dictionary<string, Type> types)
        {
            string name = FullName(arg);
            Type t;
            if (!types.TryGetValue(name, out t))
                t = AppDomain.CurrentDomain.GetAssemblies().Select(asm => asm.GetType(name, false)).FirstOrDefault(x => x != null);
            if (t == null) return null;
            object inner;
            if (t.IsGenericTypeDefinition && arg.TryGetValue("typeArgs", out inner) && inner is object[])
            {
                Type[] closing = ((object[])inner).Select(x => ResolveArg((Dictionary<string, object>)x, types)).ToArray();
                if (closing.Any(x => x == null)) return null;
                try { return t.MakeGenericType(closing); }
                catch (ArgumentException) { return null; }
            }
            return t.IsGenericTypeDefinition ? null : t;
        }

        private static string FullName(Dictionary<string, object> r)
        {
            string ns = Str(r, "namespace") ?? "";
            return ns.Length == 0 ? Str(r, "type") : ns + "." + Str(r, "type");
        }

        /// <summary>The uncovered uses, one line each (empty: every member the scripts use is covered).</summary>
        /// <summary>Prints each uncovered use and the closing line "tool: N uses ... nothing what" to stderr; false when
        /// there was one (the caller fails), true when the scripts are covered.</summary>
        public static bool Report(List<string> uncovered, string tool, string what)
        {
            if (uncovered.Count == 0) return true;
            foreach (string line in uncovered) Console.Error.WriteLine(line);
            Console.Error.WriteLine(tool + ": " + uncovered.Count + " use" + (uncovered.Count == 1 ? "" : "s") +
                                    " of C# members in the scripts without a Player bridge: nothing " + what + " (add their assemblies or types as inputs)");
            return false;
        }

        public static List<string> Check(Analysis a, GeneratorInputs inputs, Generated g)
        {
            var lines = new List<string>();
            foreach (Dictionary<string, object> r in List(a.Json, "refs"))
            {
                string why = Uncovered(r, a.Types, inputs, g);
                if (why != null) lines.Add(Position(r) + ": " + why);
            }
            foreach (Dictionary<string, object> u in List(a.Json, "unresolved"))
                Console.Error.WriteLine(Position(u) + ": unresolved, not checked at build time: " + Str(u, "text") + " (" + Str(u, "reason") + ")");
            return lines.Distinct().ToList();
        }

        private static IEnumerable<Dictionary<string, object>> List(Dictionary<string, object> d, string key)
        {
            object v;
            return d.TryGetValue(key, out v) && v is object[] ? ((object[])v).Cast<Dictionary<string, object>>() : Enumerable.Empty<Dictionary<string, object>>();
        }

        private static string Str(Dictionary<string, object> d, string key)
        {
            object v;
            return d.TryGetValue(key, out v) && v != null ? Convert.ToString(v, System.Globalization.CultureInfo.InvariantCulture) : null;
        }

        private static string Position(Dictionary<string, object> r)
        {
            return Str(r, "file") + ":" + Str(r, "line") + ":" + Str(r, "col");
        }

        // The input types (and their nested types) by reflection full name.
        private static Dictionary<string, Type> Index(GeneratorInputs inputs)
        {
            var index = new Dictionary<string, Type>(StringComparer.Ordinal);
            var queue = new Queue<Type>(inputs.Types);
            while (queue.Count > 0)
            {
                Type t = queue.Dequeue();
                if (t.FullName == null || index.ContainsKey(t.FullName)) continue;
                index[t.FullName] = t;
                foreach (Type n in t.GetNestedTypes(BindingFlags.Public)) queue.Enqueue(n);
            }
            return index;
        }

        // Why the use r is not covered, or null when it is.
        private static string Uncovered(Dictionary<string, object> r, Dictionary<string, Type> types, GeneratorInputs inputs, Generated g)
        {
            string ns = Str(r, "namespace") ?? "";
            string typeName = Str(r, "type");
            string member = Str(r, "member") ?? "";
            string kind = Str(r, "kind");
            bool isStatic = r.ContainsKey("static") && r["static"] is bool && (bool)r["static"];
            string fullName = ns.Length == 0 ? typeName : ns + "." + typeName;
            string shown = "'" + ShortName(typeName) + (kind == "new" ? "' constructor" : member.Length > 0 ? "." + member + "'" : "'");
            Type t;
            if (!types.TryGetValue(fullName, out t) && (t = NameableType(fullName, inputs)) == null)
                return shown + " has no Player bridge: its type " + fullName + " is not an input of the build (add its assembly with --assembly, or --type '" + fullName + ", Assembly')";
            if (kind == "type" || member.Length == 0 && kind != "new") return null;
            // A member of a generic type is bound on the receiver's closed type at run time: judge it on the closing
            // the scripts give (zts.generic), else on object, as every class, interface, array, delegate or struct
            // argument reduces (ReducedSignature: `o`), the closing the build's representatives start with.
            if (t.IsGenericTypeDefinition) t = CloseForCheck(t, r, types);
            string[] names = r.ContainsKey("params") && r["params"] is object[] ? ((object[])r["params"]).Select(o => Convert.ToString(o)).ToArray() : null;
            const BindingFlags any = BindingFlags.Public | BindingFlags.FlattenHierarchy;
            BindingFlags flags = any | (isStatic ? BindingFlags.Static : BindingFlags.Instance);
            var candidates = new List<MethodBase>();
            FieldInfo field = null;
            if (kind == "new")
            {
                if (t.IsValueType && (names == null || names.Length == 0)) return null; // new S(): a zeroed box, no bridge (Il2CppBridges.DefaultStruct)
                candidates.AddRange(t.GetConstructors(BindingFlags.Public | BindingFlags.Instance));
            }
            else if (kind == "call")
            {
                candidates.AddRange(t.GetMethods(flags).Where(m => m.Name == member && !m.IsSpecialName));
                if (candidates.Count == 0 && !isStatic) candidates.AddRange(Extensions(t, member, inputs));
                if (candidates.Count == 0)
                {
                    // A delegate-typed property or field called as a function: its getter, then the delegate's invoker.
                    PropertyInfo dp = t.GetProperty(member, flags);
                    if (dp != null && dp.GetGetMethod() != null) candidates.Add(dp.GetGetMethod());
                }
            }
            else
            {
                PropertyInfo p = t.GetProperties(flags).FirstOrDefault(x => x.Name == member && x.GetIndexParameters().Length == 0);
                if (p != null)
                {
                    if (kind == "get" && p.GetGetMethod() != null) candidates.Add(p.GetGetMethod());
                    if (kind == "set" && p.GetSetMethod() != null) candidates.Add(p.GetSetMethod());
                }
                else field = t.GetField(member, flags);
                if (p == null && field == null)
                {
                    // An event (add_/remove_ through zts) or a method read as a value: covered when its accessors are.
                    candidates.AddRange(t.GetMethods(flags).Where(m => m.Name == member));
                    if (candidates.Count == 0) return null; // a nested type or a member the runtime makes (prototype, ...)
                }
            }
            if (field != null)
            {
                string why;
                string sig = ReducedSignature.OfField(field, kind == "set", out why);
                if (sig == null) return shown + " has no Player bridge: its type " + field.FieldType.Name + " has no reduced signature";
                return g.Signatures.Contains(sig) ? null : shown + " has no Player bridge: signature " + sig + " was not generated (it is excluded)";
            }
            if (candidates.Count == 0) return null;
            if (names != null)
            {
                var named = candidates.Where(m => m.GetParameters().Select(p => p.Name).SequenceEqual(names)).ToList();
                // An extension method's declaration drops its `this` parameter.
                if (named.Count == 0) named = candidates.Where(m => m.IsStatic && m.IsDefined(typeof(ExtensionAttribute), false) &&
                                                                    m.GetParameters().Skip(1).Select(p => p.Name).SequenceEqual(names)).ToList();
                if (named.Count > 0) candidates = named;
            }
            // zts.generic_method(T, "M", A...): the instance the scripts close.
            object typeArgs;
            Type[] closing = r.TryGetValue("typeArgs", out typeArgs) && typeArgs is object[]
                ? ((object[])typeArgs).Select(x => ResolveArg((Dictionary<string, object>)x, types)).ToArray() : null;
            if (closing != null && closing.All(x => x != null))
            {
                var closed = new List<MethodBase>();
                foreach (MethodInfo m in candidates.OfType<MethodInfo>().Where(m => m.IsGenericMethodDefinition && m.GetGenericArguments().Length == closing.Length))
                {
                    try { closed.Add(m.MakeGenericMethod(closing)); }
                    catch (ArgumentException) { }
                }
                if (closed.Count > 0) candidates = closed;
            }
            foreach (MethodBase m in candidates)
            {
                string why = Why(m, g);
                if (why != null) return shown + " has no Player bridge: " + why;
            }
            return null;
        }

        // The extension methods named `name` on the view of t: those the binder shows there (TsExtensionRules, closed over
        // what t gives), and the input types' own extension classes' (as a static method of theirs, or not opted in).
        private static IEnumerable<MethodBase> Extensions(Type t, string name, GeneratorInputs inputs)
        {
            if (!t.ContainsGenericParameters)
            {
                List<MethodInfo> shown = ZTS.TsExtensionRules.For(t, ZTS.TsExtensionRules.OptedIn(), x => x.Name).Where(m => m.Name == name).ToList();
                if (shown.Count > 0) return shown;
            }
            return inputs.Types.Where(x => x.IsAbstract && x.IsSealed && x.IsDefined(typeof(ExtensionAttribute), false))
                         .SelectMany(x => x.GetMethods(BindingFlags.Public | BindingFlags.Static))
                         .Where(m => m.Name == name && m.IsDefined(typeof(ExtensionAttribute), false) && m.GetParameters().Length > 0 &&
                                     (m.GetParameters()[0].ParameterType.IsAssignableFrom(t) || m.IsGenericMethodDefinition));
        }

        // A type of an assembly the generated code may name (the framework's: mscorlib, System, System.Core) that is not
        // an input type itself: an interface the declarations show a member on (IEnumerable$1.Count() with LINQ opted in,
        // ICollection$1.Count). Its members are bound on the receiver's class and judged by their reduced signatures,
        // as every member is; null for a type elsewhere (its assembly must be an input).
        private static Type NameableType(string fullName, GeneratorInputs inputs)
        {
            foreach (Assembly asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                if (!inputs.AssemblyNames.Contains(asm.GetName().Name)) continue;
                Type t = asm.GetType(fullName, false);
                if (t != null && t.IsPublic) return t;
            }
            return null;
        }

        // Generic type definition t closed over the ref's typeArgs when the scripts give them, else over object for each
        // parameter (t itself when a constraint refuses it: its members then have no reduced signature, as the Player's).
        private static Type CloseForCheck(Type t, Dictionary<string, object> r, Dictionary<string, Type> types)
        {
            object typeArgs;
            if (r.TryGetValue("typeArgs", out typeArgs) && typeArgs is object[] && Str(r, "kind") != "get")
            {
                Type[] given = ((object[])typeArgs).Select(x => ResolveArg((Dictionary<string, object>)x, types)).ToArray();
                if (given.Length == t.GetGenericArguments().Length && given.All(x => x != null))
                {
                    try { return t.MakeGenericType(given); }
                    catch (ArgumentException) { }
                }
            }
            try { return t.MakeGenericType(t.GetGenericArguments().Select(a => typeof(object)).ToArray()); }
            catch (ArgumentException) { return t; }
        }

        private static string ShortName(string typeName)
        {
            int plus = typeName.LastIndexOf('+');
            string n = plus >= 0 ? typeName.Substring(plus + 1) : typeName;
            int tick = n.IndexOf('`');
            return tick >= 0 ? n.Substring(0, tick) : n;
        }

        // Why the Player does not cover m (the route Il2CppBridges.Bind takes), or null.
        private static string Why(MethodBase m, Generated g)
        {
            string reason = PlayerExpressible.WhyNot(m);
            if (reason != null) return reason;
            if (m.IsGenericMethodDefinition)
            {
                // Closed at run time by inference or zts.generic_method: covered when the build closed it (Generator).
                bool byRef = m.GetParameters().Any(p => p.ParameterType.IsByRef);
                if (byRef) return g.Wrappers.Any(w => w.IsGenericMethod && w.GetGenericMethodDefinition().MethodHandle == m.MethodHandle) ? null
                    : "a generic method with ref/out parameters whose closings the build could not write";
                return null;
            }
            bool refOut = m.GetParameters().Any(p => p.ParameterType.IsByRef);
            if (refOut && m.IsGenericMethod)
                return g.Wrappers.Any(w => w.MethodHandle == m.MethodHandle) ? null
                    : "no wrapper for this closed instance (its type arguments are not among the inputs)";
            if (refOut)
                return g.Wrappers.Any(w => w.MethodHandle == m.MethodHandle) ? null
                    : "no wrapper serves " + (WrapperShape.WhyNot(m) ?? "it (its types are not all inputs of the build)");
            string why;
            string sig = ReducedSignature.Of(m, out why);
            if (sig == null) return why + " has no reduced signature";
            return g.Signatures.Contains(sig) ? null : "signature " + sig + " was not generated (it is excluded)";
        }
    }
}
