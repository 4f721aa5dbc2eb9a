using System.Reflection;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// A member with struct copies in its signature that has a copy entry (tools/gen-bridges/CopyWrapperWriter.cs,
    /// EntrySignature): its host function is the build-time managed wrapper, and Il2CppBridges.Registered routes its id
    /// to the C++ bridge of the entry's signature, which calls the entry with pointers to the copies' bytes through its
    /// typed entry (no managed hop before the member). The bridge hands a call whose copy arguments are not copies of
    /// exactly their structs back to the wrapper (player_bridge.h, managed_call), which applies the shared rules.
    /// </summary>
    internal sealed unsafe class CopyEntryMember
    {
        /// <summary>The member.</summary>
        public readonly MethodBase Member;

        /// <summary>Its site (the readers and writers of the bridge's slow paths read it: PlayerEntries.Site).</summary>
        public readonly MemberSite Site;

        /// <summary>The static entry the build wrote, and its reduced signature.</summary>
        public readonly MethodInfo Entry;
        public readonly string Signature;

        private readonly HostFunction _wrapper;
        private HostFunction _function;

        public CopyEntryMember(MethodBase member, MemberSite site, HostFunction wrapper, MethodInfo entry, string signature)
        {
            Member = member;
            Site = site;
            _wrapper = wrapper;
            Entry = entry;
            Signature = signature;
        }

        /// <summary>What JsDomain stores for this member: the wrapper, behind a delegate whose target says it has an entry.</summary>
        public HostFunction Function
        {
            get { return _function ?? (_function = Call); }
        }

        private JsValue Call(JsDomain domain, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            return _wrapper(domain, thisVal, argc, argv, magic, data);
        }
    }
}
