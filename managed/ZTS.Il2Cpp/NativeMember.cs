using System;
using System.Reflection;
using System.Runtime.ExceptionServices;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// A member whose calls run a generated C++ bridge: the method, its reduced signature, the bridge index and the
    /// site the shared rules need when the bridge hands an argument or a result to managed code (PlayerEntries).
    /// The Player gate runs the bridge of a registered id directly; a managed caller that wraps the member (an
    /// extension method called as an instance method, a generic method closed per call, an event subscription)
    /// reaches <see cref="Function"/>, which runs the same bridge through an internal call under an id of its own.
    /// </summary>
    internal sealed unsafe class NativeMember
    {
        public readonly MethodBase Method; // null for a field accessor
        public readonly FieldInfo Field;   // null for a method
        public readonly MemberSite Site;
        public readonly int Bridge;
        public readonly string Signature;

        public NativeMember(MethodBase method, FieldInfo field, MemberSite site, int bridge, string signature)
        {
            Method = method;
            Field = field;
            Site = site;
            Bridge = bridge;
            Signature = signature;
        }

        /// <summary>What JsDomain stores for this member.</summary>
        public HostFunction Function
        {
            get { return Call; }
        }

        /// <summary>Set when the member has no route (Il2CppBridges.Registered: its type's static constructor threw,
        /// or the runtime made no typed entry): every call throws it.</summary>
        public ExceptionDispatchInfo Unavailable;

        private JsDomain _domain;
        private int _id = -1;

        private JsValue Call(JsDomain domain, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            if (Unavailable != null) Unavailable.Throw();
            if (_domain != domain)
            {
                _id = domain.AddHostFunction(Function); // routed to the bridge by Il2CppBridges.Registered
                _domain = domain;
            }
            JsValue result;
            object exception;
            TsIl2CppAppDomain.InvokeInternal(domain.Context, _id, argc, argv, data, &result, out exception);
            var e = exception as Exception;
            if (e != null) throw e; // as the Editor's bridge: the wrapper (or the host-call boundary) sees it
            return result;
        }
    }
}
