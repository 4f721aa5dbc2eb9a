using System;

namespace ZTS
{
    /// <summary>
    /// Chooses and creates the backend (01-HOST-API §1.1) by reflection; Common never references a backend.
    /// In Unity: the Editor uses ZTS.Mono, the Player ZTS.Il2Cpp. Outside Unity the environment variable
    /// <c>ZTS_BACKEND</c> chooses ("mono", the default, or "il2cpp").
    /// </summary>
    public static class TsBackend
    {
        /// <summary>Assembly-qualified name of the Mono backend's runtime type.</summary>
        public const string MonoRuntimeType = "ZTS.TsMonoAppDomain+Runtime, ZTS.Mono";

        /// <summary>Assembly-qualified name of the Il2Cpp backend's runtime type.</summary>
        public const string Il2CppRuntimeType = "ZTS.TsIl2CppAppDomain+Runtime, ZTS.Il2Cpp";

        /// <summary>The runtime type name the selection rule picks in this process.</summary>
        public static string SelectedRuntimeType
        {
            get
            {
#if UNITY_EDITOR
                return MonoRuntimeType;
#elif UNITY_5_3_OR_NEWER
                return Il2CppRuntimeType;
#else
                string choice = Environment.GetEnvironmentVariable("ZTS_BACKEND");
                if (string.IsNullOrEmpty(choice) || choice == "mono") return MonoRuntimeType;
                if (choice == "il2cpp") return Il2CppRuntimeType;
                throw new InvalidOperationException("zts: ZTS_BACKEND='" + choice + "' is not a backend (use 'mono' or 'il2cpp')");
#endif
            }
        }

        /// <summary>
        /// Creates the selected backend (Activator.CreateInstance of its nested Runtime type). Outside Unity the
        /// Player backend runs only inside the player launcher (build/dist/zts-player), which binds its internal calls.
        /// </summary>
        public static ITsRuntime Create()
        {
            string name = SelectedRuntimeType;
#if !UNITY_5_3_OR_NEWER
            if (name == Il2CppRuntimeType) CheckPlayerHost();
#endif
            Type type = Type.GetType(name, false);
            if (type == null && name == Il2CppRuntimeType)
                throw new InvalidOperationException("zts: the Player backend (ZTS.Il2Cpp) is not built yet: no ZTS.Il2Cpp.dll next to ZTS.Common.dll");
            if (type == null)
                throw new InvalidOperationException("zts: backend type '" + name + "' not found; is its assembly next to ZTS.Common.dll?");
            return (ITsRuntime)Activator.CreateInstance(type, true);
        }

        // The Player backend needs the launcher's internal calls, of the contract version this assembly speaks.
        private static void CheckPlayerHost()
        {
            int version = TsPlayerHost.Version;
            if (version == 0)
                throw new InvalidOperationException("zts: the Player backend (ZTS.Il2Cpp) runs only inside the player launcher: " +
                                                    "build/dist/zts-player <Program.exe> [args...] (or select the Editor backend: ZTS_BACKEND=mono)");
            if (version != TsPlayerHost.ExpectedVersion)
                throw new InvalidOperationException("zts: the player launcher speaks contract version " + version + ", ZTS.Common expects " +
                                                    TsPlayerHost.ExpectedVersion + "; use the zts-player built with this ZTS.Common.dll");
        }
    }
}
