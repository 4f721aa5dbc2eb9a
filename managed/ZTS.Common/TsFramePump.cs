namespace ZTS
{
    /// <summary>
    /// The frame pump (01-HOST-API §1.4, 10-LIFETIME §5.3, §7.2). In Unity a MonoBehaviour calls these
    /// (see TsFramePumpBehaviour); a headless host calls them once per frame, on the domain's thread:
    /// <c>LateUpdate()</c> after the frame's game logic, <c>EndOfFrame()</c> last.
    /// </summary>
    public static class TsFramePump
    {
        /// <summary>
        /// Drains the deferred ref-release queue and runs pending Promise jobs; flushes console output. Under
        /// <see cref="TsRejectionMode.Throw"/> it then throws <see cref="TsUnhandledRejectionException"/> for the
        /// rejections no handler took.
        /// </summary>
        public static void LateUpdate()
        {
            TsAppDomain.ProcessPendingRefReleases();
            TsConsole.Flush();
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
