using System;
using System.Runtime.CompilerServices;
using ZTS.Il2Cpp;
using ZTS.Shared;

namespace ZTS
{
    /// <summary>
    /// The Player backend (01-HOST-API §1.1, §2): a thin C# shell over the C++ Player runtime. Its entry points
    /// are internal calls bound by the host (build/dist/zts-player here, Unity's player under Il2Cpp); JS -> C#
    /// member calls run C++ bridges generated at build time for each reduced signature, C# -> JS delegates run
    /// shims generated at build time; nothing is generated at run time. TsAppDomain creates
    /// <see cref="Runtime"/> by reflection; hosts use TsAppDomain.
    /// </summary>
    public static partial class TsIl2CppAppDomain
    {
        /// <summary>The Player backend's ITsRuntime: the shared runtime over generated bridges and the Player gate.</summary>
        public sealed class Runtime : ScriptRuntime
        {
            /// <summary>Creates the runtime (TsAppDomain does, by reflection); needs the host's internal calls.</summary>
            public Runtime() : base("Il2Cpp", Il2CppBridges.Instance)
            {
            }
        }
    }
}
