using System;
using ZTS.Shared;
using ZTS.Shared.Native;

namespace ZTS.Mono
{
    /// <summary>
    /// Loads and initializes the native callback gate (seed build/03 §3.4) and registers the host callback
    /// table once per process. Must run before any gated function is created; TsMonoAppDomain calls it first.
    /// </summary>
    internal static class JsCallbackGate
    {
        private static readonly object Lock = new object();
        private static IntPtr _gate;

        /// <summary>True once the gate is initialized and the table registered.</summary>
        public static bool IsInitialized
        {
            get { return _gate != IntPtr.Zero; }
        }

        /// <summary>The gate's JSCFunctionData entry; throws when the gate is not initialized (build/03 §7).</summary>
        public static IntPtr Gate
        {
            get
            {
                if (_gate == IntPtr.Zero)
                    throw new InvalidOperationException("zts: the Mono callback gate is not initialized; call JsCallbackGate.EnsureInitialized() before creating gated callbacks");
                return _gate;
            }
        }

        /// <summary>Injects QuickJS's entry points into the gate and registers the callback table; idempotent.</summary>
        public static void EnsureInitialized()
        {
            lock (Lock)
            {
                if (_gate != IntPtr.Zero) return;
                int sentinel = GateNative.zts_callback_error_sentinel();
                if (sentinel != JsValue.ErrorSentinel)
                    throw new InvalidOperationException(string.Format("zts: gate sentinel 0x{0:X8} differs from the managed 0x{1:X8}; rebuild libzts_mono_gate", sentinel, JsValue.ErrorSentinel));
                IntPtr touserdata, jsThrow;
                if (ZtsNative.zts_gate_imports(out touserdata, out jsThrow) != ZtsStatus.Ok)
                    throw new InvalidOperationException("zts: libzts did not provide the gate imports");
                if (GateNative.zts_gate_init(touserdata, jsThrow, JsValue.ErrorSentinel) != 0)
                    throw new InvalidOperationException("zts: zts_gate_init refused the QuickJS imports");

                HostCallbacks.EnsureRegistered();
                IntPtr gate = GateNative.zts_get_callback_gate();
                if (gate == IntPtr.Zero)
                    throw new InvalidOperationException("zts: zts_get_callback_gate returned null after zts_gate_init");
                _gate = gate;
            }
        }
    }
}
