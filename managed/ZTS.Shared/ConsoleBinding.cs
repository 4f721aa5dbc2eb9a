using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// The JS <c>console</c> object (log, info, warn, error, debug) as gated C# callbacks: each formats its
    /// arguments in one native call (zts_values_inspect: C# objects by ToString(), JS objects and arrays short) and buffers the line in TsConsole, which flushes outside JS frames.
    /// </summary>
    internal static unsafe class ConsoleBinding
    {
        /// <summary>Defines console.* on the domain's global object.</summary>
        public static void Install(JsDomain domain)
        {
            HostFunction write = Write;
            domain.DefineFunction("console.log", 0, (int)TsLogLevel.Log, write);
            domain.DefineFunction("console.debug", 0, (int)TsLogLevel.Log, write);
            domain.DefineFunction("console.info", 0, (int)TsLogLevel.Info, write);
            domain.DefineFunction("console.warn", 0, (int)TsLogLevel.Warn, write);
            domain.DefineFunction("console.error", 0, (int)TsLogLevel.Error, write);
        }

        // zts_debugger_console's levels: 0 log, 1 info, 2 warn, 3 error.
        private static int DebuggerLevel(int magic)
        {
            switch ((TsLogLevel)magic)
            {
                case TsLogLevel.Info: return 1;
                case TsLogLevel.Warn: return 2;
                case TsLogLevel.Error: return 3;
                default: return 0;
            }
        }

        private static JsValue Write(JsDomain domain, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            if (TsConsole.IsFull)
            {
                // Full until the next flush: counted, not formatted (a 1 MB line formatted and dropped still cost
                // ~2 MB of garbage a call).
                TsConsole.CountDropped();
                return JsValue.Undefined;
            }
            if (domain.DebuggerUrl != null) ZtsNative.zts_debugger_console(domain.Handle, DebuggerLevel(magic), argc, argv);
            char* chars;
            int n = ZtsNative.zts_values_inspect(domain.Handle, argc, argv, out chars);
            if (n < 0) throw domain.TakeError(n, "console");
            TsConsole.Enqueue((TsLogLevel)magic, new string(chars, 0, n));
            return JsValue.Undefined;
        }
    }
}
