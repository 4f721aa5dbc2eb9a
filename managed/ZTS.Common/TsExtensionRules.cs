using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace ZTS
{
    /// <summary>
    /// Which extension methods JS sees on which type, for the binder and the declaration generator alike.
    /// Opted in by [assembly: TsUsing] (<see cref="TsUsingAttribute"/>) on any loaded assembly: the public static
    /// methods marked [Extension] of public, non-generic, top-level static classes, whose first parameter is not by-ref.
    /// Such a method shows on the view of its first parameter's type P: on P itself (derived classes reach it through
    /// the prototype chain), and, when P is an interface, on every class or struct that implements P (unless its
    /// visible base class does too) and on the interfaces that extend P. An instance member of the same JS name that
    /// the view shows wins, as in C#.
    /// <para>A generic extension method is closed over what the view's type gives its receiver type P, once per view,
    /// as C# infers the type arguments from the receiver (LINQ's <c>Where&lt;TSource&gt;(this IEnumerable&lt;TSource&gt;,
    /// ...)</c> on <c>List&lt;int&gt;</c> is <c>Where&lt;int&gt;</c>). It shows when each of its type parameters is given:
    /// <list type="bullet">
    /// <item>by P (<c>IEnumerable&lt;TSource&gt;</c>: the matching base class or interface of the view);</item>
    /// <item>by the view itself when P is a bare type parameter with a class or interface constraint that names no type
    /// parameter (<c>Extension&lt;T&gt;(this T a) where T : Helper</c>): it shows on the view of every type that meets T's
    /// constraints, closed over that type (on a SubHelper it is <c>Extension&lt;SubHelper&gt;</c>, returning SubHelper),
    /// not through the prototype chain. A bare P without such a constraint (<c>Show&lt;T&gt;(this T)</c>) would show on
    /// every object: it does not show;</item>
    /// <item>by the other arguments, per call: a type parameter that appears in the type of another parameter that is
    /// not by-ref, outside a delegate type (<c>T2 b</c>, <c>T2[] b</c>, <c>List&lt;T2&gt; b</c>;
    /// <c>Extension2&lt;T1, T2&gt;(this T1 a, T2 b)</c>, LINQ's <c>Aggregate&lt;TSource, TAccumulate&gt;(..., TAccumulate
    /// seed, ...)</c>). Such a method is closed over what the view gives and left open in the others
    /// (<see cref="InfersPerCall"/>); each call infers them from its arguments as a generic method's call does
    /// (GenericMethods in ZTS.Shared). One that only a delegate's type would give (LINQ's <c>Select&lt;TSource,
    /// TResult&gt;</c>, <c>OrderBy&lt;TSource, TKey&gt;</c>: a JS function gives no C# type) does not show.</item>
    /// </list>
    /// A method that does not show, or whose constraints the view breaks, stays a static method
    /// (<c>zts.generic_method(Enumerable, "Select", A, B)</c>). On a generic definition (the declarations) it is closed over
    /// the definition's own type parameters (<c>List$1&lt;T&gt;.Where</c> over <c>T</c>).</para>
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
                        if (!m.IsDefined(typeof(ExtensionAttribute), false)) continue;
                        ParameterInfo[] ps = m.GetParameters();
                        if (ps.Length == 0 || ps[0].ParameterType.IsByRef) continue;
                        if (m.IsGenericMethodDefinition ? !EveryTypeParameterGiven(m) : ps[0].ParameterType.ContainsGenericParameters) continue;
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
            if (t.IsEnum || t.IsArray || t.IsPointer || t.IsByRef || (t.ContainsGenericParameters && !t.IsGenericTypeDefinition)) yield break;
            HashSet<string> instanceNames = null;
            foreach (MethodInfo def in optedIn)
            {
                MethodInfo m = def.IsGenericMethodDefinition ? ClosedFor(def, t) : def;
                if (m == null || !ShowsOn(m.GetParameters()[0].ParameterType, t)) continue;
                if (instanceNames == null) instanceNames = InstanceNames(t, finalName);
                if (instanceNames.Contains(finalName(m))) continue; // the instance member wins
                yield return m;
            }
        }

        /// <summary>Whether extension method m (one that <see cref="For"/> gives) still has type parameters of its own,
        /// which each call infers from the arguments other than the receiver: a generic method definition, or one closed
        /// over what the view gives and open in the rest (<c>Extension2&lt;Helper, T2&gt;</c>).</summary>
        public static bool InfersPerCall(MethodInfo m)
        {
            return m.IsGenericMethod && m.GetGenericArguments().Any(a => a.IsGenericParameter && a.DeclaringMethod != null);
        }

        // Each type parameter of m is given by the receiver (it appears in P, or it is P with a class or interface
        // constraint) or by another argument (it appears in a parameter's type outside delegate types, not by-ref).
        private static bool EveryTypeParameterGiven(MethodInfo m)
        {
            ParameterInfo[] ps = m.GetParameters();
            Type p = ps[0].ParameterType;
            if (p.IsGenericParameter && ReceiverConstraint(p) == null) return false; // would show on every type
            var given = new HashSet<Type>();
            Collect(p, given);
            for (int i = 1; i < ps.Length; i++)
                if (!ps[i].ParameterType.IsByRef) CollectOutsideDelegates(ps[i].ParameterType, given);
            return m.GetGenericArguments().All(given.Contains);
        }

        // A class (other than object and ValueType) or interface constraint of a type parameter that names no type
        // parameter, or null: what lets a bare type parameter receiver show on the types that meet it.
        private static Type ReceiverConstraint(Type parameter)
        {
            return parameter.GetGenericParameterConstraints().FirstOrDefault(c => !c.ContainsGenericParameters && c != typeof(object) &&
                                                                                 c != typeof(ValueType) && (c.IsClass || c.IsInterface));
        }

        // What a call's argument gives: a delegate type's arguments come from a JS function, which gives no C# type.
        private static void CollectOutsideDelegates(Type t, HashSet<Type> used)
        {
            if (t.IsGenericParameter) used.Add(t);
            else if (t.HasElementType) CollectOutsideDelegates(t.GetElementType(), used);
            else if (t.IsGenericType && !TsMemberRules.IsDelegate(t))
                foreach (Type a in t.GetGenericArguments()) CollectOutsideDelegates(a, used);
        }

        private static void Collect(Type t, HashSet<Type> used)
        {
            if (t.IsGenericParameter) used.Add(t);
            else if (t.HasElementType) Collect(t.GetElementType(), used);
            else if (t.IsGenericType)
                foreach (Type a in t.GetGenericArguments()) Collect(a, used);
        }

        // Generic extension method def closed over what the view t gives its receiver type P (t itself, a base class
        // or an interface of t that is a P; t for a bare type parameter P) and open in the type parameters only the
        // other arguments give (InfersPerCall); null when t gives no P or breaks a constraint.
        private static MethodInfo ClosedFor(MethodInfo def, Type t)
        {
            Type p = def.GetParameters()[0].ParameterType;
            Type[] own = def.GetGenericArguments();
            var found = new Type[own.Length];
            if (p.IsGenericParameter)
            {
                if (!MeetsConstraints(p, t)) return null;
                found[p.GenericParameterPosition] = t;
            }
            else if (p.IsArray) return null; // arrays show no extension methods (For)
            else if (p.IsGenericType && p.ContainsGenericParameters)
            {
                Type pDef = p.GetGenericTypeDefinition();
                Type match = null;
                for (Type c = t; c != null && match == null; c = c.BaseType)
                    if (c.IsGenericType && c.GetGenericTypeDefinition() == pDef) match = c;
                if (match == null && pDef.IsInterface)
                {
                    // t's own interface first (a generic definition lists its interfaces over its own parameters)
                    Type[] candidates = t.GetInterfaces().Where(i => i.IsGenericType && i.GetGenericTypeDefinition() == pDef).ToArray();
                    if (candidates.Length != 1) return null; // two closings (IEnumerable<A> and IEnumerable<B>): C# cannot infer either
                    match = candidates[0];
                }
                if (match == null || !Unify(p, match, found)) return null;
            }
            else if (p.ContainsGenericParameters) return null;
            if (found.All(f => f == null)) return def; // P gives nothing (a plain class): every type parameter per call
            for (int k = 0; k < found.Length; k++)
                if (found[k] == null) found[k] = own[k]; // given per call by the other arguments
            try
            {
                return def.MakeGenericMethod(found);
            }
            catch (ArgumentException)
            {
                return null; // a constraint the view's arguments break
            }
        }

        // Whether t meets the class and interface constraints of a bare type parameter receiver that name no type
        // parameter (a cheap test before MakeGenericMethod checks them all) and its class/struct constraints.
        private static bool MeetsConstraints(Type parameter, Type t)
        {
            foreach (Type c in parameter.GetGenericParameterConstraints())
                if (!c.ContainsGenericParameters && c != typeof(ValueType) && !c.IsAssignableFrom(t)) return false;
            GenericParameterAttributes a = parameter.GenericParameterAttributes;
            if ((a & GenericParameterAttributes.ReferenceTypeConstraint) != 0 && t.IsValueType) return false;
            if ((a & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0 && !t.IsValueType) return false;
            return true;
        }

        // Binds the type parameters of declared to what actual has at the same places; false on a mismatch.
        private static bool Unify(Type declared, Type actual, Type[] found)
        {
            if (declared.IsGenericParameter)
            {
                int k = declared.GenericParameterPosition;
                if (found[k] == null) found[k] = actual;
                return found[k] == actual;
            }
            if (!declared.ContainsGenericParameters) return declared == actual;
            if (declared.IsArray)
                return actual.IsArray && actual.GetArrayRank() == declared.GetArrayRank() && Unify(declared.GetElementType(), actual.GetElementType(), found);
            if (!declared.IsGenericType || !actual.IsGenericType || declared.GetGenericTypeDefinition() != actual.GetGenericTypeDefinition()) return false;
            Type[] want = declared.GetGenericArguments(), have = actual.GetGenericArguments();
            for (int i = 0; i < want.Length; i++)
                if (!Unify(want[i], have[i], found)) return false;
            return true;
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
