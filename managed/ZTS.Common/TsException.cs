using System;

namespace ZTS
{
    /// <summary>
    /// A JavaScript exception that reached C#, or a ZTS failure. <see cref="Exception.Message"/> is the
    /// JS message; <see cref="JsStack"/> the JS stack. Every ZTS exception type derives from this one.
    /// </summary>
    public class TsException : Exception
    {
        /// <summary>Creates an exception with a JS message, the JS error name and the JS stack.</summary>
        public TsException(string message, string jsName = "", string jsStack = "", Exception inner = null)
            : base(message, inner)
        {
            JsName = jsName ?? "";
            JsStack = jsStack ?? "";
        }

        /// <summary>How the message of an interrupted script starts (TsAppDomain.Interrupt or the call budget).</summary>
        public const string InterruptPrefix = "zts: script interrupted";

        /// <summary>True when the script was interrupted (TsAppDomain.Interrupt or TsSettings.CallBudgetMilliseconds).</summary>
        public bool IsInterrupt
        {
            get { return Message.StartsWith(InterruptPrefix, StringComparison.Ordinal); }
        }

        /// <summary>The JS error's name ("Error", "TypeError", "SyntaxError"; "" when a non-Error value was thrown).</summary>
        public string JsName { get; private set; }

        /// <summary>The JS stack of the error ("" when there is none).</summary>
        public string JsStack { get; private set; }

        // The thrown JS value this exception was made from, held until the exception is collected (ZTS.Shared
        // ErrorBoundary.HeldValue, whose finalizer releases it). A field rather than a ConditionalWeakTable entry:
        // Mono's Boehm build never clears those (docs/PLAYER.md), and a field is collected with the exception on any GC.
        internal object HeldValue;

        /// <summary>Message, then the JS stack, then the C# stack.</summary>
        public override string ToString()
        {
            string js = JsStack.Length > 0 ? Environment.NewLine + "JS stack:" + Environment.NewLine + JsStack : "";
            return base.ToString() + js;
        }
    }
}
