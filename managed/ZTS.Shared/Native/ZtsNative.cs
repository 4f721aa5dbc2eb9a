using System;
using System.Runtime.InteropServices;

namespace ZTS.Shared.Native
{
    /// <summary>Status codes of the C ABI (zts_status of native/include/zts/zts.h; checked against it by the test
    /// Abi_ConstantMirror_MatchesHeader, like the flag classes below).</summary>
    internal static class ZtsStatus
    {
        public const int Ok = 0;
        public const int Js = -1;
        public const int ModuleLoad = -2;
        public const int NoExport = -3;
        public const int NotCallable = -4;
        public const int InvalidRef = -5;
        public const int Argument = -6;
        public const int NoGate = -7;
        public const int NoHost = -8;
        public const int Version = -9;
        public const int OutOfMemory = -10;
    }

    /// <summary>ZTS_TYPE_* of zts.h: the flags of zts_type_declare (TypeBinder.Declare).</summary>
    internal static class ZtsTypeFlags
    {
        public const uint Static = 1u << 0;
        public const uint Interface = 1u << 1;
        public const uint Abstract = 1u << 2;
        public const uint Array = 1u << 3;
        public const uint Enum = 1u << 4;
        public const uint GenericDef = 1u << 5;
        public const uint Delegate = 1u << 6;
        public const uint Enumerable = 1u << 7;
        public const uint EnumerableViaInterface = 1u << 8;
    }

    /// <summary>ZTS_MEMBER_* of zts.h: the flags of zts_type_add_method and zts_type_add_property.</summary>
    internal static class ZtsMemberFlags
    {
        public const uint Static = 1u << 0;
    }

    /// <summary>ZTS_DENY_* of zts.h: the flags of zts_type_deny_this (PolicyGate.DenyThis).</summary>
    internal static class ZtsDenyFlags
    {
        public const uint ViaInterfaces = 1u;
        public const uint PathIsType = 2u;
    }

    /// <summary>ZTS_COPY_* of zts.h: the field codes of a struct copy layout, and the largest layout.</summary>
    internal static class ZtsCopy
    {
        public const int FieldI1 = 1;
        public const int FieldU1 = 2;
        public const int FieldI2 = 3;
        public const int FieldU2 = 4;
        public const int FieldI4 = 5;
        public const int FieldU4 = 6;
        public const int FieldI8 = 7;
        public const int FieldU8 = 8;
        public const int FieldR4 = 9;
        public const int FieldR8 = 10;
        public const int FieldStruct = 11;
        public const int MaxSize = 1024;
        /// <summary>zts_type_set_copy_layout flag: the struct holds references, its copies live in the rooted arena.</summary>
        public const int Scanned = 1;
    }

    /// <summary>zts_struct_ref: the bytes of one struct copy (10-LIFETIME §3.1).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct ZtsStructRef
    {
        public int TypeId;
        public int Size;
        public IntPtr Bytes;
    }

    /// <summary>zts_copy_field: one field of a struct copy layout (zts_type_set_copy_layout).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct ZtsCopyField
    {
        public IntPtr Name;
        public int Offset;
        public int Code;
        public int TypeId;
    }

    /// <summary>zts_error_info: the last failure of a domain; pointers valid until the next call.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct ZtsErrorInfo
    {
        public int Status;
        public IntPtr Message;
        public int MessageLen;
        public IntPtr Stack;
        public int StackLen;
        public IntPtr Name;
        public int NameLen;
        public IntPtr Specifier;
        public int SpecifierLen;
        public IntPtr Importer;
        public int ImporterLen;
        public int ThrownRef;
        public int ExceptionSlot;
    }

    /// <summary>The one P/Invoke surface of the Mono backend into libzts (contracts in zts.h).</summary>
    internal static unsafe class ZtsNative
    {
        // Where the Player links libzts statically into its own binary (iOS, WebGL), P/Invokes name "__Internal", the
        // process itself; everywhere else the dynamic library (zts.dll, libzts.so). The Editor always loads the
        // library, whatever the build target.
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        private const string Lib = "__Internal";
#else
        private const string Lib = "zts";
#endif

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_host_register(ref HostCallbackTable callbacks);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr zts_version();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_gate_imports(out IntPtr touserdata, out IntPtr jsThrow);

        /// <summary>The Player runtime's table of core functions (zts_player_core), handed to it as it is.</summary>
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr zts_player_core_get();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr zts_domain_new(IntPtr host, IntPtr callbackGate);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern long zts_domain_free(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint zts_domain_id(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr zts_domain_context(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_error(IntPtr domain, out ZtsErrorInfo info);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_ref_count(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_call_depth(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_run_jobs(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_gc(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_interrupt(uint domainId);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_set_call_budget(IntPtr domain, long budgetMicroseconds);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_set_memory_limit(IntPtr domain, long bytes);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_set_stack_size(IntPtr domain, long bytes);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern long zts_thread_max_stack_size();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_set_job_limit(IntPtr domain, int maxJobs);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_take_rejection(IntPtr domain, out char* chars);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern void zts_release_enqueue(uint domainId, int reference);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_drain_releases(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_module_get_function(IntPtr domain, byte[] module, byte[] exportName, out int reference);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_load_request_set_source(IntPtr request, byte* utf8, int len);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_load_request_set_source_map(IntPtr request, byte* utf8, int len);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_load_request_set_path(IntPtr request, byte* utf8, int len);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_load_request_fail(IntPtr request, byte* utf8, int len);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_function_call(IntPtr domain, int reference, int argc, JsValue* argv, JsValue* result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_set_enumerator_step(IntPtr domain, int bridge);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_function_call_opaque(IntPtr domain, int reference, int argc, JsValue* argv, ulong handles, ulong writeback, JsValue* result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_function_release(IntPtr domain, int reference);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_function_ref(IntPtr domain, JsValue fn, out int reference);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_function_origin(IntPtr domain, JsValue fn, out char* chars);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_reset_hook_count(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_domain_run_reset_hook(IntPtr domain, int index);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_function_define_gated(IntPtr domain, byte[] path, int length, int magic, long data);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_value_new_string_utf16(IntPtr domain, char* chars, int len, out JsValue result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_value_take_utf16(IntPtr domain, JsValue v, out char* chars);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_values_format(IntPtr domain, int argc, JsValue* argv, out char* chars);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_function_new_gated(IntPtr domain, byte[] name, int length, int magic, long data, out JsValue fn);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_values_inspect(IntPtr domain, int argc, JsValue* argv, out char* chars);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_object_set_to_string(IntPtr domain, long data);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_timers_advance(IntPtr domain, double nowMs);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_debugger_start(IntPtr domain, int port);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_debugger_listen(IntPtr domain, byte* hostUtf8Z, int port);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_debugger_exposed(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_debugger_wait(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_debugger_service(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_debugger_console(IntPtr domain, int level, int argc, JsValue* argv);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr zts_debugger_url(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_timers_run_next(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_timers_count(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_promise_new(IntPtr domain, out JsValue promise, out int token);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_promise_settle(IntPtr domain, int token, int fulfilled, JsValue value);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_promise_watch(IntPtr domain, JsValue v, int token);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_promise_take_settled(IntPtr domain, out int token, out JsValue value);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern void zts_value_free(IntPtr domain, JsValue v);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_error_new(IntPtr domain, char* message, int messageLen, char* csharpStack, int stackLen, JsValue csharpException, out JsValue result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_error_rethrow_value(IntPtr domain, int reference, out JsValue result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_declare(IntPtr domain, byte[] fullName, byte[] jsName, int baseTypeId, int outerTypeId, uint flags, out int typeId);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_add_interface(IntPtr domain, int typeId, int interfaceId);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_deny_this(IntPtr domain, int typeId, byte[] path, uint flags, int overrideCount, IntPtr[] overrides);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_add_method(IntPtr domain, int typeId, byte[] name, uint flags, int bridge, int paramCount, ZTS.Shared.Clr.ParamSpec[] specs);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_add_constructor(IntPtr domain, int typeId, int bridge, int paramCount, ZTS.Shared.Clr.ParamSpec[] specs);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_add_property(IntPtr domain, int typeId, byte[] name, uint flags, int getter, int setter);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_add_array_access(IntPtr domain, int typeId, int getBridge, int setBridge, int lengthBridge);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_add_constant(IntPtr domain, int typeId, byte[] name, double value);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_add_nested(IntPtr domain, int typeId, byte[] jsName, int nestedTypeId);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_object(IntPtr domain, int typeId, out JsValue result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_id_of(IntPtr domain, JsValue v, out int typeId);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_request_namespace(IntPtr request);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_request_type(IntPtr request, int typeId);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_request_add_name(IntPtr request, byte[] jsName);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_request_fail(IntPtr request, byte[] utf8);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_request_fail_exception(IntPtr domain, IntPtr request, byte[] utf8, JsValue csharpException);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_object_push(IntPtr domain, int typeId, int slot, out JsValue result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_object_take_released(IntPtr domain, int* slots, int cap);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int* zts_domain_release_counter(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_object_live_count(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_atoms_intern(IntPtr domain, int count, IntPtr* names, uint* atoms);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_table_new(IntPtr domain, int count, uint* atoms, JsValue* values, out JsValue result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_table_read(IntPtr domain, JsValue obj, int count, uint* atoms, JsValue* values);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_array_read(IntPtr domain, JsValue arr, int start, int cap, JsValue* values, out int length);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_ref_get(IntPtr domain, JsValue box, out JsValue value);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_ref_set(IntPtr domain, JsValue box, JsValue value);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_object_slot(IntPtr domain, JsValue v, out int slot, out int typeId);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_type_set_copy_layout(IntPtr domain, int typeId, int size, int fieldCount, ZtsCopyField[] fields, int flags);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_struct_new(IntPtr domain, int typeId, void* bytes, out JsValue result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_struct_ref_of(IntPtr domain, JsValue v, out ZtsStructRef* result);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ZtsStructRef* zts_domain_struct_result(IntPtr domain);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern int zts_struct_live_count(IntPtr domain);

        /// <summary>A NUL-terminated UTF-8 copy of s for the C ABI.</summary>
        public static byte[] Utf8Z(string s)
        {
            int n = System.Text.Encoding.UTF8.GetByteCount(s);
            var bytes = new byte[n + 1];
            System.Text.Encoding.UTF8.GetBytes(s, 0, s.Length, bytes, 0);
            return bytes;
        }

        /// <summary>Decodes len UTF-8 bytes at p ("" for null).</summary>
        public static string FromUtf8(IntPtr p, int len)
        {
            if (p == IntPtr.Zero || len <= 0) return "";
            return System.Text.Encoding.UTF8.GetString((byte*)p, len);
        }

        /// <summary>Decodes a NUL-terminated UTF-8 string at p ("" for null).</summary>
        public static string FromUtf8Z(IntPtr p)
        {
            if (p == IntPtr.Zero) return "";
            int len = 0;
            while (((byte*)p)[len] != 0) len++;
            return FromUtf8(p, len);
        }
    }
}
