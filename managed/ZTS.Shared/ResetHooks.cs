using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// What runs just before a script domain is torn down (TsAppDomain.Resetting came before, the
    /// 10-LIFETIME §7.2 teardown comes after): the scripts' zts.on_reset hooks in registration order, each
    /// failure logged as a TsConsole error without stopping the others, then the removal of the script event
    /// subscriptions still in place (ScriptSubscriptions).
    /// </summary>
    internal static class ResetHooks
    {
        /// <summary>Runs the hooks and undoes the subscriptions of d, which is still alive.</summary>
        public static void Run(JsDomain d)
        {
            for (int i = 0; i < ZtsNative.zts_domain_reset_hook_count(d.Handle); i++)
            {
                int rc = ZtsNative.zts_domain_run_reset_hook(d.Handle, i);
                if (rc != ZtsStatus.Ok)
                    TsConsole.Enqueue(TsLogLevel.Error, TsResetTexts.Threw("a zts.on_reset hook", d.TakeError(rc, "a zts.on_reset hook")));
            }
            d.Subscriptions.RemoveAll();
        }
    }
}
