using System;
using ZTS.Mono.Native;

namespace ZTS.Mono
{
    /// <summary>A managed function reachable from JS through the gate; throw to fail (the boundary converts).</summary>
    internal unsafe delegate JsValue HostFunction(MonoDomain domain, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data);

    /// <summary>
    /// The exception boundary of JS -> C# calls (seed build/03 §3.2, CONTRACT §6): every gated call enters
    /// here; any C# exception is caught, turned into a `zts: Type: message` Error after the catch block has
    /// closed, and returned under the sentinel tag so that the gate, not managed code, throws into JS.
    /// </summary>
    internal static unsafe class JsCallbackBoundary
    {
        /// <summary>The managed entry of zts_host_callbacks.host_call; never lets an exception escape.</summary>
        public static JsValue HostCall(IntPtr ctx, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            MonoDomain domain = null;
            Exception caught;
            try
            {
                domain = MonoDomain.FromContext(ctx);
                int id = data[0].Tag == JsValue.TagInt ? data[0].Int32 : (int)data[0].Float64;
                return domain.GetHostFunction(id)(domain, thisVal, argc, argv, magic, data);
            }
            catch (Exception e)
            {
                caught = e; // nothing else here: reading Message may itself throw
            }
            // Every catch block has closed: only now build the JS Error (sol2's trampoline rule).
            string stack;
            string message = Describe(caught, out stack);
            return Fail(domain, message, stack);
        }

        /// <summary>The CONTRACT §6 text of a C# exception: "zts: Full.Type.Name: message".</summary>
        public static string ErrorText(Exception e)
        {
            // ZTS's own failures (marshal, bind) already carry their CONTRACT §6 text.
            if ((e is TsMarshalException || e is TsBindException) && e.Message.StartsWith("zts: ", StringComparison.Ordinal))
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

        private static JsValue Fail(MonoDomain domain, string message, string stack)
        {
            var sentinel = new JsValue { Tag = JsValue.ErrorSentinel };
            if (domain == null) return sentinel; // no context to build an Error in: the gate reports a bare exception
            try
            {
                JsValue error;
                fixed (char* m = message)
                fixed (char* s = stack)
                {
                    ZtsNative.zts_error_new(domain.Handle, m, message.Length, s, stack.Length, out error);
                }
                if (error.Tag == JsValue.TagObject) sentinel.Ptr = error.Ptr;
            }
            catch
            {
                // Out of memory in managed code: the gate returns JS_EXCEPTION.
            }
            return sentinel;
        }
    }
}
