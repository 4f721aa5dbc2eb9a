// The selection rule's cases, named once for SelectedRuntimeType and Create. UNITY_5_3_OR_NEWER is defined in every
// Unity compilation (Editor and Players); ENABLE_IL2CPP when the build target's scripting backend is Il2Cpp, in the
// Editor too, so only a Player compilation (no UNITY_EDITOR) may take it as "this process runs on Il2Cpp".
#if UNITY_5_3_OR_NEWER || UNITY_EDITOR
#define ZTS_IN_UNITY
#endif
#if ZTS_IN_UNITY && ENABLE_IL2CPP && !UNITY_EDITOR
#define ZTS_UNITY_IL2CPP_PLAYER
#elif ZTS_IN_UNITY && !UNITY_EDITOR
#define ZTS_UNITY_MONO_PLAYER
#endif
using System;

namespace ZTS
{
    /// <summary>
    /// Chooses and creates the backend (01-HOST-API §1.1) by reflection; Common never references a backend.
    /// In Unity the choice is made at compile time: a Player whose scripting backend is Il2Cpp
    /// (<c>ENABLE_IL2CPP</c> without <c>UNITY_EDITOR</c>) uses ZTS.Il2Cpp; the Editor (whatever the build target's
    /// backend) and a Player whose scripting backend is Mono use ZTS.Mono. Outside Unity the environment variable
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
#if ZTS_UNITY_IL2CPP_PLAYER
                return Il2CppRuntimeType;
#elif ZTS_IN_UNITY
                return MonoRuntimeType; // the Editor, or a Player on Mono: the Il2Cpp backend's internal calls exist only in an Il2Cpp Player
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
#if !ZTS_IN_UNITY
            if (name == Il2CppRuntimeType) CheckPlayerHost();
#endif
            Type type = Type.GetType(name, false);
            if (type == null && name == Il2CppRuntimeType)
                throw new InvalidOperationException("zts: the Player backend (ZTS.Il2Cpp) is not built yet: no ZTS.Il2Cpp.dll next to ZTS.Common.dll");
#if ZTS_UNITY_MONO_PLAYER
            // The package enables ZTS.Mono and the Mono gate library for the Editor only (unity/assemblies.txt,
            // tools/unity/package_rules.js), so a Mono Player has neither: say so rather than "next to ZTS.Common.dll".
            if (type == null)
                throw new InvalidOperationException("zts: a Player whose scripting backend is Mono needs the Editor backend (ZTS.Mono and the zts_mono_gate library), " +
                                                    "which the package enables for the Editor only; build the Player with the Il2Cpp scripting backend");
#endif
            if (type == null)
                throw new InvalidOperationException("zts: backend type '" + name + "' not found; is its assembly next to ZTS.Common.dll?");
            return (ITsRuntime)Activator.CreateInstance(type, true);
        }

#if !ZTS_IN_UNITY
        // The Player backend needs the launcher's internal calls, of the contract version this assembly speaks. Outside
        // Unity only: in an Il2Cpp Player the player itself binds them.
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
#endif
    }
}
