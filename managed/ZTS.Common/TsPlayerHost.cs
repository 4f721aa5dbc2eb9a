using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace ZTS
{
    /// <summary>
    /// The player launcher (build/dist/zts-player) as seen from managed code: whether this process runs
    /// inside it, and the launcher's internal calls. The launcher sets ZTS_PLAYER_PID to its own process id and binds
    /// <c>ZTS.TsPlayerHost::HostVersion</c> before the program starts; the variable is checked first, because calling
    /// an unbound internal call under plain <c>mono</c> prints a runtime warning before it throws.
    /// </summary>
    internal static class TsPlayerHost
    {
        /// <summary>The launcher contract this assembly speaks (native/player/player_internal_calls.h, k_host_version).</summary>
        public const int ExpectedVersion = 1;

        /// <summary>The environment variable with the launcher's process id.</summary>
        public const string PidVariable = "ZTS_PLAYER_PID";

        /// <summary>The launcher's contract version; 0 when this process was not started by the launcher.</summary>
        public static int Version
        {
            get
            {
                string pid = Environment.GetEnvironmentVariable(PidVariable);
                if (string.IsNullOrEmpty(pid) || pid != Process.GetCurrentProcess().Id.ToString()) return 0;
                return AskLauncher();
            }
        }

        // A method of its own: the JIT resolves an internal call when it compiles the caller, so the caller must
        // not be compiled outside the launcher.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int AskLauncher()
        {
            return HostVersion();
        }

        // Bound by the launcher (zts_clr_add_internal_call).
        [MethodImpl(MethodImplOptions.InternalCall)]
        private static extern int HostVersion();
    }
}
