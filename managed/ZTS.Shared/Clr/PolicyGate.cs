using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.InteropServices;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// Where the shared runtime applies the script policy (the rules are <see cref="TsScriptPolicy"/> in
    /// ZTS.Common, one place for both backends and gen-dts). Everything here runs at name resolution, bind or push
    /// time, never per call: a denied member is bound as a host function that throws the denial, an allowed one gets
    /// its bridge unchanged. Without a policy (<c>JsDomain.Policy</c> null) every check is one null compare.
    /// </summary>
    internal static unsafe class PolicyGate
    {
        /// <summary>The denial path of member m (null: the type alone) on the view of bound, or null when it is allowed.</summary>
        public static string Denied(JsDomain d, Type bound, MemberInfo m, string jsName)
        {
            TsScriptPolicy p = d.Policy;
            if (p == null || p.AllowsMember(bound, m, jsName)) return null;
            // A type denied through a part (List$1[Secret], Secret[]) names that part; otherwise the member is named.
            Type part = p.DeniedPart(bound);
            if (m == null || (part != null && TsScriptPolicy.TypePath(part) != TsScriptPolicy.TypePath(bound)))
                return TsScriptPolicy.TypePath(part ?? bound);
            return TsScriptPolicy.MemberPath(bound, jsName ?? m.Name);
        }

        /// <summary>The host function bound in place of a denied member: it throws the denial when called.</summary>
        public static HostFunction Thrower(string path)
        {
            return (domain, thisVal, argc, argv, magic, data) => { throw new TsPolicyException(path); };
        }

        /// <summary>Throws the denial when scripts may not reach t (zts.typeof, zts.generic and its arguments, zts.cast, zts.to_delegate).</summary>
        public static void CheckType(JsDomain d, Type t)
        {
            Type denied = d.Policy != null ? d.Policy.DeniedPart(t) : null;
            if (denied != null) throw new TsPolicyException(TsScriptPolicy.TypePath(denied));
        }

        /// <summary>Whether the CSharp tree and csharp: modules show t (a denied type is not listed or exported).</summary>
        public static bool Shows(JsDomain d, Type t)
        {
            return d.Policy == null || d.Policy.AllowsType(t);
        }

        /// <summary>
        /// Tells the core which members an object of view t must not reach through another type's function (an interface
        /// it implements, a base class): `Object.getPrototypeOf(zts.cast(o, IThing)).Name.call(denied)` would otherwise
        /// run the implementation the policy denies (tests/policy/cases/policy.js, Policy_DeniedRuntimeType_ThisOfAnother*).
        /// A denied t: every interface member, and the base-class members a denied class of t overrides. An allowed t: the
        /// interface and base-class members whose implementation in t is a denied member. Declare time, once per type.
        /// </summary>
        public static void DenyThis(JsDomain d, Type t, int id)
        {
            Type part;
            HashSet<string> names = DeniedImplementations(d, t, out part);
            if (part == null && names.Count == 0) return;
            string path = TsScriptPolicy.TypePath(part ?? t);
            bool pathIsType = part != null && path != TsScriptPolicy.TypePath(t);
            var strings = new IntPtr[names.Count];
            int k = 0;
            try
            {
                foreach (string n in names) strings[k++] = Marshal.StringToHGlobalAnsi(n);
                int rc = ZtsNative.zts_type_deny_this(d.Handle, id, ZtsNative.Utf8Z(path), (part != null ? ZtsDenyFlags.ViaInterfaces : 0u) | (pathIsType ? ZtsDenyFlags.PathIsType : 0u), k, strings);
                if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "declare " + path);
            }
            finally
            {
                for (int i = 0; i < k; i++) Marshal.FreeHGlobal(strings[i]);
            }
        }

        // The JS names of t's members that another type's function must not reach with a `this` of view t (DenyThis),
        // and the part of t the policy denies (null: t is allowed). Once per type and domain.
        private static HashSet<string> DeniedImplementations(JsDomain d, Type t, out Type part)
        {
            TsScriptPolicy p = d.Policy;
            var names = new HashSet<string>(StringComparer.Ordinal);
            part = null;
            if (p == null || t.IsInterface || t.IsGenericTypeDefinition || t.ContainsGenericParameters) return names;
            part = p.DeniedPart(t);
            if (t.IsArray || t.IsPointer || t.IsByRef) return names; // no overrides of their own; a denied element denies via interfaces
            try
            {
                const BindingFlags declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.DeclaredOnly;
                for (Type c = t; c != null && c != typeof(object); c = c.BaseType)
                {
                    bool classDenied = !p.AllowsType(c);
                    foreach (MethodInfo m in c.GetMethods(declared))
                    {
                        MethodInfo root = m.GetBaseDefinition();
                        if (root == m || root.DeclaringType == m.DeclaringType) continue; // not an override
                        if (classDenied || !p.AllowsMember(t, m, d.Aliases.FinalName(m))) AddNames(d, names, root);
                    }
                }
                // Only a concrete class is the runtime type of an object; an abstract view (System.Type) is reached
                // only through declared views, and Mono's GetInterfaceMap crashes on some abstract framework classes.
                if (part == null && !t.IsAbstract)
                {
                    foreach (Type iface in t.GetInterfaces())
                    {
                        if (!iface.IsVisible || iface.ContainsGenericParameters) continue;
                        InterfaceMapping map = t.GetInterfaceMap(iface);
                        for (int i = 0; i < map.TargetMethods.Length; i++)
                        {
                            MethodInfo target = map.TargetMethods[i];
                            if (target != null && target.DeclaringType != iface && target.IsPublic && !p.AllowsMember(t, target, d.Aliases.FinalName(target)))
                                AddNames(d, names, map.InterfaceMethods[i]);
                        }
                    }
                }
            }
            catch (Exception)
            {
                // An interface map the runtime cannot make: a denied type still denies every interface member.
            }
            return names;
        }

        // The JS names a method is called by: its final name and, for an accessor, its property's name.
        private static void AddNames(JsDomain d, HashSet<string> names, MethodInfo m)
        {
            names.Add(d.Aliases.FinalName(m));
            if (m.IsSpecialName && (m.Name.StartsWith("get_", StringComparison.Ordinal) || m.Name.StartsWith("set_", StringComparison.Ordinal)))
                names.Add(m.Name.Substring(4));
        }

        /// <summary>
        /// The view an object is pushed under (JsDomain.Push, with a policy): an object whose public runtime type is
        /// denied is seen as that type, whose members all throw the denial, even where an allowed type is declared;
        /// it still passes through JS and back as itself. A non-public runtime type is judged by its declared view.
        /// </summary>
        public static int ViewFor(JsDomain d, object o, int view)
        {
            Type runtime = o.GetType();
            bool denied;
            if (!d.Caches.DeniedRuntimeTypes.TryGetValue(runtime, out denied)) // domain thread only: no lock on the push path
            {
                // Also an allowed runtime type whose implementation of an interface or base member is a denied member
                // (deny member Game.Switch.Reset, pushed as IResettable): under its own view that member throws, and
                // the core refuses it as `this` of the interface's function (DenyThis).
                Type part;
                denied = runtime.IsVisible && (!d.Policy.AllowsType(runtime) || DeniedImplementations(d, runtime, out part).Count > 0);
                d.Caches.DeniedRuntimeTypes[runtime] = denied;
            }
            if (!denied) return view;
            Type declared;
            if (d.Types.ById.TryGetValue(view, out declared) && (declared == runtime || !d.Policy.AllowsType(declared))) return view;
            return TypeBinder.Declare(d, runtime);
        }
    }
}
