using System;
using System.Runtime.InteropServices;

namespace ZTS.Shared.Native
{
    /// <summary>zts_host_callbacks: the one native -> managed table, registered once with a size/version check.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct HostCallbackTable
    {
        public uint Size;
        public uint Version;
        public IntPtr ModuleLoad;
        public IntPtr HostCall;
        public IntPtr TypeResolve;
        public IntPtr NamespaceList;
        public IntPtr TypeBind;

        /// <summary>ZTS_ABI_VERSION of native/include/zts/zts.h.</summary>
        public const uint AbiVersion = 3;
    }

    /// <summary>Signature of zts_host_callbacks.module_load.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate int ModuleLoadCallback(IntPtr host, IntPtr specifier, IntPtr importer, IntPtr request);

    /// <summary>Signature of zts_host_callbacks.type_resolve and namespace_list.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate int NameRequestCallback(IntPtr host, IntPtr name, IntPtr request);

    /// <summary>Signature of zts_host_callbacks.type_bind.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate int TypeBindCallback(IntPtr host, int typeId, IntPtr request);

    /// <summary>Signature of zts_host_callbacks.host_call, the managed entry behind the gate.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal unsafe delegate JsValue HostCallCallback(IntPtr ctx, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data);
}
