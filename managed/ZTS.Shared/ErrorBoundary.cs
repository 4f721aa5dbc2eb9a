using System;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// What a C# exception becomes in JS (CONTRACT §6), for every backend: the `zts: Full.Type: message` text,
    /// and the JS Error that carries it with `.csharpStack`. A backend's entry catches the exception, lets the
    /// catch block close, then asks for the Error here and throws it into JS in its own way.
    /// </summary>
    internal static unsafe class ErrorBoundary
    {
        /// <summary>The CONTRACT §6 text of a C# exception: "zts: Full.Type.Name: message".</summary>
        public static string ErrorText(Exception e)
        {
            // ZTS's own failures (marshal, bind) already carry their CONTRACT §6 text.
            if ((e is TsMarshalException || e is TsBindException || e is TsPolicyException) && e.Message.StartsWith("zts: ", StringComparison.Ordinal))
                return e.Message;
            return "zts: " + e.GetType().FullName + ": " + e.Message;
        }

        /// <summary>ErrorText and the C# stack of e, never throwing (a Message or StackTrace getter may).</summary>
        public static string Describe(Exception e, out string stack)
        {
            try
            {
                stack = e.StackTrace ?? "";
                return ErrorText(e);
            }
            catch (Exception)
            {
                stack = "";
                return "zts: " + e.GetType().FullName + ": <the exception's message could not be read>";
            }
        }


        /// <summary>A new JS Error object with message and `.csharpStack`, or a value that is not an object when
        /// it could not be made (out of memory); never throws.</summary>
        public static JsValue NewError(JsDomain domain, string message, string stack)
        {
            var error = JsValue.Undefined;
            try
            {
                fixed (char* m = message)
                fixed (char* s = stack)
                {
                    ZtsNative.zts_error_new(domain.Handle, m, message.Length, s, stack.Length, out error);
                }
            }
            catch
            {
                // Out of memory in managed code: the caller reports a bare exception.
            }
            return error;
        }
    }
}
