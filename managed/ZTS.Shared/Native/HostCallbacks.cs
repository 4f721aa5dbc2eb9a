using System;
using System.Runtime.InteropServices;
using ZTS.Shared.Clr;

namespace ZTS.Shared.Native
{
    /// <summary>
    /// Registers the one native -> managed callback table (zts_host_callbacks) once per process, for every backend:
    /// module loads, the host-call boundary, type resolution and binding. The backend adds its own entry (the Mono
    /// gate, or the Player gate) on top.
    /// </summary>
    internal static class HostCallbacks
    {
        private static readonly object Lock = new object();
        private static bool _registered;
        // Kept alive for the process: native code holds their function pointers. Each target is a static method marked
        // [MonoPInvokeCallback]: Il2Cpp makes a function pointer for no other delegate (MonoPInvokeCallbackAttribute).
        private static ModuleLoadCallback _moduleLoad;
        private static HostCallCallback _hostCall;
        private static NameRequestCallback _typeResolve;
        private static NameRequestCallback _namespaceList;
        private static TypeBindCallback _typeBind;

        /// <summary>Registers the table with libzts; idempotent; throws when libzts is from another build.</summary>
        public static void EnsureRegistered()
        {
            lock (Lock)
            {
                if (_registered) return;
                unsafe
                {
                    _moduleLoad = ModuleLoaderBridge.Load;
                    _hostCall = HostCallBoundary.HostCall;
                }
                _typeResolve = TypeCallbacks.Resolve;
                _namespaceList = TypeCallbacks.ListNamespace;
                _typeBind = TypeCallbacks.Bind;
                var table = new HostCallbackTable
                {
                    Size = (uint)Marshal.SizeOf(typeof(HostCallbackTable)),
                    Version = HostCallbackTable.AbiVersion,
                    ModuleLoad = Marshal.GetFunctionPointerForDelegate(_moduleLoad),
                    HostCall = Marshal.GetFunctionPointerForDelegate(_hostCall),
                    TypeResolve = Marshal.GetFunctionPointerForDelegate(_typeResolve),
                    NamespaceList = Marshal.GetFunctionPointerForDelegate(_namespaceList),
                    TypeBind = Marshal.GetFunctionPointerForDelegate(_typeBind),
                };
                int rc = ZtsNative.zts_host_register(ref table);
                if (rc != ZtsStatus.Ok)
                    throw new InvalidOperationException("zts: libzts refused the host callback table (status " + rc + "): the native library and the ZTS assemblies are from different builds");
                _registered = true;
            }
        }
    }
}
