using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace ZTS
{
    /// <summary>
    /// Which extension methods JS sees on which type (issue 12), for the binder and the declaration generator alike.
    /// Opted in by [assembly: TsUsing] (<see cref="TsUsingAttribute"/>) on any loaded assembly: the public static
    /// methods marked [Extension] of public, non-generic, top-level static classes, that are not generic method
    /// definitions and whose first parameter is not by-ref. Such a method shows on the view of its first parameter's
    /// type P: on P itself (derived classes reach it through the prototype chain), and, when P is an interface, on
    /// every class or struct that implements P (unless its visible base class does too) and on the interfaces that
    /// extend P. An instance member of the same JS name that the view shows wins, as in C#.
    /// </summary>
    public static class TsExtensionRules
    {
        private static readonly object Gate = new object();
        private static int _assemblyCount = -1;
        private static List<MethodInfo> _optedIn = new List<MethodInfo>();

        /// <summary>The opted-in extension methods of the assemblies loaded in this AppDomain (cached until one more loads).</summary>
        public static List<MethodInfo> OptedIn()
        {
            Assembly[] assemblies = AppDomain.CurrentDomain.GetAssemblies();
            lock (Gate)
            {
                if (assemblies.Length != _assemblyCount)
                {
                    _optedIn = OptedIn(assemblies);
                    _assemblyCount = assemblies.Length;
                }
                return _optedIn;
            }
        }

        /// <summary>The opted-in extension methods of the given assemblies, in a deterministic order.</summary>
        public static List<MethodInfo> OptedIn(IEnumerable<Assembly> assemblies)
        {
            Assembly[] all = assemblies.Where(a => !IsDynamic(a)).ToArray();
            var namespaces = new HashSet<string>(StringComparer.Ordinal);
            var wholeAssemblies = new HashSet<Assembly>();
            foreach (Assembly a in all)
            {
                foreach (TsUsingAttribute u in Usings(a))
                {
                    if (u.Namespace == null) wholeAssemblies.Add(a);
                    else namespaces.Add(u.Namespace);
                }
            }
            var methods = new List<MethodInfo>();
            if (namespaces.Count == 0 && wholeAssemblies.Count == 0) return methods;
            foreach (Assembly a in all)
            {
                Type[] types;
                try
                {
                    types = a.GetExportedTypes();
                }
                catch (Exception)
                {
                    continue; // an assembly whose types cannot load shows none
                }
                foreach (Type t in types)
                {
                    if (!(t.IsAbstract && t.IsSealed) || t.IsNested || t.IsGenericTypeDefinition) continue;
                    if (!wholeAssemblies.Contains(a) && !namespaces.Contains(t.Namespace ?? "")) continue;
                    if (!t.IsDefined(typeof(ExtensionAttribute), false)) continue;
                    foreach (MethodInfo m in t.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly))
                    {
                        if (!m.IsDefined(typeof(ExtensionAttribute), false) || m.IsGenericMethodDefinition) continue;
                        ParameterInfo[] ps = m.GetParameters();
                        if (ps.Length == 0 || ps[0].ParameterType.IsByRef || ps[0].ParameterType.ContainsGenericParameters) continue;
                        methods.Add(m);
                    }
                }
            }
            return methods.OrderBy(m => m.DeclaringType.FullName, StringComparer.Ordinal).ThenBy(m => m.Name, StringComparer.Ordinal)
                          .ThenBy(m => m.MetadataToken).ToList();
        }

        /// <summary>The extension methods that show on the view of t (see the class summary), from the opted-in ones.</summary>
        public static IEnumerable<MethodInfo> For(Type t, IEnumerable<MethodInfo> optedIn, Func<MethodInfo, string> finalName)
        {
            if (t.IsGenericTypeDefinition || t.IsEnum || t.IsArray || t.IsPointer || t.IsByRef) yield break;
            HashSet<string> instanceNames = null;
            foreach (MethodInfo m in optedIn)
            {
                if (!ShowsOn(m.GetParameters()[0].ParameterType, t)) continue;
                if (instanceNames == null) instanceNames = InstanceNames(t, finalName);
                if (instanceNames.Contains(finalName(m))) continue; // the instance member wins
                yield return m;
            }
        }

        private static bool ShowsOn(Type extended, Type t)
        {
            if (extended == t) return true;
            if (!extended.IsInterface || !extended.IsAssignableFrom(t)) return false;
            if (t.IsInterface) return true; // an interface view merges the interfaces it extends
            Type b = t.BaseType;
            while (b != null && !b.IsVisible) b = b.BaseType;
            return b == null || !extended.IsAssignableFrom(b); // else the base class's prototype has it
        }

        // The JS names of the instance members t's view shows (own and inherited, properties and fields too).
        private static HashSet<string> InstanceNames(Type t, Func<MethodInfo, string> finalName)
        {
            var names = new HashSet<string>(StringComparer.Ordinal);
            IEnumerable<Type> views = t.IsInterface ? new[] { t }.Concat(t.GetInterfaces()) : new[] { t };
            foreach (Type v in views)
            {
                foreach (MethodInfo m in v.GetMethods(BindingFlags.Public | BindingFlags.Instance)) names.Add(finalName(m));
                foreach (PropertyInfo p in v.GetProperties(BindingFlags.Public | BindingFlags.Instance)) names.Add(p.Name);
                foreach (FieldInfo f in v.GetFields(BindingFlags.Public | BindingFlags.Instance)) names.Add(f.Name);
            }
            return names;
        }

        private static IEnumerable<TsUsingAttribute> Usings(Assembly a)
        {
            try
            {
                return a.GetCustomAttributes(typeof(TsUsingAttribute), false).Cast<TsUsingAttribute>().ToArray();
            }
            catch (Exception)
            {
                return new TsUsingAttribute[0];
            }
        }

        private static bool IsDynamic(Assembly a)
        {
            try
            {
                return a.IsDynamic;
            }
            catch (Exception)
            {
                return true;
            }
        }
    }
}
