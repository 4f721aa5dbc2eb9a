using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace ZTS.Declarations
{
    /// <summary>
    /// The members JS sees on a type, in the order the Mono binder adds them (TypeBinder.Bind, through the
    /// shared <see cref="TsMemberRules"/>): constructors, properties (not indexers), fields, then methods
    /// grouped by final name (after [TsAlias] and alias XML) and static-ness, candidates in the documented
    /// overload order, then the opted-in extension methods (TsExtensionRules). Members that cannot be called from
    /// JS are left out: generic methods (not bound),
    /// constructors with ref/out parameters and members with pointer or by-ref-like types (they throw
    /// TsBindException when called).
    /// </summary>
    internal sealed class MemberCollector
    {
        private readonly TsTypeMapper _map;
        private readonly TsAliasTable _aliases;
        private readonly TsScriptPolicy _policy;

        /// <summary>Creates a collector writing types through map and naming methods through aliases; with a policy,
        /// members it denies are left out (docs/POLICY.md).</summary>
        public MemberCollector(TsTypeMapper map, TsAliasTable aliases, TsScriptPolicy policy = null)
        {
            _map = map;
            _aliases = aliases;
            _policy = policy;
        }

        // Whether the script policy (if any) lets scripts use m on the view of t, as the runtime binder asks it.
        private bool Allowed(Type t, MemberInfo m, string jsName)
        {
            return _policy == null || _policy.AllowsMember(t, m, jsName);
        }

        /// <summary>Construct signatures of a type object ("new (a: number): $NS.T;"); none for abstract, static and interface types.</summary>
        public List<string> Constructors(Type t, string self)
        {
            var lines = new List<string>();
            if (t.IsAbstract || t.IsInterface || t.IsEnum || ZTS.TsMemberRules.IsDelegate(t) || !TsTypeMapper.CanCross(t) ||
                ZTS.TsMemberRules.IsNativeInt(t)) return lines;
            foreach (ConstructorInfo c in ZTS.TsMemberRules.Sorted(t.GetConstructors(BindingFlags.Public | BindingFlags.Instance)))
            {
                ParameterInfo[] ps = c.GetParameters();
                if (ps.Any(p => p.ParameterType.IsByRef) || !ps.All(p => TsTypeMapper.CanCross(p.ParameterType))) continue;
                if (!Allowed(t, c, "constructor")) continue;
                Add(lines, "new (" + Parameters(ps) + "): " + self + ";");
            }
            if (t.IsValueType) Add(lines, "new (): " + self + ";");
            return lines;
        }

        /// <summary>The properties, fields and method sets of t (enum values for an enum), in binder order.</summary>
        public List<TsMember> Members(Type t)
        {
            var members = new List<TsMember>();
            if (t.IsEnum)
            {
                foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.Static))
                {
                    var m = new TsMember(f.Name, true);
                    // The number the runtime gives, of the enum's type: `readonly Green: 2 & $NS.Color`.
                    m.Lines.Add("readonly " + TsNames.Key(f.Name) + ": " + Convert.ToDouble(f.GetRawConstantValue()).ToString("R", System.Globalization.CultureInfo.InvariantCulture) +
                                " & " + _map.Named(t) + ";");
                    members.Add(m);
                }
                return members;
            }
            if (BindFails(t) != null) return members; // the runtime cannot bind any member
            HashSet<MethodInfo> accessors;
            foreach (ZTS.TsAccessorProperty a in ZTS.TsMemberRules.AccessorProperties(t, out accessors))
            {
                PropertyInfo p = a.Property;
                if (!TsTypeMapper.CanCross(p.PropertyType)) continue;
                bool canRead = a.Getter != null && Allowed(t, a.Getter, p.Name), canWrite = a.Setter != null && Allowed(t, a.Setter, p.Name);
                if (!canRead && !canWrite) continue;
                members.Add(Property(p.Name, a.IsStatic, canRead, canWrite, p, p.PropertyType));
            }
            foreach (FieldInfo f in ZTS.TsMemberRules.Fields(t))
            {
                if (!TsTypeMapper.CanCross(f.FieldType) || !Allowed(t, f, f.Name)) continue;
                members.Add(Property(f.Name, f.IsStatic, true, !(f.IsInitOnly || f.IsLiteral), f, f.FieldType));
            }
            IEnumerable<MethodInfo> methods = ZTS.TsMemberRules.BindableMethods(t, accessors).Where(Callable);
            var sets = new Dictionary<string, TsMember>();
            var explicitOnly = new List<MethodInfo>();
            foreach (MethodInfo m in ZTS.TsMemberRules.Sorted(methods))
            {
                if (m.IsGenericMethodDefinition && !Inferable(m))
                {
                    explicitOnly.Add(m); // a call cannot infer its type arguments: declared for zts.generic_method only
                    continue;
                }
                string name = _aliases.FinalName(m);
                if (!Allowed(t, m, name)) continue;
                string key = (m.IsStatic ? "static " : "") + name;
                TsMember set;
                if (!sets.TryGetValue(key, out set))
                {
                    sets[key] = set = new TsMember(name, m.IsStatic);
                    members.Add(set);
                }
                Add(set.Lines, TsNames.Key(name) + Signature(m) + ";");
            }
            // Opted-in extension methods, as instance methods (the binder's ExtensionMethods).
            foreach (MethodInfo m in ZTS.TsMemberRules.Sorted(ZTS.TsExtensionRules.For(t, ZTS.TsExtensionRules.OptedIn(), _aliases.FinalName)
                                                                            .Where(m => Callable(m) && Allowed(m.DeclaringType, m, _aliases.FinalName(m)))))
            {
                string name = _aliases.FinalName(m);
                TsMember set;
                if (!sets.TryGetValue(name, out set))
                {
                    sets[name] = set = new TsMember(name, false);
                    members.Add(set);
                }
                Add(set.Lines, ExtensionSignature(t, m, name));
            }
            foreach (IGrouping<string, MethodInfo> group in explicitOnly.GroupBy(m => (m.IsStatic ? "static " : "") + _aliases.FinalName(m)))
                AddExplicit(t, group.ToList(), sets, members);
            if (ZTS.TsMemberRules.IsEnumerable(t) && Iterable(t))
            {
                var iterator = new TsMember(IteratorName, false);
                iterator.Lines.Add(IteratorName + "(): IterableIterator<" + IteratedElement(t) + ">;");
                members.Add(iterator);
            }
            return members;
        }

        // Under a policy, for...of works when the GetEnumerator the runtime calls, and what it returns, are reachable.
        private bool Iterable(Type t)
        {
            if (_policy == null) return true;
            MethodInfo get = ZTS.TsMemberRules.ParameterlessInstanceMethod(t, "GetEnumerator", _aliases.FinalName);
            if (get == null) return _policy.AllowsType(typeof(System.Collections.IEnumerable)) && _policy.AllowsType(typeof(System.Collections.IEnumerator));
            return Allowed(get.DeclaringType, get, _aliases.FinalName(get)) && _policy.AllowsType(get.ReturnType);
        }

        /// <summary>The member name of the iterator of an enumerable C# type (its key in Omit is <c>typeof Symbol.iterator</c>).</summary>
        public const string IteratorName = "[Symbol.iterator]";

        /// <summary>
        /// What JS's for...of over an enumerable t yields, as the runtime iterates it (native/core/clr/enumerable_iterator.cpp):
        /// the Current property of what the view's parameterless GetEnumerator() returns (found on the prototype
        /// chain, as JS finds it), or, when the view has none (an explicit implementation), IEnumerator's Current,
        /// an object. Null when t is not enumerable.
        /// </summary>
        public PropertyInfo IteratedCurrent(Type t)
        {
            if (!ZTS.TsMemberRules.IsEnumerable(t)) return null;
            PropertyInfo objectCurrent = typeof(System.Collections.IEnumerator).GetProperty("Current");
            MethodInfo get = ZTS.TsMemberRules.ParameterlessInstanceMethod(t, "GetEnumerator", _aliases.FinalName);
            if (get == null) return objectCurrent; // iterated through the IEnumerable view
            Type enumerator = get.ReturnType;
            // The runtime steps through the enumerator's own MoveNext/Current when its view shows both, else
            // through the IEnumerator view (explicit implementations).
            if (ZTS.TsMemberRules.ParameterlessInstanceMethod(enumerator, "MoveNext", _aliases.FinalName) == null) return objectCurrent;
            for (Type c = enumerator; c != null; c = TypeShape.BaseClass(c))
            {
                PropertyInfo current = ZTS.TsMemberRules.Properties(c).FirstOrDefault(p => p.Name == "Current" && p.GetGetMethod() != null &&
                                                                                         !p.GetGetMethod().IsStatic);
                if (current != null) return current;
            }
            return objectCurrent;
        }

        // The element of the iterator line: Current mapped as a property result.
        private string IteratedElement(Type t)
        {
            PropertyInfo current = IteratedCurrent(t);
            return _map.Result(current, current.PropertyType, Flow.ToJs);
        }

        // "Name<T2>(b: T2): R;" of an extension method on the view of t, without its receiver: closed over what the view
        // gives (TsExtensionRules), generic in the type parameters each call infers from the other arguments. One of
        // those whose name a type parameter of t already has is renamed (T becomes T_), so it does not hide t's.
        private string ExtensionSignature(Type t, MethodInfo m, string name)
        {
            string ps, result, typeParameters = "";
            var taken = new HashSet<string>(t.IsGenericType ? t.GetGenericArguments().Where(a => a.IsGenericParameter).Select(a => TsNames.Parameter(a.Name, 0))
                                                            : Enumerable.Empty<string>());
            Type[] perCall = ZTS.TsExtensionRules.InfersPerCall(m) ? m.GetGenericArguments().Where(a => a.IsGenericParameter && a.DeclaringMethod != null).ToArray()
                                                                   : new Type[0];
            var names = new Dictionary<Type, string>();
            foreach (Type p in perCall)
            {
                string n = TsNames.Parameter(p.Name, 0);
                while (taken.Contains(n)) n += "_";
                taken.Add(n);
                names[p] = n;
            }
            try
            {
                _map.Substitutions = names;
                if (perCall.Length > 0) typeParameters = "<" + string.Join(", ", perCall.Select(p => names[p] + Bound(p)).ToArray()) + ">";
                ps = Parameters(m.GetParameters().Skip(1).ToArray());
                result = _map.Result(m.ReturnParameter, m.ReturnType, Flow.ToJs);
            }
            finally
            {
                _map.Substitutions = null;
            }
            return TsNames.Key(name) + typeParameters + "(" + ps + "): " + result + ";";
        }

        /// <summary>"(a: A, b?: B): R" of a method, with [TsMarshalAs] on its parameters and result.</summary>
        public string Signature(MethodInfo m)
        {
            return TypeParameters(m) + "(" + Parameters(m.GetParameters()) + "): " + _map.Result(m.ReturnParameter, m.ReturnType, Flow.ToJs);
        }

        /// <summary>Whether a call can infer every type parameter of a generic method definition: each appears in the
        /// type of a parameter that is not ref/out (the runtime infers it from the argument's C# type, GenericMethods in
        /// ZTS.Shared; a zts.ref box has none, so TryGetComponent&lt;T&gt;(out T) is not inferable).</summary>
        public static bool Inferable(MethodInfo m)
        {
            var used = new HashSet<Type>();
            foreach (ParameterInfo p in m.GetParameters())
                if (!p.ParameterType.IsByRef) CollectParameters(p.ParameterType, used);
            return m.GetGenericArguments().All(used.Contains);
        }

        // The generic methods of one name whose type arguments a call cannot infer: callable through zts.generic_method
        // only. Declared as `readonly M: zts.ExplicitGeneric<F, K>`, or, when callable overloads of the name exist
        // (Unity's AddComponent(Type) next to AddComponent<T>()), as `readonly M: { (...): R; } & zts.ExplicitGeneric<F, K>`,
        // so both forms are declared. K keys the closed signatures in zts.GenericMethods, which zts.generic_method reads
        // with the values of its type arguments (GetComponent closed over Health returns Health).
        private void AddExplicit(Type t, List<MethodInfo> group, Dictionary<string, TsMember> sets, List<TsMember> members)
        {
            MethodInfo first = group[0];
            string name = _aliases.FinalName(first);
            string key = (first.IsStatic ? "static " : "") + name;
            string methodKey = t.ContainsGenericParameters ? null : ZTS.TsMemberRules.JsPath(t) + (first.IsStatic ? "." : "#") + name;
            string open = string.Join(" & ", group.Select(m => "(" + TypeParameters(m) + "(" + Parameters(m.GetParameters()) + ") => " +
                                                                _map.Result(m.ReturnParameter, m.ReturnType, Flow.ToJs) + ")").Distinct().ToArray());
            string brand = "zts.ExplicitGeneric<" + open + (methodKey != null ? ", " + TsNames.Quote(methodKey) : "") + ">";
            TsMember set;
            if (sets.TryGetValue(key, out set))
            {
                // "Name(...): R;" lines become the call signatures of one property.
                string prefix = TsNames.Key(name);
                var signatures = set.Lines.Select(l => l.StartsWith(prefix, StringComparison.Ordinal) ? l.Substring(prefix.Length) : l).ToArray();
                set.Lines.Clear();
                set.Lines.Add("readonly " + prefix + ": { " + string.Join(" ", signatures) + " } & " + brand + ";");
            }
            else
            {
                sets[key] = set = new TsMember(name, first.IsStatic);
                set.Lines.Add("readonly " + TsNames.Key(name) + ": " + brand + ";");
                members.Add(set);
            }
            if (methodKey == null) return;
            set.GenericMethodEntry = TsNames.Quote(methodKey) + ": " + string.Join(" & ", group.Select(m => Closed(t, m)).Distinct().ToArray()) + ";";
        }

        // The function zts.generic_method returns for m closed over the values V of its type arguments: a type
        // parameter Ti is V[i] in parameters (a class's value type is `C | null`, and C# takes null there, out values
        // included) and NonNullable<V[i]> in the result (the class, as the direct form's T); an instance method is
        // called with this (f.call(obj, ...)).
        private string Closed(Type owner, MethodInfo m)
        {
            Type[] parameters = m.GetGenericArguments();
            var inParameters = new Dictionary<Type, string>();
            var inResult = new Dictionary<Type, string>();
            for (int i = 0; i < parameters.Length; i++)
            {
                inParameters[parameters[i]] = "V[" + i + "]";
                inResult[parameters[i]] = "NonNullable<V[" + i + "]>";
            }
            try
            {
                _map.Substitutions = inParameters;
                string ps = Parameters(m.GetParameters());
                _map.Substitutions = inResult;
                string self = m.IsStatic ? "" : "this: " + _map.Named(owner) + (ps.Length > 0 ? ", " : "");
                return "((" + self + ps + ") => " + _map.Result(m.ReturnParameter, m.ReturnType, Flow.ToJs) + ")";
            }
            finally
            {
                _map.Substitutions = null;
            }
        }

        private static void CollectParameters(Type t, HashSet<Type> used)
        {
            if (t.IsGenericParameter) used.Add(t);
            else if (t.HasElementType) CollectParameters(t.GetElementType(), used);
            else if (t.IsGenericType && !ZTS.TsMemberRules.IsDelegate(t))
                foreach (Type a in t.GetGenericArguments()) CollectParameters(a, used);
        }

        /// <summary>
        /// "&lt;T, U extends $NS.Item&gt;" of a generic method definition ("" otherwise). Only a class
        /// constraint maps soundly (the argument is a C# object of that class); interface, struct, class and new()
        /// constraints are left out, since JS numbers and strings satisfy IComparable&lt;T&gt; and such in C#, not in TS.
        /// </summary>
        public string TypeParameters(MethodInfo m)
        {
            if (!m.IsGenericMethodDefinition) return "";
            return "<" + string.Join(", ", m.GetGenericArguments().Select(p => _map.Map(p, Flow.ToJs) + Bound(p)).ToArray()) + ">";
        }

        // " extends $NS.Item" of a type parameter with a class constraint (see TypeParameters), else "".
        private string Bound(Type p)
        {
            Type bound = p.GetGenericParameterConstraints().FirstOrDefault(c => !c.IsInterface && c != typeof(ValueType) && c != typeof(object) &&
                                                                                !c.ContainsGenericParameters && TsTypeMapper.CanCross(c));
            return bound == null ? "" : " extends " + _map.Map(bound, Flow.ToJs, true);
        }

        /// <summary>
        /// Why the runtime cannot bind any member of t, or null: [TsMarshalAs] on a method is a configuration
        /// error that fails the binding of the whole type (docs/MARSHAL.md).
        /// </summary>
        public static string BindFails(Type t)
        {
            foreach (MethodInfo m in t.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly))
                if (Attribute.IsDefined(m, typeof(TsMarshalAsAttribute), false))
                    return "[TsMarshalAs] on method " + t.Name + "." + m.Name + " fails the binding of the type";
            return null;
        }

        private static bool Callable(MethodInfo m)
        {
            return TsTypeMapper.CanCross(m.ReturnType) && m.GetParameters().All(p => TsTypeMapper.CanCross(p.ParameterType));
        }

        private TsMember Property(string name, bool isStatic, bool canRead, bool canWrite, ICustomAttributeProvider provider, Type type)
        {
            var member = new TsMember(name, isStatic);
            string key = TsNames.Key(name);
            string get = _map.Result(provider, type, Flow.ToJs);
            string set = _map.Result(provider, type, Flow.FromJs);
            if (canRead && !canWrite) member.Lines.Add("readonly " + key + ": " + get + ";");
            // A struct's read-only view (TsTypeMapper.Result) takes every value of the struct, so `Position: Readonly<S>`
            // is also the setter's type: one line, not a get/set pair.
            else if (canRead && (get == set || _map.Result(provider, type, Flow.ToJs, false) == set)) member.Lines.Add(key + ": " + get + ";");
            else
            {
                if (canRead) member.Lines.Add("get " + key + "(): " + get + ";");
                member.Lines.Add("set " + key + "(value: " + set + ");");
            }
            return member;
        }

        /// <summary>
        /// A parameter list: UnpackedValues parameters expand into one parameter per member; ref/out take a
        /// zts.Ref box; Table parameters take a plain object; a trailing run of optional parameters is
        /// optional (`?`), an optional parameter before a required one takes undefined; params arrays are one
        /// array argument, as the runtime counts them, and may be left out (TsMemberRules.CanOmit).
        /// </summary>
        public string Parameters(ParameterInfo[] ps)
        {
            var parts = new List<string>();
            int trailingOptional = ps.Length;
            while (trailingOptional > 0 && ZTS.TsMemberRules.CanOmit(ps[trailingOptional - 1]) && !Unpacked(ps[trailingOptional - 1])) trailingOptional--;
            for (int i = 0; i < ps.Length; i++)
            {
                ParameterInfo p = ps[i];
                Type t = p.ParameterType;
                string name = TsNames.Parameter(p.Name, i);
                string problem;
                MemberInfo[] unpacked = TsMarshalRules.UnpackedFor(p, t, out problem);
                if (unpacked != null)
                {
                    foreach (MemberInfo m in unpacked)
                        parts.Add(TsNames.Parameter(p.Name + "_" + m.Name, i) + ": " + _map.Map(TsMarshalRules.MemberType(m), Flow.FromJs));
                    continue;
                }
                string type;
                if (t.IsByRef) type = _map.Map(t, Flow.FromJs);
                else
                {
                    MemberInfo[] table = TsMarshalRules.TableFor(p, t);
                    type = table != null ? _map.Table(table, t, Flow.FromJs) : _map.Map(t, Flow.FromJs, p);
                }
                bool omittable = ZTS.TsMemberRules.CanOmit(p); // optional, or a params array (omitted: empty)
                if (omittable && i >= trailingOptional) parts.Add(name + "?: " + type);
                else if (omittable) parts.Add(name + ": " + type + " | undefined");
                else parts.Add(name + ": " + type);
            }
            return string.Join(", ", parts.ToArray());
        }

        private static bool Unpacked(ParameterInfo p)
        {
            string problem;
            return TsMarshalRules.UnpackedFor(p, p.ParameterType, out problem) != null;
        }

        private static void Add(List<string> lines, string line)
        {
            if (!lines.Contains(line)) lines.Add(line); // C# overloads that read the same in TS are one signature
        }
    }
}
