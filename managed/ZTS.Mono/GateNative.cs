using System;
using System.Runtime.InteropServices;

namespace ZTS.Mono
{
    /// <summary>The gate library (libzts_mono_gate), which does not link QuickJS (seed build/03 §2.4).</summary>
    internal static class GateNative
    {
        // ZtsNative.Lib's rule, so that every DllImport of ZTS follows one: "__Internal" where a Player links its
        // natives statically (iOS, WebGL). Those Players run Il2Cpp and the package enables the gate for the Editor only.
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        private const string Lib = "__Internal";
#else
        private const string Lib = "zts_mono_gate";
#endif

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_gate_init(IntPtr jsTouserdata, IntPtr jsThrow, int errorSentinelTag);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr zts_get_callback_gate();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_callback_error_sentinel();
    }
}
