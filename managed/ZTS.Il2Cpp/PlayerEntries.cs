using System;
using ZTS.Shared;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Il2Cpp
{
    /// <summary>
    /// The Player runtime's one native -> managed table (besides zts_host_callbacks): the C++ bridges call these
    /// through typed entries (unmanaged thunks) for what the shared rule set decides. An argument the bridge cannot
    /// take as it is (anything but an int for an int, a bool for a bool, a number for a double) is read here by
    /// ArgReader, the results that need a rule (64-bit ranges, strings, objects) are written here by ResultWriter,
    /// and a managed exception becomes the JS value to throw here (ErrorBoundary). Exceptions leave through the
    /// typed entry's out-argument, never through C++ frames. The order of <see cref="Names"/> is the C++ EntryIndex
    /// and <see cref="Version"/> is k_entry_version (native/player/player_bridge.h; the test
    /// Player_EntryTable_MatchesBridgeHeader fails on any difference in names, order, count or version).
    /// </summary>
    internal static unsafe class PlayerEntries
    {
        /// <summary>Version of the entry table (checked by InitializeInternal).</summary>
        public const int Version = 6;

        /// <summary>The entries, in the C++ EntryIndex order.</summary>
        public static readonly string[] Names =
        {
            "ReadZ", "ReadC", "ReadI1", "ReadU1", "ReadI2", "ReadU2", "ReadI4", "ReadU4", "ReadI8", "ReadU8", "ReadIp", "ReadUp",
            "ReadR4", "ReadR8", "ReadS", "ReadO", "This", "WriteU4", "WriteI8", "WriteU8", "WriteIp", "WriteUp", "WriteC", "WriteS",
            "WriteO", "WriteNew", "ThrowValue", "NoEntry",
        };

        /// <summary>The method handles of the entries, for InitializeInternal (read once per process).</summary>
        public static IntPtr[] Handles()
        {
            var handles = new IntPtr[Names.Length];
            for (int i = 0; i < Names.Length; i++)
                handles[i] = typeof(PlayerEntries).GetMethod(Names[i]).MethodHandle.Value;
            return handles;
        }

        private static MemberSite Site(IntPtr ctx, int id, out JsDomain d)
        {
            d = JsDomain.FromContext(ctx);
            object member = d.GetHostFunction(id).Target;
            var native = member as NativeMember;
            return native != null ? native.Site : ((CopyEntryMember)member).Site;
        }

        public static bool ReadZ(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadBoolean(s, d, argv, data, argc, i); }
        public static char ReadC(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadChar(s, d, argv, data, argc, i); }
        public static sbyte ReadI1(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadSByte(s, d, argv, data, argc, i); }
        public static byte ReadU1(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadByte(s, d, argv, data, argc, i); }
        public static short ReadI2(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadInt16(s, d, argv, data, argc, i); }
        public static ushort ReadU2(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadUInt16(s, d, argv, data, argc, i); }
        public static int ReadI4(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadInt32(s, d, argv, data, argc, i); }
        public static uint ReadU4(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadUInt32(s, d, argv, data, argc, i); }
        public static long ReadI8(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadInt64(s, d, argv, data, argc, i); }
        public static ulong ReadU8(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadUInt64(s, d, argv, data, argc, i); }
        public static IntPtr ReadIp(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadIntPtr(s, d, argv, data, argc, i); }
        public static UIntPtr ReadUp(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadUIntPtr(s, d, argv, data, argc, i); }
        public static float ReadR4(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadSingle(s, d, argv, data, argc, i); }
        public static double ReadR8(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadDouble(s, d, argv, data, argc, i); }
        public static string ReadS(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.ReadString(s, d, argv, data, argc, i); }
        public static object ReadO(IntPtr ctx, int id, JsValue* argv, JsValue* data, int argc, int i) { JsDomain d; var s = Site(ctx, id, out d); return s.ParamTables[i] != null ? ArgReader.ReadTable(s, d, argv, data, argc, i) : ArgReader.ReadObject(s, d, argv, data, argc, i); }
        public static object This(IntPtr ctx, int id, JsValue* data) { JsDomain d; var s = Site(ctx, id, out d); return ArgReader.This(s, d, data); }

        public static void WriteU4(IntPtr ctx, int id, uint v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteUInt32(s, d, v); }
        public static void WriteI8(IntPtr ctx, int id, long v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteInt64(s, d, v); }
        public static void WriteU8(IntPtr ctx, int id, ulong v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteUInt64(s, d, v); }
        public static void WriteIp(IntPtr ctx, int id, IntPtr v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteIntPtr(s, d, v); }
        public static void WriteUp(IntPtr ctx, int id, UIntPtr v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteUIntPtr(s, d, v); }
        public static void WriteC(IntPtr ctx, int id, char v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteChar(s, d, v); }
        public static void WriteS(IntPtr ctx, int id, string v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteString(s, d, v); }
        public static void WriteO(IntPtr ctx, int id, object v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteBoxed(s, d, v); }
        public static void WriteNew(IntPtr ctx, int id, object v, JsValue* result) { JsDomain d; var s = Site(ctx, id, out d); *result = ResultWriter.WriteNew(s, d, v); }

        /// <summary>Throws why a virtual member has no typed entry on self's class (native dispatch found none):
        /// Il2CppBridges.NoTypedEntry. The exception leaves through the typed entry's out-argument.</summary>
        public static void NoEntry(IntPtr ctx, int id, object self)
        {
            JsDomain d = JsDomain.FromContext(ctx);
            var member = (NativeMember)d.GetHostFunction(id).Target;
            throw Il2CppBridges.NoTypedEntry(member, self != null ? self.GetType() : null);
        }

        /// <summary>The JS value to throw for a managed exception (an Error object, or any JS value a TsException
        /// came from); tag Exception when none could be made (an out-of-memory exception is pending).</summary>
        public static void ThrowValue(IntPtr ctx, object exception, JsValue* result)
        {
            JsDomain d = JsDomain.FromContext(ctx);
            *result = ErrorBoundary.ThrowValueFor(d, exception as Exception ?? new InvalidOperationException("zts: a non-exception object was thrown"));
        }
    }
}
