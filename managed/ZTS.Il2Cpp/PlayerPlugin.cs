using System;
using System.Runtime.InteropServices;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// The Il2Cpp plugin's entry point (native/player/plugin_entry.cpp): in a Unity Il2Cpp Player the Player runtime is
    /// compiled into the game from the package's Plugins/Il2Cpp, and nothing binds its internal calls before managed
    /// code runs, so ZTS.Il2Cpp binds them once itself. Under the launcher (build/dist/zts-player) the launcher has bound
    /// them before Main and this is never called.
    /// </summary>
    internal static class PlayerPlugin
    {
        /// <summary>Binds the internal calls when version is the runtime's entry-table version: 0, else that version.</summary>
        [DllImport("__Internal", CallingConvention = CallingConvention.Cdecl)]
        private static extern int zts_player_register(int version);

        /// <summary>Binds the plugin's internal calls (once per process is enough; repeating is harmless).</summary>
        public static void Register()
        {
            int other = zts_player_register(PlayerEntries.Version);
            if (other != 0)
                throw new InvalidOperationException("zts: the Player runtime compiled into this game (the package's Plugins/Il2Cpp) speaks " +
                                                    "entry-table version " + other + ", ZTS.Il2Cpp " + PlayerEntries.Version +
                                                    "; the package's plugin and its assemblies are from different versions");
        }
    }
}
