using ZTS.Mono;
using ZTS.Shared;

namespace ZTS
{
    /// <summary>
    /// The Editor backend (01-HOST-API §1.1): C# over P/Invoke into libzts, every JS -> C# callback through
    /// the native gate, bridges emitted at run time. TsAppDomain creates <see cref="Runtime"/> by reflection;
    /// hosts use TsAppDomain.
    /// </summary>
    public static class TsMonoAppDomain
    {
        /// <summary>The live runtime (the one TsAppDomain created), or null.</summary>
        internal static Runtime Current
        {
            get { return ScriptRuntime.Current as Runtime; }
        }

        /// <summary>The Mono backend's ITsRuntime: the shared runtime over emitted bridges and the gate.</summary>
        public sealed class Runtime : ScriptRuntime
        {
            /// <summary>Creates the runtime (TsAppDomain does, by reflection).</summary>
            public Runtime() : base("Mono", MonoBridges.Instance)
            {
            }
        }
    }
}
