using ZTS.Shared.Native;

namespace ZTS.Shared.Timers
{
    /// <summary>
    /// Runs the domain's setTimeout/setInterval timers from the frame pump (docs/EVERYDAY.md), on the host's clock: one
    /// pass per LateUpdate at the time TsFramePump reads from its time source. Timers due run in due-time order,
    /// each followed by the Promise jobs it queued (a microtask checkpoint, as in HTML), so a 0 ms timeout runs
    /// after the microtasks queued before it. A callback that throws is logged as a console error and the pass
    /// goes on. A callback stopped by the call budget or TsAppDomain.Interrupt (a runaway) ends the pass: its
    /// TsException (IsInterrupt) is thrown to the host, as a runaway GetFunction delegate's is, so a host that ends
    /// its run on a runaway tick (ztsrun) ends it on a runaway timer too; the timers still due run in the next pass.
    /// </summary>
    internal static class TimerPump
    {
        /// <summary>Runs the timers of d that are due at nowMs; returns how many ran.</summary>
        public static int Run(JsDomain d, double nowMs)
        {
            int ran = 0;
            if (ZtsNative.zts_timers_advance(d.Handle, nowMs) <= 0) return 0;
            while (true)
            {
                int rc = ZtsNative.zts_timers_run_next(d.Handle);
                if (rc == 0) return ran;
                ran++;
                if (rc == ZtsStatus.Js)
                {
                    var e = (TsException)d.TakeError(rc, "a timer callback");
                    if (e.IsInterrupt) throw e;
                    TsConsole.Enqueue(TsLogLevel.Error, "zts: uncaught exception in a timer callback: " + e.Message +
                                                        (e.JsStack.Length > 0 ? "\n" + e.JsStack : ""));
                }
                else if (rc < 0)
                {
                    throw d.TakeError(rc, "timers");
                }
                d.RunJobs();
            }
        }
    }
}
