using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace ZTS.Declarations
{
    /// <summary>
    /// Inheritance as TS <c>extends</c> clauses: a class extends its nearest visible base class and the
    /// interfaces whose members it shows publicly under the same JS names (implicit implementations; an
    /// explicit implementation is reachable only through the interface view, zts.cast); an interface
    /// extends its base interfaces. Only the minimal set is listed (an interface implied by another listed
    /// one is left out). Where a type redeclares an inherited member with another TS type (a `new` member,
    /// a different overload set), the base is wrapped in <c>Omit&lt;Base, "M"&gt;</c>, because the type's
    /// own declaration is what JS sees.
    /// </summary>
    internal sealed class TypeShape
    {
        private readonly TsAliasTable _aliases;
        private readonly MemberCollector _quiet; // member texts for comparisons; references not recorded
        private readonly Dictionary<Type, Dictionary<string, HashSet<string>>> _surfaces = new Dictionary<Type, Dictionary<string, HashSet<string>>>();

        /// <summary>Creates the helper; it maps types with a mapper of its own.</summary>
        public TypeShape(TsAliasTable aliases, bool oblivious)
        {
            _aliases = aliases;
            _quiet = new MemberCollector(new TsTypeMapper { Oblivious = oblivious }, aliases);
        }

        /// <summary>The nearest visible base class of t (null for interfaces, enums, Object).</summary>
        public static Type BaseClass(Type t)
        {
            if (t.IsInterface || t.IsEnum) return null;
            Type b = t.BaseType;
            while (b != null && !b.IsVisible) b = b.BaseType;
            return b;
        }

        /// <summary>The types t extends in TS: its base class first, then its interfaces, as C# types (closed where C# closes them).</summary>
        public List<Type> Bases(Type t)
        {
            var result = new List<Type>();
            if (t.IsEnum) return result;
            Type baseClass = BaseClass(t);
            if (baseClass != null) result.Add(baseClass);
            var candidates = t.GetInterfaces().Where(i => i.IsVisible && TsTypeMapper.CanCross(i) && (t.IsInterface || ShowsInterface(t, i))).ToList();
            foreach (Type i in candidates)
            {
                if (candidates.Any(j => j != i && j.GetInterfaces().Contains(i))) continue; // implied by another one
                if (baseClass != null && baseClass.GetInterfaces().Contains(i) && ShowsInterface(baseClass, i)) continue;
                result.Add(i);
            }
            return result;
        }

        /// <summary>For each base of t, the member names to omit from it (sorted), given t's own instance members.</summary>
        public List<KeyValuePair<Type, List<string>>> Extends(Type t, List<TsMember> own)
        {
            var ownTexts = Texts(own);
            var result = new List<KeyValuePair<Type, List<string>>>();
            var seen = new Dictionary<string, HashSet<string>>(ownTexts);
            foreach (Type b in Bases(t))
            {
                var omit = new List<string>();
                foreach (KeyValuePair<string, HashSet<string>> m in Surface(b))
                {
                    HashSet<string> texts;
                    if (seen.TryGetValue(m.Key, out texts))
                    {
                        if (!texts.IsSupersetOf(m.Value)) omit.Add(m.Key);
                    }
                    else seen[m.Key] = m.Value;
                }
                omit.Sort(StringComparer.Ordinal);
                result.Add(new KeyValuePair<Type, List<string>>(b, omit));
            }
            return result;
        }

        // Instance member texts a type shows in TS: its own plus what its bases contribute.
        private Dictionary<string, HashSet<string>> Surface(Type t)
        {
            Dictionary<string, HashSet<string>> surface;
            if (_surfaces.TryGetValue(t, out surface)) return surface;
            List<TsMember> own = _quiet.Members(t).Where(m => !m.IsStatic).ToList();
            if (t.IsGenericType && t.ContainsGenericParameters && !t.IsGenericTypeDefinition)
            {
                // A base named over the derived type's parameters (IEnumerable<T> of ICollection<T>): the extension
                // methods it shows (LINQ's Count()) are closed on definitions only (TsExtensionRules.For), so they come
                // from its definition's declaration, which is what TS extends. Without them ICollection$1's
                // `Count: number` would extend IEnumerable$1's `Count(): number` unomitted: TS2430 under strict tsc
                // (tests/player/parity/ts compiles strict with LINQ opted in, Player_BuildPlayer_ParitySameAsEditor).
                var names = new HashSet<string>(own.Select(m => m.Name), StringComparer.Ordinal);
                own.AddRange(_quiet.Members(t.GetGenericTypeDefinition()).Where(m => !m.IsStatic && !names.Contains(m.Name)));
            }
            surface = Texts(own);
            foreach (KeyValuePair<Type, List<string>> b in Extends(t, own))
                foreach (KeyValuePair<string, HashSet<string>> m in Surface(b.Key))
                    if (!b.Value.Contains(m.Key) && !surface.ContainsKey(m.Key)) surface[m.Key] = m.Value;
            _surfaces[t] = surface;
            return surface;
        }

        private static Dictionary<string, HashSet<string>> Texts(IEnumerable<TsMember> members)
        {
            var texts = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
            foreach (TsMember m in members.Where(m => !m.IsStatic))
            {
                HashSet<string> set;
                if (!texts.TryGetValue(m.Name, out set)) texts[m.Name] = set = new HashSet<string>(StringComparer.Ordinal);
                foreach (string line in m.Lines) set.Add(WithoutParameterNames(line));
            }
            return texts;
        }

        // Parameter names do not matter to TS assignability: "M(value: number): R" and "M(other: number): R" are one signature.
        private static string WithoutParameterNames(string line)
        {
            return System.Text.RegularExpressions.Regex.Replace(line, @"([(,] ?)[A-Za-z_$][\w$]*(\??): ", "$1$2: ");
        }

        // A class shows an interface when every method of the interface and of the interfaces it extends has a public instance method of the same name,
        // parameter types and return type (an implicit implementation) with the same JS name. (Compared by
        // signature text: Type.GetInterfaceMap crashes Mono 6.8 on generic type definitions.)
        private bool ShowsInterface(Type t, Type iface)
        {
            if (t.IsInterface) return true;
            MethodInfo[] publicMethods = t.GetMethods(BindingFlags.Public | BindingFlags.Instance);
            foreach (MethodInfo im in iface.GetMethods().Concat(iface.GetInterfaces().SelectMany(i => i.GetMethods())))
            {
                if (im.IsGenericMethodDefinition) continue;
                string sig = Sig(im);
                MethodInfo tm = publicMethods.FirstOrDefault(m => m.Name == im.Name && Sig(m) == sig);
                if (tm == null) return false;
                if (!im.IsSpecialName && _aliases.FinalName(tm) != _aliases.FinalName(im)) return false;
            }
            return true;
        }

        private static string Sig(MethodInfo m)
        {
            return m.ReturnType + "(" + string.Join(",", m.GetParameters().Select(p => p.ParameterType.ToString()).ToArray()) + ")";
        }
    }
}
