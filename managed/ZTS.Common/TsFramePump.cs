using System;
using System.Diagnostics;

namespace ZTS
{
    /// <summary>
    /// The frame pump (01-HOST-API §1.4, 10-LIFETIME §5.3, §7.2). In Unity a MonoBehaviour calls these
    /// (see TsFramePumpBehaviour); a headless host calls them once per frame, on the domain's thread:
    /// <c>LateUpdate()</c> after the frame's game logic, <c>EndOfFrame()</c> last.
    /// </summary>
    public static class TsFramePump
    {
        private static readonly Stopwatch Monotonic = Stopwatch.StartNew();

        /// <summary>
        /// The host's clock for the scripts' timers, in milliseconds; read once per LateUpdate. Null (the
        /// default) is a monotonic clock started with the process. In Unity, <c>() =&gt; Time.time * 1000</c> makes
        /// timers follow game time (paused with timeScale 0).
        /// </summary>
        public static Func<double> TimeSource { get; set; }

        /// <summary>The current time of <see cref="TimeSource"/> in milliseconds.</summary>
        public static double Now
        {
            get
            {
                Func<double> source = TimeSource;
                return source != null ? source() : Monotonic.Elapsed.TotalMilliseconds;
            }
        }

        /// <summary>
        /// Drains the deferred ref-release queue, settles the promises of completed C# tasks and runs pending Promise
        /// jobs, then runs the timers (setTimeout/setInterval) due at <see cref="Now"/>, each followed by its jobs;
        /// flushes console output. Under <see cref="TsRejectionMode.Throw"/> it then throws
        /// <see cref="TsUnhandledRejectionException"/> for the rejections no handler took. A timer callback stopped by
        /// <see cref="TsSettings.CallBudgetMilliseconds"/> or <see cref="TsAppDomain.Interrupt"/> ends the timer pass:
        /// its <see cref="TsException"/> (<see cref="TsException.IsInterrupt"/>) is thrown after the console is flushed,
        /// and the timers still due run at the next LateUpdate.
        /// </summary>
        public static void LateUpdate()
        {
            TsAppDomain.ProcessPendingRefReleases();
            try
            {
                TsAppDomain.AdvanceTimers(Now);
            }
            finally
            {
                TsConsole.Flush(); // what the timers logged before a runaway one was stopped
            }
            TsUnhandledRejectionException.ThrowPending();
        }

        /// <summary>
        /// Applies a reserved Reset (TsAppDomain.Resetting -> zts.on_reset hooks -> script event subscriptions removed ->
        /// drain -> registries -> JS context/runtime -> rebuild); true when one was applied.
        /// </summary>
        public static bool EndOfFrame()
        {
            bool applied = TsAppDomain.ApplyPendingReset();
            TsConsole.Flush();
            return applied;
        }
    }
}
