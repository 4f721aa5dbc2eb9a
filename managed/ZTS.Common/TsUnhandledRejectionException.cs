using System.Collections.Generic;

namespace ZTS
{
    /// <summary>
    /// A Promise was rejected and no handler took it, under <see cref="TsRejectionMode.Throw"/>: thrown by
    /// <see cref="TsFramePump.LateUpdate"/>. <see cref="System.Exception.Message"/> names the first such rejection
    /// of the frame (its reason's first line), <see cref="TsException.JsStack"/> holds the rest of its text.
    /// </summary>
    public class TsUnhandledRejectionException : TsException
    {
        /// <summary>Creates the exception for a rejection text (reason, then its stack) and the number of rejections.</summary>
        public TsUnhandledRejectionException(string text, int count)
            : base(Describe(text, count), "UnhandledRejection", Rest(text))
        {
            Count = count;
        }

        /// <summary>How many unhandled rejections the frame had (this exception names the first).</summary>
        public int Count { get; private set; }

        /// <summary>The console text of an unhandled rejection (<see cref="TsRejectionMode.Log"/>).</summary>
        internal static string LogText(string text)
        {
            return "zts: unhandled Promise rejection: " + text;
        }

        private static string Describe(string text, int count)
        {
            int nl = text.IndexOf('\n');
            return LogText(nl < 0 ? text : text.Substring(0, nl)) + (count > 1 ? " (and " + (count - 1) + " more)" : "");
        }

        private static string Rest(string text)
        {
            int nl = text.IndexOf('\n');
            return nl < 0 ? "" : text.Substring(nl + 1);
        }

        // Rejections reported under TsRejectionMode.Throw and not yet thrown (owner thread).
        private static readonly List<string> Pending = new List<string>();

        /// <summary>A backend reports one unhandled rejection (reason and stack): logged or kept for ThrowPending, by the setting.</summary>
        internal static void Report(string text)
        {
            if (TsSettings.UnhandledRejections == TsRejectionMode.Throw) Pending.Add(text);
            else TsConsole.Enqueue(TsLogLevel.Error, LogText(text));
        }

        /// <summary>Throws for the rejections reported since the last call, if any (the frame pump's LateUpdate).</summary>
        internal static void ThrowPending()
        {
            if (Pending.Count == 0) return;
            string first = Pending[0];
            int count = Pending.Count;
            Pending.Clear();
            throw new TsUnhandledRejectionException(first, count);
        }
    }
}
