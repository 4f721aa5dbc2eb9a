using System;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// The exception boundary of JS -> C# calls (seed build/03 §3.2, SPEC_MAP D6) on both backends: every call of a
    /// managed host function enters here (through the Mono gate, or through the Player gate for the host functions
    /// that have no generated bridge); any C# exception is caught, turned into the value to throw
    /// (ErrorBoundary.ThrowValueFor: a `zts: Type: message` Error, or the JS value a TsException came from) after
    /// the catch block has closed, and returned under the sentinel tag so that native code, not managed code,
    /// throws into JS.
    /// </summary>
    internal static unsafe class HostCallBoundary
    {
        /// <summary>The managed entry of zts_host_callbacks.host_call; never lets an exception escape.</summary>
        [MonoPInvokeCallback(typeof(HostCallCallback))]
        public static JsValue HostCall(IntPtr ctx, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            JsDomain domain = null;
            Exception caught;
            try
            {
                domain = JsDomain.FromContext(ctx);
                int id = data[0].Tag == JsValue.TagInt ? data[0].Int32 : (int)data[0].Float64;
                return domain.GetHostFunction(id)(domain, thisVal, argc, argv, magic, data);
            }
            catch (Exception e)
            {
                caught = e; // nothing else here: reading Message may itself throw
            }
            // Every catch block has closed: only now build the JS Error (sol2's trampoline rule).
            return Fail(domain, caught);
        }

        private static JsValue Fail(JsDomain domain, Exception caught)
        {
            var sentinel = new JsValue { Tag = JsValue.ErrorSentinel };
            if (domain == null) return sentinel; // no context to build an Error in: the gate reports a bare exception
            JsValue error = ErrorBoundary.ThrowValueFor(domain, caught);
            if (error.Tag == JsValue.TagObject) sentinel.Ptr = error.Ptr; // else the gate returns JS_EXCEPTION
            return sentinel;
        }
    }
}
