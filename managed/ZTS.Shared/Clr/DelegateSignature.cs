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
            string why;
            return Key(t, out why);
        }

        /// <summary>Key(t); when it is null, why names what stops it, for the build's coverage report and the run
        /// time's error alike ("its result type 'HostApi+Op' is not public").</summary>
        public static string Key(Type t, out string why)
        {
            why = null;
            if (t.ContainsGenericParameters || !typeof(MulticastDelegate).IsAssignableFrom(t))
            {
                why = "it is not a closed delegate type";
                return null;
            }
            MethodInfo invoke = t.GetMethod("Invoke");
            if (invoke == null || MarshalAsReader.Of(invoke.ReturnParameter) != null)
            {
                why = "its result has [TsMarshalAs]";
                return null;
            }
            Type ret = invoke.ReturnType;
            if (ret != typeof(void) && !ret.IsVisible)
            {
                why = "its result type '" + ret + "' is not public (a method bound to a delegate must return the delegate's own result type)";
                return null;
            }
            var key = new StringBuilder(ret.FullName).Append('(');
            ParameterInfo[] ps = invoke.GetParameters();
            for (int i = 0; i < ps.Length; i++)
            {
                Type pt = ps[i].ParameterType;
                if (i > 0) key.Append(", ");
                if (pt.IsByRef)
                {
                    if (MarshalAsReader.Of(ps[i]) != null || (ps[i].IsIn && !ps[i].IsOut))
                    {
                        why = "parameter " + (i + 1) + " is `in` or has [TsMarshalAs] and is passed by reference";
                        return null;
                    }
                    if (!pt.GetElementType().IsVisible)
                    {
                        why = "parameter " + (i + 1) + " is passed by reference and its type '" + pt.GetElementType() + "' is not public";
                        return null;
                    }
                    key.Append(ps[i].IsOut ? "out " : "ref ").Append(pt.GetElementType().FullName);
                    continue;
                }
                if (MarshalAsReader.Of(ps[i]) != null)
                {
                    if (!MarshalAsReader.IsOpaque(ps[i]))
                    {
                        why = "parameter " + (i + 1) + " has [TsMarshalAs] other than OpaqueValue";
                        return null;
                    }
                    key.Append("[opaque] ");
                }
                Type surface = Surface(pt);
                if (surface == null)
                {
                    why = "parameter " + (i + 1) + "'s type '" + pt + "' is a struct or enum that is not public";
                    return null;
                }
                key.Append(surface.FullName);
            }
            return key.Append(')').ToString();
        }

        /// <summary>The reason a Player has no shim for delegate type t that is not public, when its signature is the
        /// reason, else null: the one text of the build's coverage report and the run time's error.</summary>
        public static string WhyNoShim(Type t)
        {
            string why;
            if (t.IsVisible || Key(t, out why) != null) return null;
            return "its type is not public, so the build writes a shim of its signature, and " + why;
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
