using System;
using System.Collections.Generic;
using System.Reflection;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The CLR names JS can reach (SPEC_MAP D4): public types of the loaded assemblies by dotted JS path
    /// ("System.Math", "System.Collections.Generic.List$1", "NS.Outer.Inner"), and their namespaces.
    /// Built on first use and refreshed when an assembly loads later.
    /// </summary>
    internal static class TypeCatalog
    {
        private static readonly object Lock = new object();
        private static Dictionary<string, Type> _types;
        private static Dictionary<string, List<string>> _namespaces; // namespace -> top-level type JS names
        private static bool _dirty = true;
        private static bool _subscribed;

        /// <summary>The JS name of a type: generic arity as $N ("List$1").</summary>
        public static string JsName(Type t)
        {
            return TsMemberRules.JsName(t);
        }

        /// <summary>The dotted JS path of a public type.</summary>
        public static string JsPath(Type t)
        {
            return TsMemberRules.JsPath(t);
        }

        /// <summary>The type at a dotted JS path, or null.</summary>
        public static Type FindType(string path)
        {
            lock (Lock)
            {
                Refresh();
                Type t;
                return _types.TryGetValue(path, out t) ? t : null;
            }
        }

        /// <summary>True when path is a namespace (or a prefix of one) of some public type.</summary>
        public static bool IsNamespace(string path)
        {
            lock (Lock)
            {
                Refresh();
                return _namespaces.ContainsKey(path);
            }
        }

        /// <summary>JS names of the top-level public types of a namespace (the exports of csharp:NS).</summary>
        public static List<string> TypesOf(string ns)
        {
            lock (Lock)
            {
                Refresh();
                List<string> names;
                return _namespaces.TryGetValue(ns, out names) ? new List<string>(names) : new List<string>();
            }
        }

        private static void Refresh()
        {
            if (!_subscribed)
            {
                AppDomain.CurrentDomain.AssemblyLoad += (s, e) => { lock (Lock) _dirty = true; };
                _subscribed = true;
            }
            if (!_dirty) return;
            var types = new Dictionary<string, Type>();
            var namespaces = new Dictionary<string, List<string>>();
            foreach (Assembly a in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type[] exported;
                try
                {
                    if (a.IsDynamic) continue;
                    exported = a.GetExportedTypes();
                }
                catch (Exception)
                {
                    continue; // an assembly that cannot be reflected over contributes nothing
                }
                foreach (Type t in exported)
                {
                    string path = JsPath(t);
                    if (!types.ContainsKey(path)) types[path] = t;
                    if (t.IsNested) continue;
                    string ns = t.Namespace ?? "";
                    List<string> list;
                    if (!namespaces.TryGetValue(ns, out list)) namespaces[ns] = list = new List<string>();
                    if (!list.Contains(JsName(t))) list.Add(JsName(t));
                    for (int dot = ns.IndexOf('.'); dot > 0; dot = ns.IndexOf('.', dot + 1))
                    {
                        string prefix = ns.Substring(0, dot);
                        if (!namespaces.ContainsKey(prefix)) namespaces[prefix] = new List<string>();
                    }
                }
            }
            // "" (types without a namespace) stays: they are the exports of the module "csharp:" (docs/EVERYDAY.md).
            _types = types;
            _namespaces = namespaces;
            _dirty = false;
        }
    }
}
