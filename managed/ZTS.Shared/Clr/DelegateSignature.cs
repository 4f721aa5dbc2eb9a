using System;
using System.Reflection;
using System.Text;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The signature a Player C# -> JS shim is written for when its delegate type is not public (a delegate declared
    /// in an internal class, a private nested one, a generic instance of one): generated C# cannot name such a type,
    /// so tools/gen-bridges writes one shim per signature, with an Invoke declared over public types, and the Player
    /// binds it to the delegate type at run time (Delegate.CreateDelegate over the shim's Invoke; docs/PLAYER.md,
    /// "Delegate types that are not public"). The generator and the runtime compute the same key here, once each.
    /// <para>A parameter keeps its own type when it is public; a class, interface, array or delegate that is not
    /// public, passed by value, is declared <c>object</c> (a delegate binds to a method whose parameter is a base of
    /// its own). Everything else has no key: a result of a type that is not public (a method's result must be the
    /// delegate's own type or derive from it), a by-ref or value-type parameter whose type is not public, and
    /// [TsMarshalAs] options other than OpaqueValue on a by-value parameter.</para>
    /// </summary>
    internal static class DelegateSignature
    {
        /// <summary>The type a shim's parameter of type pt is declared with: pt when it is public, object for a
        /// reference type that is not public, passed by value; null when none can be.</summary>
        public static Type Surface(Type pt)
        {
            if (pt.IsVisible) return pt;
            if (pt.IsByRef || pt.IsPointer || pt.IsValueType || pt.IsGenericParameter) return null;
            return typeof(object);
        }

        /// <summary>The key of delegate type t's signature ("R(P0, out P1, [opaque] P2)" over the types Surface
        /// gives), or null when a shim of its signature cannot be bound to it (see the class summary).</summary>
        public static string Key(Type t)
        {
            if (t.ContainsGenericParameters || !typeof(MulticastDelegate).IsAssignableFrom(t)) return null;
            MethodInfo invoke = t.GetMethod("Invoke");
            if (invoke == null || MarshalAsReader.Of(invoke.ReturnParameter) != null) return null;
            Type ret = invoke.ReturnType;
            if (ret != typeof(void) && !ret.IsVisible) return null;
            var key = new StringBuilder(ret.FullName).Append('(');
            ParameterInfo[] ps = invoke.GetParameters();
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                if (i > 0) key.Append(", ");
                if (pt.IsByRef)
                {
                    if (MarshalAsReader.Of(ps[i]) != null || (ps[i].IsIn && !ps[i].IsOut)) return null;
                    if (!pt.GetElementType().IsVisible) return null;
                    key.Append(ps[i].IsOut ? "out " : "ref ").Append(pt.GetElementType().FullName);
                    continue;
                }
                if (MarshalAsReader.Of(ps[i]) != null)
                {
                    if (!MarshalAsReader.IsOpaque(ps[i])) return null;
                    key.Append("[opaque] ");
                }
                Type surface = Surface(pt);
                if (surface == null) return null;
                key.Append(surface.FullName);
            }
            return key.Append(')').ToString();
        }

        private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Delegate, Delegate> Retypes =
            new System.Runtime.CompilerServices.ConditionalWeakTable<Delegate, Delegate>();

        /// <summary>Delegate d as a delegate of type T with the same signature (the generated Signature{n} of d's type's
        /// key): JS calling a C# delegate whose type is not public calls it through T. Made once per delegate (each
        /// member of its invocation list over the same target and method) and kept as long as d lives.</summary>
        public static T Retyped<T>(Delegate d) where T : class
        {
            T same = d as T;
            if (same != null) return same;
            return (T)(object)Retypes.GetValue(d, Retype<T>);
        }

        private static Delegate Retype<T>(Delegate d)
        {
            Delegate r = null;
            foreach (Delegate x in d.GetInvocationList()) r = Delegate.Combine(r, Delegate.CreateDelegate(typeof(T), x.Target, x.Method));
            return r;
        }
    }
}
