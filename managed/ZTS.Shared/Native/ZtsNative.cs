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

    /// <summary>The one P/Invoke surface of the Mono backend into libzts: its DllImports are generated from zts.h's
    /// ZTS_FUNCTIONS list into ZtsNative.g.cs (cmake/ZtsAbi.cmake, docs/C_ABI.md "One list"); the helpers here.</summary>
    internal static unsafe partial class ZtsNative
    {
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
