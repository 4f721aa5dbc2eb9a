using System;
using System.Collections.Generic;
using System.Reflection;

namespace ZTS
{
    /// <summary>
    /// What C# the scripts may reach (docs/POLICY.md): allowed assemblies, namespaces and types, with
    /// denied types and members on top, and reflection closed (<see cref="TsReflectionClosure"/>). Set it as
    /// <see cref="TsSettings.Policy"/> (read when a domain is created) or load it from a policy file with
    /// <see cref="TsScriptPolicyFile.Load"/>; gen-dts takes the same file. Without a policy everything public is
    /// reachable, as before. These rules are the one place both backends' binders and gen-dts ask.
    /// <para>Names are JS paths ("Game.Api.World", "System.Collections.Generic.List$1", "NS.Outer.Inner"); C#
    /// spellings ("List`1", "Outer+Inner") are accepted too.</para>
    /// </summary>
    public sealed class TsScriptPolicy
    {
        private readonly HashSet<string> _assemblies = new HashSet<string>(StringComparer.Ordinal);
        private readonly HashSet<string> _namespaces = new HashSet<string>(StringComparer.Ordinal);
        private readonly List<string> _namespaceTrees = new List<string>();
        private readonly HashSet<string> _types = new HashSet<string>(StringComparer.Ordinal);
        private readonly HashSet<string> _deniedTypes = new HashSet<string>(StringComparer.Ordinal);
        private readonly Dictionary<string, HashSet<string>> _deniedMembers = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
        private readonly Dictionary<string, HashSet<string>> _allowedMembers = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
        private readonly Dictionary<Type, bool> _typeCache = new Dictionary<Type, bool>();

        // Values of these cross by value (or are the roots every view shares): reachable under every policy, so that
        // type arguments, ToString and Equals keep working. Deny rules still apply to them.
        private static readonly HashSet<Type> Builtins = new HashSet<Type>
        {
            typeof(object), typeof(ValueType), typeof(Enum), typeof(string), typeof(void), typeof(bool), typeof(char),
            typeof(sbyte), typeof(byte), typeof(short), typeof(ushort), typeof(int), typeof(uint), typeof(long), typeof(ulong),
            typeof(float), typeof(double), typeof(decimal),
        };

        /// <summary>The one denial text (SPEC_MAP D6): <c>zts: access to 'NS.T.M' is not allowed by the script policy</c>.</summary>
        public static string DenialText(string path)
        {
            return "zts: access to '" + path + "' is not allowed by the script policy";
        }

        /// <summary>Allows every public type of an assembly (its simple name, "Game.Api").</summary>
        public TsScriptPolicy AllowAssembly(string simpleName)
        {
            return Add(_assemblies, Require(simpleName, "assembly"));
        }

        /// <summary>Allows the types of a namespace: "Game" is exactly Game; "Game.*" is Game and every namespace under it.</summary>
        public TsScriptPolicy AllowNamespace(string ns)
        {
            Require(ns, "namespace");
            if (ns.EndsWith(".*", StringComparison.Ordinal))
            {
                _namespaceTrees.Add(ns.Substring(0, ns.Length - 2));
                lock (_typeCache) _typeCache.Clear();
                return this;
            }
            return Add(_namespaces, ns);
        }

        /// <summary>Allows one type and the types nested in it ("Game.Api.World", "System.Math").</summary>
        public TsScriptPolicy AllowType(string path)
        {
            return Add(_types, Normalize(Require(path, "type")));
        }

        /// <summary>Denies one type and the types nested in it, whatever allows it.</summary>
        public TsScriptPolicy DenyType(string path)
        {
            return Add(_deniedTypes, Normalize(Require(path, "type")));
        }

        /// <summary>
        /// Denies a member ("Game.Api.World.Reset"; "T.*" every member of T): methods (all overloads, by C# or
        /// alias name), properties, fields, events (their add_/remove_), "T.constructor".
        /// </summary>
        public TsScriptPolicy DenyMember(string path)
        {
            AddMember(_deniedMembers, path);
            return this;
        }

        /// <summary>
        /// Names a reflection member that <see cref="TsReflectionClosure"/> closes, reopening it ("System.Type.GetMethod";
        /// "System.Activator.*"). It does not make a type reachable: its type must be allowed too.
        /// </summary>
        public TsScriptPolicy AllowMember(string path)
        {
            AddMember(_allowedMembers, path);
            return this;
        }

        /// <summary>Whether scripts may reach t: constructed generics need their definition and every type argument,
        /// arrays their element type; generic parameters always pass.</summary>
        public bool AllowsType(Type t)
        {
            return DeniedPart(t) == null;
        }

        /// <summary>
        /// The part of t that the policy denies (t itself, its element type, its generic definition or the first denied
        /// type argument; the one a denial names), or null when scripts may reach t.
        /// </summary>
        public Type DeniedPart(Type t)
        {
            if (t == null || t.IsGenericParameter) return null;
            lock (_typeCache)
            {
                bool allowed;
                if (_typeCache.TryGetValue(t, out allowed) && allowed) return null;
            }
            Type denied;
            if (t.HasElementType) denied = DeniedPart(t.GetElementType());
            else if (t.IsGenericType && !t.IsGenericTypeDefinition)
            {
                denied = DeniedPart(t.GetGenericTypeDefinition());
                foreach (Type a in t.GetGenericArguments())
                    if (denied == null) denied = DeniedPart(a);
            }
            else denied = Decide(t) ? null : t;
            lock (_typeCache) _typeCache[t] = denied == null;
            return denied;
        }

        /// <summary>
        /// Whether scripts may use member m as the view of type <paramref name="bound"/> shows it (null m: the type
        /// alone, e.g. array element access). <paramref name="jsName"/> is its JS name (alias) or null. Denied when the
        /// bound type or m's declaring type is not reachable, when a deny rule names it on either, or when reflection
        /// closes it and no allow rule names it.
        /// </summary>
        public bool AllowsMember(Type bound, MemberInfo m, string jsName)
        {
            if (!AllowsType(bound)) return false;
            if (m == null) return true;
            Type declaring = m.DeclaringType ?? bound;
            if (declaring != bound && !AllowsType(declaring)) return false;
            IList<string> names = MemberNames(m, jsName);
            if (Names(_deniedMembers, bound, names) || (declaring != bound && Names(_deniedMembers, declaring, names))) return false;
            if (TsReflectionClosure.Closes(bound, m) && !Names(_allowedMembers, bound, names) && !Names(_allowedMembers, declaring, names))
                return false;
            return true;
        }

        /// <summary>The path a denial of m on the view of <paramref name="bound"/> names ("System.IO.File.WriteAllText").</summary>
        public static string MemberPath(Type bound, string jsName)
        {
            return TypePath(bound) + "." + jsName;
        }

        /// <summary>The path of a type in rules and denials: its JS path ("System.Collections.Generic.List$1", "Game.Secret[]").</summary>
        public static string TypePath(Type t)
        {
            return TsMemberRules.JsPath(t.IsGenericType && !t.IsGenericTypeDefinition ? t.GetGenericTypeDefinition() : t);
        }

        private bool Decide(Type t)
        {
            for (Type c = t; c != null; c = c.DeclaringType)
                if (_deniedTypes.Contains(TypePath(c))) return false;
            if (Builtins.Contains(t)) return true;
            if (_assemblies.Contains(t.Assembly.GetName().Name)) return true;
            Type outer = t;
            while (outer.DeclaringType != null) outer = outer.DeclaringType;
            string ns = outer.Namespace ?? "";
            if (_namespaces.Contains(ns)) return true;
            foreach (string tree in _namespaceTrees)
                if (ns == tree || ns.StartsWith(tree + ".", StringComparison.Ordinal)) return true;
            for (Type c = t; c != null; c = c.DeclaringType)
                if (_types.Contains(TypePath(c))) return true;
            return false;
        }

        // The names a member rule can use for m: its C# name, its JS name, its property's or event's name, "constructor".
        private static IList<string> MemberNames(MemberInfo m, string jsName)
        {
            var names = new List<string>(3) { m.Name };
            if (jsName != null && jsName != m.Name) names.Add(jsName);
            if (m is ConstructorInfo) names.Add("constructor");
            var method = m as MethodInfo;
            if (method != null && method.IsSpecialName)
            {
                EventInfo e = TsMemberRules.EventOf(method);
                if (e != null) names.Add(e.Name);
                else if (method.Name.StartsWith("get_", StringComparison.Ordinal) || method.Name.StartsWith("set_", StringComparison.Ordinal))
                    names.Add(method.Name.Substring(4));
            }
            return names;
        }

        private static bool Names(Dictionary<string, HashSet<string>> rules, Type t, IList<string> names)
        {
            if (rules.Count == 0) return false;
            HashSet<string> members;
            if (!rules.TryGetValue(TypePath(t), out members)) return false;
            if (members.Contains("*")) return true;
            foreach (string n in names)
                if (members.Contains(n)) return true;
            return false;
        }

        private void AddMember(Dictionary<string, HashSet<string>> rules, string path)
        {
            string p = Normalize(Require(path, "member"));
            int dot = p.LastIndexOf('.');
            if (dot <= 0 || dot == p.Length - 1)
                throw new ArgumentException("zts: a member rule needs 'Type.Member', not '" + path + "'", "path");
            HashSet<string> members;
            string type = p.Substring(0, dot);
            if (!rules.TryGetValue(type, out members)) rules[type] = members = new HashSet<string>(StringComparer.Ordinal);
            members.Add(p.Substring(dot + 1));
        }

        private TsScriptPolicy Add(HashSet<string> set, string value)
        {
            set.Add(value);
            lock (_typeCache) _typeCache.Clear();
            return this;
        }

        private static string Require(string value, string what)
        {
            if (string.IsNullOrEmpty(value) || value.Trim() != value || value.IndexOf(' ') >= 0)
                throw new ArgumentException("zts: a policy " + what + " name must be non-empty without spaces, not '" + value + "'", what);
            return value;
        }

        // C# spellings to JS paths: List`1 -> List$1, Outer+Inner -> Outer.Inner.
        private static string Normalize(string path)
        {
            return path.Replace('`', '$').Replace('+', '.');
        }
    }
}
