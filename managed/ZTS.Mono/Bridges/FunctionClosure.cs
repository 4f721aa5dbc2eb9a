using ZTS.Mono.Native;

namespace ZTS.Mono.Bridges
{
    /// <summary>
    /// The target object of a delegate returned by GetFunction: one JS function ref of one domain. The
    /// emitted bridge calls Enter, writes arguments, Invoke, reads the result, and Leave in a finally.
    /// When the delegate is collected, the finalizer queues the ref's release (10-LIFETIME §5): the frame
    /// pump frees it on the domain thread; a ref of a domain already gone is ignored natively.
    /// </summary>
    internal sealed unsafe class FunctionClosure
    {
        internal readonly MonoDomain Domain;
        internal readonly int Ref;
        internal readonly string Name;

        internal FunctionClosure(MonoDomain domain, int reference, string name)
        {
            Domain = domain;
            Ref = reference;
            Name = name;
        }

        ~FunctionClosure()
        {
            ZtsNative.zts_release_enqueue(Domain.Id, Ref); // thread-safe; never touches QuickJS
        }

        /// <summary>Checks thread and liveness, then reserves argc argument slots.</summary>
        internal JsValue* Enter(int argc)
        {
            MonoDomain d = Domain;
            d.CheckAccess(Name);
            return d.PushArgs(argc);
        }

        /// <summary>Calls the JS function; the arguments are consumed; throws TsException when JS threw.</summary>
        internal JsValue Invoke(JsValue* argv, int argc)
        {
            MonoDomain d = Domain;
            JsValue result;
            d.CallDepth++;
            int rc = ZtsNative.zts_function_call(d.Handle, Ref, argc, argv, out result);
            d.CallDepth--;
            if (d.CallDepth == 0 && TsConsole.HasPending) TsConsole.Flush();
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, Name);
            return result;
        }

        /// <summary>Releases the argument slots (finally block of every bridge).</summary>
        internal void Leave(JsValue* argv, int argc)
        {
            Domain.PopArgs(argv, argc);
        }
    }
}
