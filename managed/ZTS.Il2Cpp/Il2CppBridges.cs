using System;
using System.Reflection;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// The Player backend's side of the seam (IBridgeProvider): a member is bound to the C++ bridge generated at
    /// build time for its reduced signature (ReducedSignature), a delegate to the shim generated at build time for
    /// its type (DelegateShims). A member or delegate the build did not cover fails at first bind with a zts: error
    /// that names it and says how to regenerate; nothing is made at run time (no Emit, no MethodInfo.Invoke).
    /// </summary>
    internal sealed class Il2CppBridges : IBridgeProvider
    {
        /// <summary>The one instance (process-level tables live in the C++ runtime).</summary>
        public static readonly Il2CppBridges Instance = new Il2CppBridges();

        /// <summary>How to regenerate the bridges, quoted by every "not covered" error.</summary>
        public const string RegenerateHint =
            "add the assembly or type to the bridge generator's inputs (tools/gen-bridges, docs/PLAYER.md) and rebuild";

        private static readonly object Lock = new object();
        private static IntPtr _gate;

        private Il2CppBridges()
        {
        }

        public IntPtr EnsureNativeEntryPoints()
        {
            lock (Lock)
            {
                if (_gate != IntPtr.Zero) return _gate;
                HostCallbacks.EnsureRegistered();
                int other = TsIl2CppAppDomain.InitializeInternal(PlayerEntries.Version, PlayerEntries.Handles());
                if (other != 0)
                    throw new InvalidOperationException("zts: the Player runtime speaks entry-table version " + other + ", ZTS.Il2Cpp " +
                                                        PlayerEntries.Version + "; use the zts-player built with this ZTS.Il2Cpp.dll");
                _gate = TsIl2CppAppDomain.GateInternal();
                return _gate;
            }
        }

        public void Registered(JsDomain d, int id, HostFunction fn)
        {
            if (id == 0) TsIl2CppAppDomain.ForgetContextInternal(d.Context); // a new domain numbers its functions from 0
            var member = fn.Target as NativeMember;
            if (member == null) return; // a managed host function: the Player gate calls it through host_call
            if (TsIl2CppAppDomain.RegisterMemberInternal(d.Context, id, member.Bridge, member.Method.MethodHandle.Value) != 0)
                throw new TsBindException("zts: the Player runtime has no typed entry for '" + member.Site.Name + "'");
        }

        /// <summary>The generated bridge of m, or the zts: error that names what is not covered.</summary>
        private static HostFunction Bind(MethodBase m, MemberSite site)
        {
            string why;
            string signature = ReducedSignature.Of(m, out why);
            string name = site.Name;
            if (signature == null)
                throw new TsBindException("zts: no Player bridge for '" + name + "': " + why + " has no reduced signature (docs/PLAYER.md)");
            int bridge = TsIl2CppAppDomain.FindBridgeInternal(signature);
            if (bridge < 0)
                throw new TsBindException("zts: no Player bridge for '" + name + "' (signature " + signature + "); " + RegenerateHint);
            return new NativeMember(m, site, bridge, signature).Function;
        }

        private static TsBindException NotCovered(string what)
        {
            return new TsBindException("zts: no Player bridge for " + what + "; " + RegenerateHint);
        }

        public HostFunction Method(MethodInfo m, MemberSite site) { return Bind(m, site); }

        public HostFunction Constructor(ConstructorInfo c, MemberSite site) { return Bind(c, site); }

        public HostFunction DefaultStruct(Type structType, MemberSite site) { throw NotCovered("the default constructor of struct '" + structType.Name + "'"); }

        public HostFunction FieldGet(FieldInfo f, MemberSite site) { throw NotCovered("field '" + f.DeclaringType.Name + "." + f.Name + "'"); }

        public HostFunction FieldSet(FieldInfo f, MemberSite site) { throw NotCovered("field '" + f.DeclaringType.Name + "." + f.Name + "'"); }

        public HostFunction ArrayElement(Type arrayType, string op, MemberSite site) { throw NotCovered("element access of '" + arrayType.Name + "'"); }

        public void CheckDelegate(Type delegateType) { DelegateShims.Check(delegateType); }

        public Delegate BindDelegate(Type delegateType, FunctionClosure closure) { return DelegateShims.Bind(delegateType, closure); }

        public Func<object, object> StructMemberGetter(Type s, MemberInfo m, Type t) { throw NotCovered("member '" + s.Name + "." + m.Name + "' of a struct passed as a table"); }

        public Action<object, object> StructMemberSetter(Type s, MemberInfo m, Type t) { throw NotCovered("member '" + s.Name + "." + m.Name + "' of a struct passed as a table"); }

        public Func<object, JsValue> StructMemberToJs(Type s, MemberInfo m, Type t) { return null; }

        public Func<object> StructFactory(Type s) { throw NotCovered("struct '" + s.Name + "' passed as a table"); }
    }
}
