using System;
using System.Reflection;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// Where the shared runtime applies the script policy (issue 15; the rules are <see cref="TsScriptPolicy"/> in
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
        /// The view an object is pushed under (JsDomain.Push, with a policy): an object whose public runtime type is
        /// denied is seen as that type, whose members all throw the denial, even where an allowed type is declared;
        /// it still passes through JS and back as itself. A non-public runtime type is judged by its declared view.
        /// </summary>
        public static int ViewFor(JsDomain d, object o, int view)
        {
            Type runtime = o.GetType();
            bool denied;
            if (!d.DeniedRuntimeTypes.TryGetValue(runtime, out denied)) // domain thread only: no lock on the push path
                d.DeniedRuntimeTypes[runtime] = denied = runtime.IsVisible && !d.Policy.AllowsType(runtime);
            if (!denied) return view;
            Type declared;
            if (d.TypesById.TryGetValue(view, out declared) && (declared == runtime || !d.Policy.AllowsType(declared))) return view;
            return TypeBinder.Declare(d, runtime);
        }
    }
}
