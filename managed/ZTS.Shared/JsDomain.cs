using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// One live native domain (JSRuntime + main JSContext) as the shared managed layer sees it: its handle, owner
    /// thread, host loader and gated host functions.
    /// </summary>
    internal sealed unsafe class JsDomain
    {
        // Gated calls arrive with a JSContext*; the host cookie of module loads is a GCHandle to the domain.
        private static readonly Dictionary<IntPtr, JsDomain> ByContext = new Dictionary<IntPtr, JsDomain>();

        // The live domain of this thread: the one-compare fast path of CheckAccess (a Reset or another
        // thread both make it differ). Reading a [ThreadStatic] costs ~1 ns; Thread.CurrentThread ~6 ns.
        [ThreadStatic] internal static JsDomain ThreadDomain;

        // Host functions by id: an array, not a List, so that the gated call's lookup is an inlined array read (a
        // List<T> indexer of a reference type is a shared generic call on Mono).
        private HostFunction[] _hostFunctions = new HostFunction[64];
        private int _hostFunctionCount;
        private readonly int _ownerThread;
        private GCHandle _self;

        /// <summary>Creates the native domain with the backend's entry points and the host's loader.</summary>
        public JsDomain(IBridgeProvider bridges, Func<string, object> loader, TsAliasTable aliases)
        {
            Aliases = aliases;
            Bridges = bridges;
            IntPtr gate = bridges.EnsureNativeEntryPoints();
            Loader = loader;
            _ownerThread = Thread.CurrentThread.ManagedThreadId;
            _self = GCHandle.Alloc(this, GCHandleType.Normal);
            Handle = ZtsNative.zts_domain_new(GCHandle.ToIntPtr(_self), gate);
            if (Handle == IntPtr.Zero)
            {
                _self.Free();
                throw new OutOfMemoryException("zts: could not create the QuickJS runtime");
            }
            CallScratch = (JsValue*)Marshal.AllocHGlobal((CallScratchArgs + 1) * sizeof(JsValue));
            Registry.ReleasedPending = ZtsNative.zts_domain_release_counter(Handle);
            StructResult = ZtsNative.zts_domain_struct_result(Handle);
            Registry.DrainReleased = DrainReleasedObjects;
            Id = ZtsNative.zts_domain_id(Handle);
            Context = ZtsNative.zts_domain_context(Handle);
            ZtsNative.zts_domain_set_enumerator_step(Handle, AddHostFunction(Clr.EnumeratorStep.Step));
            lock (ByContext) ByContext[Context] = this;
            ThreadDomain = this;
        }

        /// <summary>Arguments a C# -> JS call may write into <see cref="CallScratch"/>: zts_function_call's own copy
        /// (k_call_copy_max).</summary>
        public const int CallScratchArgs = 16;

        /// <summary>Native memory for the arguments (CallScratchArgs slots) and the result (one slot after them) of a
        /// C# -> JS call whose arguments own no JS value (primitives only): the bridge needs no struct locals, which Mono
        /// zeroes on every call. Sharing it across nested calls is safe: zts_function_call copies up to CallScratchArgs
        /// arguments into its own frame before JS runs, writing them runs no JS, and it writes the result after the
        /// callee, nested calls included, has returned. Valid until Dispose; one domain, one thread.</summary>
        public readonly JsValue* CallScratch;

        /// <summary>How this backend makes bridges (the seam; see IBridgeProvider).</summary>
        public readonly IBridgeProvider Bridges;

        /// <summary>The native zts_domain*.</summary>
        public IntPtr Handle;

        /// <summary>The core's struct result buffer (zts_domain_struct_result): a member bridge writes a struct result
        /// there and returns ZTS_RESULT_STRUCT_TAG (CopyLayout.Result, and the Editor's emitted bridges in place).</summary>
        internal unsafe ZtsStructRef* StructResult;

        /// <summary>The domain's JSContext*.</summary>
        public IntPtr Context { get; private set; }

        /// <summary>Process-unique id, for zts_release_enqueue from finalizers.</summary>
        public uint Id { get; private set; }

        /// <summary>The host module loader.</summary>
        public Func<string, object> Loader { get; private set; }

        /// <summary>The exception the loader threw during the current import, if any (for InnerException).</summary>
        public Exception LastLoaderException { get; set; }

        /// <summary>True once torn down: every bridge bound to it throws ObjectDisposedException.</summary>
        public bool IsDisposed { get; private set; }

        /// <summary>Nesting depth of JS calls in progress (kept natively, so the call hot path does not count).</summary>
        public int CallDepth
        {
            get { return IsDisposed ? 0 : ZtsNative.zts_domain_call_depth(Handle); }
        }

        /// <summary>Bytes QuickJS still held when this domain's runtime was freed (0 when clean).</summary>
        public long LeakedBytes { get; private set; }

        /// <summary>The domain whose JSContext is ctx.</summary>
        public static JsDomain FromContext(IntPtr ctx)
        {
            // Almost always this thread's live domain: one [ThreadStatic] read instead of a lock and a lookup per
            // gated call. Dispose clears ThreadDomain and Context, so a stale domain never matches.
            JsDomain current = ThreadDomain;
            if (current != null && current.Context == ctx) return current;
            lock (ByContext)
            {
                JsDomain d;
                if (ByContext.TryGetValue(ctx, out d)) return d;
            }
            throw new InvalidOperationException("zts: a gated call arrived for an unknown JS context");
        }

        /// <summary>The domain behind a host cookie.</summary>
        public static JsDomain FromHost(IntPtr host)
        {
            return (JsDomain)GCHandle.FromIntPtr(host).Target;
        }

        /// <summary>Throws unless this domain is alive and the caller is on its thread.</summary>
        public void CheckAccess(string what)
        {
            if (ThreadDomain == this) return;
            if (IsDisposed)
                throw new ObjectDisposedException(what, "zts: " + what + " belongs to a domain that was Reset or torn down; call TsAppDomain.GetFunction again");
            if (Thread.CurrentThread.ManagedThreadId != _ownerThread)
                throw new InvalidOperationException("zts: " + what + " was called from thread " + Thread.CurrentThread.ManagedThreadId +
                                                    "; the domain belongs to thread " + _ownerThread);
        }

        /// <summary>Registers a host function and defines it at a dotted global path behind the gate.</summary>
        public void DefineFunction(string path, int length, int magic, HostFunction fn)
        {
            int id = AddHostFunction(fn);
            int rc = ZtsNative.zts_function_define_gated(Handle, ZtsNative.Utf8Z(path), length, magic, id);
            if (rc != ZtsStatus.Ok) throw TakeError(rc, path);
        }

        /// <summary>Registers a host function (a member bridge); returns the id the gate passes as data[0].</summary>
        public int AddHostFunction(HostFunction fn)
        {
            if (_hostFunctionCount == _hostFunctions.Length) Array.Resize(ref _hostFunctions, _hostFunctions.Length * 2);
            int id = _hostFunctionCount++;
            _hostFunctions[id] = fn;
            Bridges.Registered(this, id, fn);
            return id;
        }

        /// <summary>Final method names: [TsAlias] and the alias XML of TsSettings, read when the domain was made.</summary>
        public readonly TsAliasTable Aliases;

        /// <summary>The C# event subscriptions this domain's scripts made with JS functions, undone at teardown.</summary>
        public readonly ScriptSubscriptions Subscriptions = new ScriptSubscriptions();

        /// <summary>The script policy (TsSettings.Policy when the domain was made; null: everything reachable). See docs/POLICY.md.</summary>
        public TsScriptPolicy Policy;

        /// <summary>The WebSocket URL of this domain's script debugger, or null without one (ScriptRuntime.StartDebugger).</summary>
        public string DebuggerUrl;

        /// <summary>Promises of C# tasks and tasks of JS promises, settled by the frame pump.</summary>
        public ZTS.Shared.Tasks.TaskBridge Tasks
        {
            get { return _tasks ?? (_tasks = new ZTS.Shared.Tasks.TaskBridge(this)); }
        }

        private ZTS.Shared.Tasks.TaskBridge _tasks;

        /// <summary>The ObjectRegistry of this domain (10-LIFETIME §2).</summary>
        public readonly Clr.ObjectRegistry Registry = new Clr.ObjectRegistry();

        // The state below is grouped by owner, each clearing itself in Dispose. What every call reads stays a direct
        // member instead: ThreadDomain (CheckAccess), _hostFunctions (GetHostFunction) and Registry (the pushes).

        /// <summary>Core type ids of the CLR types shown to JS, both ways.</summary>
        public readonly Clr.TypeIdTable Types = new Clr.TypeIdTable();

        /// <summary>Generic bridges, Table atoms, enumerator steps and policy answers of this domain.</summary>
        public readonly Clr.BindingCaches Caches = new Clr.BindingCaches();

        /// <summary>The view obj is pushed under: the declared one, except an array declared Array/object (seen as
        /// its array type) and, under a policy, a runtime type the policy denies (its members then throw).</summary>
        private int ViewOf(object obj, int view)
        {
            if (obj is Array) view = Clr.ArrayView.Of(this, (Array)obj, view);
            if (Policy != null) view = Clr.PolicyGate.ViewFor(this, obj, view);
            return view;
        }

        /// <summary>Pushes obj to JS seen as type `view` (a core type id): the same JS object while JS holds it.</summary>
        public JsValue Push(object obj, int view)
        {
            int none = -1;
            return Push(obj, view, ref none);
        }

        /// <summary>Push for a caller that remembers the slot of the object it pushed last (lastSlot, updated): the same
        /// object again is found by one reference comparison instead of the identity hash (PushSiteResult's rule).</summary>
        public JsValue Push(object obj, int view, ref int lastSlot)
        {
            view = ViewOf(obj, view);
            Clr.CopyLayout copy = Clr.CopyLayout.ForPush(this, obj, view);
            if (copy != null) return copy.Push(this, obj, view); // a struct copy (10-LIFETIME §3.1): no slot
            int slot = lastSlot;
            if (!Registry.Holds(slot, obj, view)) lastSlot = slot = Registry.SlotOf(obj, view);
            JsValue result;
            int rc = ZtsNative.zts_object_push(Handle, view, slot, out result);
            if (rc != ZtsStatus.Ok) throw TakeError(rc, "push");
            return result;
        }

        /// <summary>
        /// The result of a member bridge that returns obj seen as `view`: registers it and asks the core, by the
        /// ZTS_RESULT_PUSH_TAG tag, to push it when the bridge has returned (one crossing instead of two).
        /// Only valid as a member bridge's return value; a fresh box (a struct copy) skips the identity table.
        /// </summary>
        public static JsValue PushResult(JsDomain d, object obj, int view, bool freshBox)
        {
            if (!freshBox) view = d.ViewOf(obj, view); // a struct copy is seen as its own (exact) type already
            Clr.CopyLayout copy = freshBox ? Clr.CopyLayout.ForPush(d, obj, view) : null;
            if (copy != null) return copy.Result(d, obj, view); // its bytes, no slot: the core makes the JS copy
            int slot = freshBox ? d.Registry.SlotOfFresh(obj) : d.Registry.SlotOf(obj, view);
            return PushTagOf(slot, view);
        }

        /// <summary>PushResult for an object result of member site s, which remembers the slot of its last result: a
        /// member that returns the same object again (a singleton, a cached component, a held object) finds its slot
        /// by one reference comparison, without the identity hash (RuntimeHelpers.GetHashCode costs Mono ~16 ns).
        /// Nothing is held by the site: a slot that was freed and reused no longer holds the object.</summary>
        public static JsValue PushSiteResult(JsDomain d, object obj, Bridges.MemberSite s)
        {
            int view = d.ViewOf(obj, s.ResultView);
            int slot = s.LastSlot;
            if (!d.Registry.Holds(slot, obj, view))
            {
                slot = d.Registry.SlotOf(obj, view);
                s.LastSlot = slot;
            }
            return PushTagOf(slot, view);
        }

        // ZTS_RESULT_PUSH_TAG: the core pushes slot seen as view once the bridge has returned (member_dispatch.cpp).
        private static JsValue PushTagOf(int slot, int view)
        {
            var r = new JsValue { Tag = JsValue.PushTag };
            r.Bits = JsValue.PushBits(slot, view);
            return r;
        }

        /// <summary>PushResult for an object just made by a constructor: registered without an identity lookup.</summary>
        public static JsValue PushNewResult(JsDomain d, object obj, int view)
        {
            view = d.ViewOf(obj, view);
            int slot = d.Registry.SlotOfNew(obj, view);
            return PushTagOf(slot, view);
        }

        /// <summary>A member bridge's result as a JS value: a ZTS_RESULT_PUSH_TAG result (PushResult) is pushed now.
        /// For bridges called from a gated function; the core's member dispatch does this itself.</summary>
        public JsValue Materialize(JsValue r)
        {
            JsValue result;
            int rc;
            if (r.Tag == JsValue.StructResultTag)
            {
                ZtsStructRef* s = (ZtsStructRef*)r.Ptr;
                rc = ZtsNative.zts_struct_new(Handle, s->TypeId, (void*)s->Bytes, out result);
                if (rc != ZtsStatus.Ok) throw TakeError(rc, "struct");
                return result;
            }
            if (r.Tag != JsValue.PushTag) return r;
            rc = ZtsNative.zts_object_push(Handle, JsValue.PushView(r.Bits), JsValue.PushSlot(r.Bits), out result);
            if (rc != ZtsStatus.Ok) throw TakeError(rc, "push");
            return result;
        }

        private readonly DelegateCache _delegates = new DelegateCache();

        /// <summary>
        /// The delegate of type t that calls JS function fn (10-LIFETIME §5.1): the same instance while it is
        /// alive, so remove_X(fn) finds what add_X(fn) added. The delegate keeps fn alive through a function
        /// ref; when it is collected, its finalizer queues the ref's release. Null when fn is not a function.
        /// </summary>
        public Delegate DelegateFor(JsValue fn, Type t)
        {
            var key = new KeyValuePair<IntPtr, Type>(fn.Ptr, t);
            Delegate alive = _delegates.Find(key);
            if (alive != null) return alive;
            int reference;
            if (ZtsNative.zts_function_ref(Handle, fn, out reference) != ZtsStatus.Ok) return null;
            char* origin;
            int n = ZtsNative.zts_function_origin(Handle, fn, out origin); // named when called after Reset
            var closure = new Bridges.FunctionClosure(this, reference, "JS function as " + Clr.TypeBinder.DisplayName(t), t,
                                                      n > 0 ? new string(origin, 0, n) : "");
            Delegate made = Bridges.BindDelegate(t, closure);
            _delegates.Add(key, made);
            return made;
        }

        /// <summary>Frees the registry slots whose exotics JS released (frame pump, domain thread).</summary>
        public int DrainReleasedObjects()
        {
            int total = 0;
            int* buffer = stackalloc int[256];
            while (true)
            {
                int n = ZtsNative.zts_object_take_released(Handle, buffer, 256);
                Registry.Release(buffer, n);
                total += n;
                if (n < 256) return total;
            }
        }

        /// <summary>The host function with the given gate data id.</summary>
        public HostFunction GetHostFunction(int id)
        {
            return _hostFunctions[id];
        }

        /// <summary>Builds the C# exception for a failed native call (status and zts_domain_error).</summary>
        public Exception TakeError(int status, string what)
        {
            ZtsErrorInfo info;
            ZtsNative.zts_domain_error(Handle, out info);
            string message = ZtsNative.FromUtf8(info.Message, info.MessageLen);
            string stack = ZtsNative.FromUtf8(info.Stack, info.StackLen);
            string name = ZtsNative.FromUtf8(info.Name, info.NameLen);
            message = ModuleHints.Explain(name, message); // a CommonJS script names ES modules and tsconfig
            Exception loaderException = LastLoaderException;
            LastLoaderException = null;
            // The C# exception a JS Error was made for: it comes back as the InnerException (SPEC_MAP D6).
            Exception original = info.ExceptionSlot >= 0 ? Registry.Get(info.ExceptionSlot) as Exception : null;
            if (status == ZtsStatus.Js)
            {
                var e = new TsException(message, name, stack, original);
                // Inside a JS -> C# call the TsException may cross back into JS: keep the thrown value to rethrow.
                if (info.ThrownRef > 0 && CallDepth > 0) ErrorBoundary.Hold(this, e, info.ThrownRef);
                else if (info.ThrownRef > 0) ZtsNative.zts_function_release(Handle, info.ThrownRef);
                return e;
            }
            if (info.ThrownRef > 0) ZtsNative.zts_function_release(Handle, info.ThrownRef);
            switch (status)
            {
                case ZtsStatus.ModuleLoad:
                    return new TsModuleLoadException(message, ZtsNative.FromUtf8(info.Specifier, info.SpecifierLen),
                                                     ZtsNative.FromUtf8(info.Importer, info.ImporterLen), stack, loaderException);
                case ZtsStatus.NoExport:
                case ZtsStatus.NotCallable:
                    return new TsBindException(message);
                default:
                    return new InvalidOperationException("zts: " + what + " failed with status " + status + (message.Length > 0 ? ": " + message : ""));
            }
        }

        /// <summary>Runs pending Promise jobs; an uncaught job error and unhandled rejections go to the console as errors.</summary>
        public void RunJobs()
        {
            ReportRejections();
            int rc = ZtsNative.zts_domain_run_jobs(Handle);
            if (rc == ZtsStatus.Js)
            {
                Exception e = TakeError(rc, "a Promise job");
                TsConsole.Enqueue(TsLogLevel.Error, "zts: uncaught exception in a Promise job: " + e.Message +
                                                    (((TsException)e).JsStack.Length > 0 ? "\n" + ((TsException)e).JsStack : ""));
            }
            ReportRejections();
        }

        private void ReportRejections()
        {
            char* chars;
            int n;
            while ((n = ZtsNative.zts_domain_take_rejection(Handle, out chars)) > 0)
                TsUnhandledRejectionException.Report(new string(chars, 0, n)); // logged or thrown by TsFramePump (TsSettings)
        }

        /// <summary>Tears down (10-LIFETIME §7.2): drain the release queue, close registries, free context and runtime.</summary>
        public void Dispose()
        {
            if (IsDisposed) return;
            // Waiting tasks fail first: their continuations may still turn C# tasks into promises (ToPromise), which
            // Forget then removes from those tasks with the rest.
            if (_tasks != null) _tasks.AbandonWaiting();
            if (_tasks != null) _tasks.Forget();
            ZtsNative.zts_domain_drain_releases(Handle);
            DrainReleasedObjects();
            IsDisposed = true; // from here on every bridge of this domain throws ObjectDisposedException
            if (ThreadDomain == this) ThreadDomain = null;
            lock (ByContext) ByContext.Remove(Context);
            Registry.Clear(); // registries before the context (10-LIFETIME §7.2)
            Registry.ReleasedPending = null; // freed with the domain
            LeakedBytes = ZtsNative.zts_domain_free(Handle);
            Types.Clear();
            Caches.Clear();
            Handle = IntPtr.Zero;
            Context = IntPtr.Zero;
            _hostFunctions = new HostFunction[0];
            _hostFunctionCount = 0;
            if (_self.IsAllocated) _self.Free();
            Marshal.FreeHGlobal((IntPtr)CallScratch); // a bridge of this domain stops at its check (IsDisposed) from now on
        }
    }
}
