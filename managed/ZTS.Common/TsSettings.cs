using System.Collections.Generic;

namespace ZTS
{
    /// <summary>
    /// Host settings: <see cref="AliasXmlPaths"/>, <see cref="MarshalXmlPaths"/>, <see cref="Policy"/> and the script limits are read when a domain
    /// is created (Initialize, and each applied Reset; negative limits are rejected there); <see cref="UnhandledRejections"/>
    /// when a rejection is reported.
    /// </summary>
    public static class TsSettings
    {
        private static readonly List<string> _aliasXmlPaths = new List<string>();
        private static readonly List<string> _marshalXmlPaths = new List<string>();

        /// <summary>
        /// [TsMarshalAs] for precompiled DLLs (01-HOST-API §3.3): XML files whose root element is <c>TsMarshalAs</c>
        /// (format: <see cref="TsMarshalXml"/>), kept apart from <see cref="AliasXmlPaths"/>. Read when a domain is
        /// created; an invalid entry is logged and Default is used, as for an invalid attribute; the attribute
        /// wins where both exist.
        /// </summary>
        public static IList<string> MarshalXmlPaths
        {
            get { return _marshalXmlPaths; }
        }

        /// <summary>
        /// [TsAlias] for precompiled DLLs (01-HOST-API §4): XML files whose root element is <c>TsAlias</c>:
        /// <code>
        /// &lt;TsAlias&gt;
        ///   &lt;type name="Vendor.Lib.Tool"&gt;
        ///     &lt;method name="Run" params="System.Int32" alias="run_i32"/&gt;   &lt;!-- params optional: all overloads --&gt;
        ///   &lt;/type&gt;
        /// &lt;/TsAlias&gt;
        /// </code>
        /// A [TsAlias] attribute on the method wins over the XML.
        /// </summary>
        public static IList<string> AliasXmlPaths
        {
            get { return _aliasXmlPaths; }
        }

        /// <summary>
        /// Time budget in milliseconds of each outermost C# -> JS call: a delegate call, a GetFunction with the
        /// module code it evaluates, and one frame-pump job drain. Past it the JS is interrupted as by
        /// <see cref="TsAppDomain.Interrupt"/> (a <see cref="TsException"/> whose message starts
        /// "zts: script interrupted"). 0 (the default) is no budget.
        /// </summary>
        public static int CallBudgetMilliseconds { get; set; }

        /// <summary>
        /// Limit of the JS heap in bytes; past it JS allocations throw a catchable out-of-memory InternalError
        /// and the domain keeps working (Reset frees everything). 0 (the default) is no limit.
        /// </summary>
        public static long HeapLimitBytes { get; set; }

        /// <summary>
        /// JS stack size in bytes; deeper recursion throws RangeError. 0 (the default): QuickJS's 1 MiB, or less on a
        /// thread whose stack leaves less (its room minus 256 KiB for host frames), so a small thread's recursion is a
        /// RangeError too. A value above what the thread's stack leaves is capped to it, with a warning on the console.
        /// </summary>
        public static int StackSizeBytes { get; set; }

        private static int _maxJobsPerPump = 10000;

        /// <summary>
        /// Promise jobs one frame-pump drain (and the drain after a GetFunction) runs at most; the rest stay queued
        /// and run at the next <see cref="TsFramePump.LateUpdate"/>. 0 is no limit; the default is 10000.
        /// </summary>
        public static int MaxJobsPerPump
        {
            get { return _maxJobsPerPump; }
            set { _maxJobsPerPump = value; }
        }

        /// <summary>
        /// What an unhandled Promise rejection does: <see cref="TsRejectionMode.Log"/> (the default) logs
        /// a TsConsole error; <see cref="TsRejectionMode.Throw"/> makes <see cref="TsFramePump.LateUpdate"/> throw
        /// <see cref="TsUnhandledRejectionException"/>. ztsrun uses Throw unless run with --warn-rejections.
        /// </summary>
        public static TsRejectionMode UnhandledRejections { get; set; }

        /// <summary>
        /// What C# scripts may reach (docs/POLICY.md): null (the default) reaches every public type, as
        /// before; a <see cref="TsScriptPolicy"/> (built in code or loaded with <see cref="TsScriptPolicyFile.Load"/>)
        /// limits the CSharp tree, csharp: modules, zts.typeof/generic/cast and every member, and closes reflection.
        /// Read when a domain is created: set it before Initialize, or before the Reset that should apply it.
        /// </summary>
        public static TsScriptPolicy Policy { get; set; }

        /// <summary>
        /// The script debugger's port (docs/DEBUGGING.md): 0 (the default) is no debugger; 1-65535 listens there, -1 on
        /// any free port. It listens on the loopback only (127.0.0.1 and ::1; <see cref="DebuggerHost"/> names another
        /// address) and speaks the Chrome DevTools Protocol as <c>node --inspect</c>
        /// does, so VS Code (an "attach" configuration) and Chrome (chrome://inspect) attach. Read when a domain is
        /// created; <see cref="TsAppDomain.DebuggerUrl"/> tells where it listens.
        /// </summary>
        public static int DebuggerPort { get; set; }

        /// <summary>
        /// Where the script debugger listens (node's <c>--inspect=HOST:PORT</c>): null (the default), "" or "localhost"
        /// is the loopback only, 127.0.0.1 and ::1. Any other value, an IP address or a host name, listens on the
        /// addresses it names, which other machines may reach: anyone who connects can run any code in the game
        /// (docs/DEBUGGING.md, "Who can attach"), so the host prints a warning then. Read when a domain is created.
        /// </summary>
        public static string DebuggerHost { get; set; }

        /// <summary>
        /// With <see cref="DebuggerPort"/>: a new domain waits until a debugger client attached and said run (node's
        /// <c>--inspect-brk</c>), then pauses at the first statement of the first script. False by default.
        /// </summary>
        public static bool DebuggerWaitForClient { get; set; }
    }
}
