using System;
using System.Reflection;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// A member whose calls run a generated C++ bridge: the method, its reduced signature, the bridge index and the
    /// site the shared rules need when the bridge hands an argument or a result to managed code (PlayerEntries).
    /// Its HostFunction is only the handle JsDomain stores; the Player gate never calls it.
    /// </summary>
    internal sealed unsafe class NativeMember
    {
        public readonly MethodBase Method;
        public readonly MemberSite Site;
        public readonly int Bridge;
        public readonly string Signature;

        public NativeMember(MethodBase method, MemberSite site, int bridge, string signature)
        {
            Method = method;
            Site = site;
            Bridge = bridge;
            Signature = signature;
        }

        /// <summary>What JsDomain stores for this member.</summary>
        public HostFunction Function
        {
            get { return Call; }
        }

        private JsValue Call(JsDomain domain, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            throw new InvalidOperationException("zts: internal error: the generated bridge of '" + Site.Name + "' (" + Signature +
                                                ") was reached through the managed host-call path");
        }
    }
}
