using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace ZTS
{
    /// <summary>
    /// What JS sees of a CLR type, as pure reflection rules shared by the backends' binders and the
    /// declaration generator (SPEC_MAP D4-D5, docs/OVERLOADS.md): JS names of types, the public members a
    /// type object and a prototype show, and the deterministic candidate order of an overload set.
    /// </summary>
    public static class TsMemberRules
    {
        private const BindingFlags Declared = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
        private const BindingFlags InheritedStatics = BindingFlags.Public | BindingFlags.Static | BindingFlags.FlattenHierarchy;

        /// <summary>The JS name of a type: generic arity as $N ("List$1").</summary>
        public static string JsName(Type t)
        {
            return t.Name.Replace('`', '$');
        }

        /// <summary>The dotted JS path of a public type ("System.Collections.Generic.List$1", "NS.Outer.Inner").</summary>
        public static string JsPath(Type t)
        {
            if (t.IsNested) return JsPath(t.DeclaringType) + "." + JsName(t);
            return string.IsNullOrEmpty(t.Namespace) ? JsName(t) : t.Namespace + "." + JsName(t);
        }

        /// <summary>A concrete delegate type (not Delegate/MulticastDelegate themselves).</summary>
        public static bool IsDelegate(Type t)
        {
            return typeof(Delegate).IsAssignableFrom(t) && t != typeof(Delegate) && t != typeof(MulticastDelegate);
        }

        /// <summary>
        /// A delegate's runtime-provided BeginInvoke or EndInvoke. Neither is shown: BeginInvoke runs the delegate on a
        /// thread-pool thread, so a script could run host code, or a JS function (whose domain is single-threaded) as
        /// its AsyncCallback, on another thread (tests/conformance/delegates.js, Delegates_BeginInvoke_NotShown).
        /// </summary>
        public static bool IsAsyncInvoke(MethodInfo m)
        {
            return (m.Name == "BeginInvoke" || m.Name == "EndInvoke") && IsDelegate(m.DeclaringType) &&
                   (m.GetMethodImplementationFlags() & MethodImplAttributes.Runtime) != 0;
        }

        /// <summary>
        /// A type whose objects are iterable in JS through their C# enumerator: it implements
        /// System.Collections.IEnumerable and is neither string (a JS string) nor an array (Array.prototype.values).
        /// </summary>
        public static bool IsEnumerable(Type t)
        {
            return typeof(System.Collections.IEnumerable).IsAssignableFrom(t) && t != typeof(string) && !t.IsArray;
        }

        /// <summary>
        /// Whether JS may leave parameter p out: an optional parameter (it takes its default value, or default(T)),
        /// or a trailing `params` array (it is then empty, as C# passes it; a value passed is still the one array
        /// slot, docs/OVERLOADS.md). The runtime's overload specs and member sites and gen-dts (`?`) share this rule.
        /// </summary>
        public static bool CanOmit(System.Reflection.ParameterInfo p)
        {
            return p.IsOptional || IsParamArray(p);
        }

        /// <summary>Whether p is a `params T[]` parameter (ParamArrayAttribute on a single-dimensional array).</summary>
        public static bool IsParamArray(System.Reflection.ParameterInfo p)
        {
            Type t = p.ParameterType;
            // Member is null for the binder's synthetic parameters (array elements, field setters), which are never params.
            return p.Member != null && t.IsArray && t.GetArrayRank() == 1 && p.IsDefined(typeof(ParamArrayAttribute), false);
        }

        /// <summary>
        /// Whether t is IntPtr or UIntPtr. They cross as numbers, so JS never holds one as an object, and their
        /// constructors are not shown (on either backend, nor by gen-dts): the number is the handle
        /// (`InteropArgs.Handle(4096)`), and a typed entry of the Player cannot construct a native int in a box (Mono's
        /// thunks hand a primitive's `this` over unboxed, so the constructor wrote over the box's header).
        /// </summary>
        public static bool IsNativeInt(Type t)
        {
            return t == typeof(IntPtr) || t == typeof(UIntPtr);
        }

        /// <summary>
        /// Whether values of t (not a ref/out wrapper) can never cross between C# and JS: pointers, TypedReference,
        /// ArgIterator, RuntimeArgumentHandle and by-ref-like (Span-like) types (no JS value stands for them, SPEC_MAP D5).
        /// Members that use them fail loudly when bound, and gen-dts does not declare them. The native-sized integers
        /// IntPtr and UIntPtr do cross: as numbers under the ±(2^53-1) rule of Int64/UInt64 (docs/MARSHAL.md), since
        /// Unity hands native handles out as IntPtr (Texture.GetNativeTexturePtr, plugin handles).
        /// </summary>
        public static bool IsUncrossable(Type t)
        {
            // Asked for the runtime type of every object a conversion pushes: the answer is cached per type (reading
            // custom attributes costs Mono ~0.5 us), and the last crossable type of the thread is checked first.
            if (t == _lastCrossable) return false;
            bool uncrossable;
            lock (UncrossableByType)
            {
                if (!UncrossableByType.TryGetValue(t, out uncrossable))
                    UncrossableByType[t] = uncrossable = ComputeUncrossable(t);
            }
            if (!uncrossable) _lastCrossable = t;
            return uncrossable;
        }

        private static readonly System.Collections.Generic.Dictionary<Type, bool> UncrossableByType =
            new System.Collections.Generic.Dictionary<Type, bool>();

        [ThreadStatic] private static Type _lastCrossable;

        private static bool ComputeUncrossable(Type t)
        {
            if (t.IsPointer || t == typeof(TypedReference) || t == typeof(ArgIterator) || t == typeof(RuntimeArgumentHandle))
                return true;
            foreach (object a in t.GetCustomAttributes(false))
                if (a.GetType().FullName == "System.Runtime.CompilerServices.IsByRefLikeAttribute") return true;
            return false;
        }

        /// <summary>
        /// The public parameterless instance method named <paramref name="jsName"/> (after aliases) that JS finds on
        /// a view of t: on t or the visible base classes its prototype chain mirrors; null when there is none.
        /// Enumerable iteration uses it for GetEnumerator (runtime and declarations agree through it).
        /// </summary>
        public static MethodInfo ParameterlessInstanceMethod(Type t, string jsName, Func<MethodInfo, string> finalName)
        {
            for (Type c = t; c != null; c = c.IsInterface ? null : VisibleBase(c))
            {
                MethodInfo m = Sorted(Methods(c)).FirstOrDefault(x => !x.IsStatic && !x.IsGenericMethodDefinition &&
                                                                      x.GetParameters().Length == 0 && finalName(x) == jsName);
                if (m != null) return m;
            }
            return null;
        }

        private static Type VisibleBase(Type t)
        {
            Type b = t.BaseType;
            while (b != null && !b.IsVisible) b = b.BaseType;
            return b;
        }

        /// <summary>
        /// Properties a type shows (indexers included; binders skip them, their accessors stay methods):
        /// the declared ones, plus base classes' public statics it does not hide by name (statics do not
        /// inherit in JS, so a type object lists them itself); for an interface also the properties of the
        /// interfaces it extends (the first of a name wins, as in C# lookup).
        /// </summary>
        public static IEnumerable<PropertyInfo> Properties(Type t)
        {
            List<PropertyInfo> own = Visible(t.GetProperties(Declared), t.GetProperties(InheritedStatics)).ToList();
            if (!t.IsInterface) return own;
            var seen = new HashSet<string>(own.Select(p => p.Name));
            return own.Concat(t.GetInterfaces().Where(i => i.IsVisible)
                                 .SelectMany(i => i.GetProperties(BindingFlags.Public | BindingFlags.Instance))
                                 .Where(p => seen.Add(p.Name)));
        }

        /// <summary>
        /// The properties a type shows as JS accessors (Properties without indexers, each with at least one public
        /// accessor), and in <paramref name="accessorMethods"/> every public get/set method they use: those are
        /// not also methods in JS (indexers' get_Item/set_Item stay methods).
        /// </summary>
        public static List<TsAccessorProperty> AccessorProperties(Type t, out HashSet<MethodInfo> accessorMethods)
        {
            accessorMethods = new HashSet<MethodInfo>();
            var result = new List<TsAccessorProperty>();
            foreach (PropertyInfo p in Properties(t))
            {
                if (p.GetIndexParameters().Length > 0) continue;
                MethodInfo getter = p.GetGetMethod();
                MethodInfo setter = p.GetSetMethod();
                if (getter != null) accessorMethods.Add(getter);
                if (setter != null) accessorMethods.Add(setter);
                if (getter != null || setter != null) result.Add(new TsAccessorProperty(p, getter, setter));
            }
            return result;
        }

        /// <summary>The methods a binder binds: Methods without property accessors. Generic method definitions are
        /// included: a call infers their type arguments, zts.generic_method closes them explicitly.</summary>
        public static IEnumerable<MethodInfo> BindableMethods(Type t, HashSet<MethodInfo> accessorMethods)
        {
            return Methods(t).Where(m => !accessorMethods.Contains(m));
        }

        /// <summary>The event whose add or remove accessor m is, or null.</summary>
        public static EventInfo EventOf(MethodInfo m)
        {
            if (m == null || !m.IsSpecialName || m.DeclaringType == null || !(m.Name.StartsWith("add_", StringComparison.Ordinal) || m.Name.StartsWith("remove_", StringComparison.Ordinal))) return null;
            const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
            return m.DeclaringType.GetEvents(all).FirstOrDefault(e => e.GetAddMethod(true) == m || e.GetRemoveMethod(true) == m);
        }

        /// <summary>Fields a type shows: the declared ones plus inherited public statics not hidden by name.</summary>
        public static IEnumerable<FieldInfo> Fields(Type t)
        {
            return Visible(t.GetFields(Declared), t.GetFields(InheritedStatics));
        }

        /// <summary>
        /// Method candidates of a type before accessors are removed: its declared methods, plus base-class
        /// overloads of the instance names it declares (a derived M(string) does not hide an inherited M(int):
        /// both are one overload set), plus inherited public statics it does not declare by name. An interface
        /// has no base class: its view also shows the methods (and event accessors) of the interfaces it extends,
        /// except those that a more derived interface hides (same name and parameter types, as in C# lookup).
        /// Generic method definitions are included; binders do not bind them.
        /// </summary>
        public static IEnumerable<MethodInfo> Methods(Type t)
        {
            MethodInfo[] declared = t.GetMethods(Declared);
            if (IsDelegate(t)) declared = declared.Where(m => !IsAsyncInvoke(m)).ToArray();
            var instanceNames = new HashSet<string>(declared.Where(m => !m.IsStatic).Select(m => m.Name));
            var staticNames = new HashSet<string>(declared.Where(m => m.IsStatic).Select(m => m.Name));
            IEnumerable<MethodInfo> inheritedOverloads = t.IsInterface ? InheritedInterfaceMethods(t)
                : t.GetMethods(BindingFlags.Public | BindingFlags.Instance)
                   .Where(m => m.DeclaringType != t && instanceNames.Contains(m.Name) && !m.IsSpecialName);
            IEnumerable<MethodInfo> inheritedStatics = t.GetMethods(InheritedStatics)
                .Where(m => m.DeclaringType != t && !staticNames.Contains(m.Name) && !m.IsSpecialName);
            IEnumerable<MethodInfo> all = declared.Concat(inheritedOverloads).Concat(inheritedStatics);
            if (!t.IsInterface) return all;
            MethodInfo[] candidates = all.ToArray();
            return candidates.Where(m => !IsHiddenInInterface(m, candidates));
        }

        // C# member lookup on an interface: a method of a derived interface hides the methods with the same name
        // and parameter types of the interfaces it extends (IEnumerable<T>.GetEnumerator hides IEnumerable's).
        private static bool IsHiddenInInterface(MethodInfo m, MethodInfo[] candidates)
        {
            if (m.IsStatic) return false;
            foreach (MethodInfo other in candidates)
            {
                if (other == m || other.IsStatic || other.Name != m.Name || other.DeclaringType == m.DeclaringType) continue;
                if (!m.DeclaringType.IsAssignableFrom(other.DeclaringType)) continue;
                if (SameParameters(m, other)) return true;
            }
            return false;
        }

        private static bool SameParameters(MethodInfo a, MethodInfo b)
        {
            ParameterInfo[] pa = a.GetParameters(), pb = b.GetParameters();
            if (pa.Length != pb.Length) return false;
            for (int i = 0; i < pa.Length; i++)
                if (pa[i].ParameterType != pb[i].ParameterType) return false;
            return true;
        }

        /// <summary>
        /// Candidate order of an overload set (docs/OVERLOADS.md): C# name, ordinal; then parameter count;
        /// then the parameter types' full names joined with ',', ordinal.
        /// </summary>
        public static IEnumerable<T> Sorted<T>(IEnumerable<T> members) where T : MethodBase
        {
            return members.OrderBy(m => m.Name, StringComparer.Ordinal)
                          .ThenBy(m => m.GetParameters().Length)
                          .ThenBy(m => string.Join(",", m.GetParameters().Select(p => p.ParameterType.FullName ?? p.ParameterType.Name).ToArray()), StringComparer.Ordinal);
        }

        private static IEnumerable<MethodInfo> InheritedInterfaceMethods(Type t)
        {
            foreach (Type iface in t.GetInterfaces())
            {
                if (!iface.IsVisible) continue;
                var propertyAccessors = new HashSet<MethodInfo>(iface.GetProperties().SelectMany(p => p.GetAccessors()));
                foreach (MethodInfo m in iface.GetMethods(BindingFlags.Public | BindingFlags.Instance))
                    if (!propertyAccessors.Contains(m)) yield return m;
            }
        }

        private static IEnumerable<T> Visible<T>(T[] declared, T[] statics) where T : MemberInfo
        {
            var seen = new HashSet<string>(declared.Select(m => m.Name));
            return declared.Concat(statics.Where(m => m.DeclaringType != m.ReflectedType && seen.Add(m.Name)));
        }
    }
}
