using System;

namespace ZTS
{
    /// <summary>The texts of the Reset sequence, shared by the backends.</summary>
    internal static class TsResetTexts
    {
        /// <summary>A Resetting handler, a zts.on_reset hook or an event remove threw: the console error (the Reset goes on).</summary>
        public static string Threw(string what, Exception e)
        {
            var ts = e as TsException;
            string stack = ts != null && ts.JsStack.Length > 0 ? "\n" + ts.JsStack.TrimEnd() : "";
            string type = ts != null ? "" : e.GetType().FullName + ": ";
            return "zts: " + what + " threw during Reset: " + type + e.Message + stack;
        }

        /// <summary>
        /// A delegate made from a JS function was called after its domain was torn down. <paramref name="what"/> names
        /// the delegate ("JS function as Action&lt;Int32&gt;"), <paramref name="origin"/> where the function was defined.
        /// </summary>
        public static string StaleScriptFunction(string what, string origin)
        {
            return "zts: " + what + (origin.Length > 0 ? " (defined at " + origin + ")" : "") +
                   " belongs to a domain that was Reset or torn down; release it in a reset hook " +
                   "(zts.on_reset in the script, or TsAppDomain.Resetting in C#) instead of keeping it across Reset";
        }
    }
}
