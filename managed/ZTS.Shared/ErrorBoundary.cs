using System;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// What a C# exception becomes in JS (SPEC_MAP D6), for every backend: the `zts: Full.Type: message` text,
    /// and the JS value a backend's entry throws for it. A backend's entry catches the exception, lets the
    /// catch block close, then asks for that value here (ThrowValueFor) and throws it into JS in its own way.
    /// <para>Identity across nested boundaries: a TsException that carries the JS value it was made from
    /// (Hold) rethrows that very value, so JS sees the same object (===) with its own type and stack; any
    /// other exception becomes a new Error marked with the exception's exotic, so when that Error comes back
    /// out of JS, JsDomain.TakeError finds the exception and makes it the TsException's InnerException.</para>
    /// </summary>
    internal static unsafe class ErrorBoundary
    {
        /// <summary>A JS value one TsException was made from: a ref of its domain, released (queued) when the
        /// TsException is collected.</summary>
        private sealed class HeldValue
        {
            internal readonly JsDomain Domain;
            internal readonly int Ref;

            internal HeldValue(JsDomain domain, int reference)
            {
                Domain = domain;
                Ref = reference;
            }

            ~HeldValue()
            {
                ZtsNative.zts_release_enqueue(Domain.Id, Ref); // thread-safe; ignored once the domain is gone
            }
        }

        /// <summary>Remembers that e was made from the thrown JS value behind reference (a zts_error_info.thrown_ref,
        /// owned from now on by e: its HeldValue lives as long as the exception, and releases the value after it).</summary>
        public static void Hold(JsDomain domain, TsException e, int reference)
        {
            e.HeldValue = new HeldValue(domain, reference);
        }

        /// <summary>The SPEC_MAP D6 text of a C# exception: "zts: Full.Type.Name: message". A text that already
        /// starts "zts: " (ZTS's own failures, a TsException made from a zts: Error) is kept as it is, so prefixes
        /// never stack; a TypeInitializationException names its cause.</summary>
        public static string ErrorText(Exception e)
        {
            if ((e is TsMarshalException || e is TsBindException || e is TsPolicyException || e is TsException) && e.Message.StartsWith("zts: ", StringComparison.Ordinal))
                return e.Message;
            string text = "zts: " + e.GetType().FullName + ": " + e.Message;
            Exception cause = e is TypeInitializationException ? e.InnerException : null;
            return cause == null ? text : text + " ---> " + cause.GetType().FullName + ": " + cause.Message;
        }

        /// <summary>ErrorText and the C# stack of e without ZTS's own frames (<see cref="WithoutZtsFrames"/>), never
        /// throwing (a Message or StackTrace getter may).</summary>
        public static string Describe(Exception e, out string stack)
        {
            try
            {
                stack = WithoutZtsFrames(e.StackTrace ?? "");
                return ErrorText(e);
            }
            catch (Exception)
            {
                stack = "";
                return "zts: " + e.GetType().FullName + ": <the exception's message could not be read>";
            }
        }

        /// <summary>
        /// A C# stack trace (one "  at ..." line per frame) without the frames of ZTS's own bridge machinery, which
        /// say nothing about the script's C#: the Editor's generated member bridges (`(wrapper dynamic-method)
        /// System.Object.zts_member_bridge(...)`), the delegate wrappers over them (`(wrapper delegate-invoke)
        /// &lt;Module&gt;.invoke_bound_...(ZTS.Shared.JsDomain, ...)`), and ZTS.Shared / ZTS.Mono / ZTS.Il2Cpp
        /// (HostCallBoundary.HostCall, argument readers, the Player's shims). The frames of the C# the script called
        /// stay, so `e.csharpStack` starts where that code threw and ends at the member the script called. A failure of
        /// ZTS's own (a conversion the bridge refused) keeps nothing: its message says what and where. Tests: conformance
        /// test_Members_CSharpException_BecomesZtsError (both backends), NUnit Gate_CSharpStack_NamesTheThrowingMethod.
        /// </summary>
        internal static string WithoutZtsFrames(string stack)
        {
            if (stack.IndexOf("ZTS.", StringComparison.Ordinal) < 0 && stack.IndexOf("zts_", StringComparison.Ordinal) < 0) return stack;
            var kept = new System.Text.StringBuilder(stack.Length);
            foreach (string line in stack.Split('\n'))
            {
                if (IsZtsFrame(line)) continue;
                if (kept.Length > 0) kept.Append('\n');
                kept.Append(line.TrimEnd('\r'));
            }
            return kept.ToString();
        }

        private static bool IsZtsFrame(string line)
        {
            string frame = line.TrimStart();
            if (!frame.StartsWith("at ", StringComparison.Ordinal)) return false;
            frame = frame.Substring(3);
            if (frame.StartsWith("ZTS.Shared.", StringComparison.Ordinal) || frame.StartsWith("ZTS.Mono.", StringComparison.Ordinal) ||
                frame.StartsWith("ZTS.Il2Cpp.", StringComparison.Ordinal))
                return true;
            // Mono's wrappers: the dynamic-method bridges, and delegate invokes whose signature is a bridge's.
            return frame.StartsWith("(wrapper ", StringComparison.Ordinal) &&
                   (frame.IndexOf(".zts_", StringComparison.Ordinal) >= 0 || frame.IndexOf("ZTS.Shared.", StringComparison.Ordinal) >= 0);
        }

        /// <summary>
        /// The value to throw into JS for e, caught by a JS -> C# entry of domain: the JS value e was made from
        /// when it is a TsException of this domain (an object, or a box the core's throw unwraps), else a new
        /// marked Error; a value that is not an object when nothing could be made (out of memory). Never throws.
        /// </summary>
        public static JsValue ThrowValueFor(JsDomain domain, Exception e)
        {
            var ts = e as TsException;
            var held = ts != null ? ts.HeldValue as HeldValue : null;
            if (held != null && held.Domain == domain && !domain.IsDisposed)
            {
                JsValue value;
                if (ZtsNative.zts_error_rethrow_value(domain.Handle, held.Ref, out value) == ZtsStatus.Ok) return value;
            }
            string stack;
            string message = Describe(e, out stack);
            return NewError(domain, message, stack, MarkOf(domain, e));
        }

        /// <summary>The exotic that marks an Error as made for e (seen as System.Object: no members of its own to bind);
        /// owned, undefined when it could not be made.</summary>
        internal static JsValue MarkOf(JsDomain domain, Exception e)
        {
            try
            {
                return domain.Push(e, Clr.TypeBinder.Declare(domain, typeof(object)));
            }
            catch (Exception)
            {
                return JsValue.Undefined; // unmarked: the exception still crosses as text
            }
        }

        /// <summary>A new JS Error object with message and `.csharpStack`, marked with the exotic of the C#
        /// exception (consumed; undefined for none), or a value that is not an object when it could not be made
        /// (out of memory); never throws.</summary>
        public static JsValue NewError(JsDomain domain, string message, string stack, JsValue exception)
        {
            var error = JsValue.Undefined;
            try
            {
                fixed (char* m = message)
                fixed (char* s = stack)
                {
                    ZtsNative.zts_error_new(domain.Handle, m, message.Length, s, stack.Length, exception, out error);
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
