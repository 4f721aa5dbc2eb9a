using System;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// The ITsRuntime of every backend (01-HOST-API §1-2): domain creation and Reset, GetFunction, the frame
    /// pump's work, teardown. A backend derives from it and supplies only its IBridgeProvider; everything
    /// here is backend-neutral.
    /// </summary>
    public abstract class ScriptRuntime : ITsRuntime, ITsRuntimeTeardown, ITsRuntimeTimers
    {
        private readonly IBridgeProvider _bridges;
        private readonly string _backendName;
        private volatile JsDomain _domain;
        private TsLimits _limits;   // the limits the current domain was made with (known to make a domain)
        private bool _tearingDown;  // Teardown runs C# (hooks' callees, remove_X, task continuations) that may Reset

        /// <summary>The live runtime (the one TsAppDomain created last), or null.</summary>
        internal static ScriptRuntime Current { get; private set; }

        internal ScriptRuntime(string backendName, IBridgeProvider bridges)
        {
            _backendName = backendName;
            _bridges = bridges;
            BridgeProvider.Register(bridges);
        }

        /// <summary>Bytes QuickJS leaked at the last teardown (0 when clean; tests assert it).</summary>
        public long LastTeardownLeakedBytes { get; private set; }

        /// <summary>Number of domains torn down by Reset so far.</summary>
        public int ResetCount { get; private set; }

        internal JsDomain Domain
        {
            get { return _domain; }
        }

        /// <inheritdoc />
        public void Initialize(Func<string, object> moduleLoader)
        {
            if (moduleLoader == null) throw new ArgumentNullException("moduleLoader");
            if (_domain != null) throw new InvalidOperationException("zts: the " + _backendName + " runtime is already initialized; use Reset");
            TsMarshalXml.Current = TsMarshalXml.Load(TsSettings.MarshalXmlPaths);
            TsLimits limits = TsLimits.FromSettings(); // throws on a bad setting before anything is made
            _domain = CreateDomain(moduleLoader, TsAliasTable.Load(TsSettings.AliasXmlPaths), limits);
            _limits = limits;
            Current = this;
        }

        /// <inheritdoc />
        public void Reset(Func<string, object> moduleLoader)
        {
            if (moduleLoader == null) throw new ArgumentNullException("moduleLoader");
            if (_domain == null && !_tearingDown) throw new InvalidOperationException("zts: the " + _backendName + " runtime is not initialized");
            if (_domain != null) _domain.CheckAccess("Reset");
            // CallDepth counts every stretch where the core runs script code, not only calls (native/core/runtime/script_scope.h):
            // error capture, conversions, promise machinery, jobs, timers, reset hooks.
            if (_domain != null && _domain.CallDepth > 0)
                throw new InvalidOperationException("zts: a Reset cannot be applied inside a C# -> JS call; it stays reserved until EndOfFrame runs outside JS");
            if (_tearingDown)
                throw new InvalidOperationException("zts: a Reset cannot be applied while the domain is being torn down; it stays reserved until EndOfFrame runs after the teardown");
            // What can fail before the new domain exists is checked while the old one still stands: a failure here
            // leaves the old domain working and the Reset reserved (tests Scope_Reset_*Limit_KeepsTheDomain).
            TsAliasTable aliases = TsAliasTable.Load(TsSettings.AliasXmlPaths);
            TsMarshalXml marshal = TsMarshalXml.Load(TsSettings.MarshalXmlPaths);
            TsLimits limits = TsLimits.FromSettings();
            TsMarshalXml.Current = marshal;
            try
            {
                Teardown();
            }
            finally
            {
                // Reset never leaves the process without a domain, whatever the teardown's C# callees threw.
                _domain = CreateAfterTeardown(moduleLoader, aliases, limits);
                ResetCount++;
            }
        }

        // The new domain of a Reset, made after the old one is gone. Settings were checked before the teardown; when
        // the domain still cannot be made with them (a heap limit too small for the runtime itself), it is made with
        // the limits the old domain had and the failure is logged, so the host keeps a domain.
        private JsDomain CreateAfterTeardown(Func<string, object> loader, TsAliasTable aliases, TsLimits limits)
        {
            try
            {
                JsDomain d = CreateDomain(loader, aliases, limits);
                _limits = limits;
                return d;
            }
            catch (Exception e)
            {
                if (_limits == null || ReferenceEquals(_limits, limits)) throw;
                TsConsole.Enqueue(TsLogLevel.Error, "zts: the Reset could not make a domain with the current TsSettings limits, so it kept the previous ones: " + e.Message);
                return CreateDomain(loader, aliases, _limits);
            }
        }

        /// <inheritdoc />
        public void ProcessPendingRefReleases()
        {
            if (_domain == null) return;
            _domain.CheckAccess("ProcessPendingRefReleases");
            if (_domain.DebuggerUrl != null) ZtsNative.zts_debugger_service(_domain.Handle); // the client's requests since the last frame
            ZtsNative.zts_domain_drain_releases(_domain.Handle);
            _domain.DrainReleasedObjects();
            _domain.Tasks.SettleCompletedTasks(); // C# tasks completed on any thread settle their promises here
            _domain.RunJobs();
            _domain.Tasks.CompleteSettledPromises();
        }

        /// <summary>Runs the timers due at nowMs (TsFramePump.LateUpdate, after ProcessPendingRefReleases), then completes
        /// the C# tasks of the promises they settled.</summary>
        void ITsRuntimeTimers.AdvanceTimers(double nowMs)
        {
            if (_domain == null) return;
            _domain.CheckAccess("AdvanceTimers");
            if (Timers.TimerPump.Run(_domain, nowMs) > 0) _domain.Tasks.CompleteSettledPromises();
        }

        /// <summary>Pending setTimeout/setInterval timers of the current domain (timer tests).</summary>
        internal int PendingTimers
        {
            get { return ZtsNative.zts_timers_count(_domain.Handle); }
        }

        /// <inheritdoc />
        public string DebuggerUrl
        {
            get { return _domain == null ? null : _domain.DebuggerUrl; }
        }

        /// <inheritdoc />
        public void Interrupt()
        {
            JsDomain d = _domain; // any thread: the id is immutable; a torn-down domain is simply not found
            if (d != null) ZtsNative.zts_domain_interrupt(d.Id);
        }

        /// <inheritdoc />
        public Delegate GetFunction(Type delegateType, string jsModule, string jsExportName)
        {
            if (delegateType == null) throw new ArgumentNullException("delegateType");
            if (string.IsNullOrEmpty(jsModule)) throw new ArgumentException("zts: jsModule must be a non-empty module specifier", "jsModule");
            if (string.IsNullOrEmpty(jsExportName)) throw new ArgumentException("zts: jsExportName must be a non-empty export name", "jsExportName");
            if (_domain == null) throw new InvalidOperationException("zts: the " + _backendName + " runtime is not initialized");
            _domain.CheckAccess("GetFunction");
            if (jsModule.StartsWith("csharp:", StringComparison.Ordinal))
                throw new TsBindException("zts: GetFunction cannot bind '" + jsExportName + "' of type module '" + jsModule + "': csharp: modules export types, not functions");
            _bridges.CheckDelegate(delegateType); // fail loudly before touching JS

            JsDomain d = _domain;
            // The module may be evaluated now, and the timers it sets count from now: the domain's timer clock is the
            // host's clock of the last pump, and a new domain's starts at 0, so after a Reset a top-level
            // setTimeout(f, 1000) was due at once (fired at the first LateUpdate, 13 ms later; test
            // Timers_FramePump Timers_Reset_TopLevelTimeoutCountsFromItsLoad). Not inside a JS call: a timer pass may be
            // running, and its clock stays the pass's.
            if (d.CallDepth == 0) ZtsNative.zts_timers_advance(d.Handle, TsFramePump.Now);
            int reference;
            int rc = ZtsNative.zts_module_get_function(d.Handle, ZtsNative.Utf8Z(jsModule), ZtsNative.Utf8Z(jsExportName), out reference);
            if (TsConsole.HasPending && d.CallDepth == 0) TsConsole.Flush(); // module evaluation may have logged
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, jsModule + "." + jsExportName);
            return _bridges.BindDelegate(delegateType, new FunctionClosure(d, reference, jsModule + "." + jsExportName, delegateType));
        }

        /// <summary>Defines a gated global function whose arguments and result follow the `object` rule (null, bool,
        /// int or double, string; a result of another type is undefined). For tests and hosts' glue.</summary>
        internal void DefineGlobalFunction(string path, Func<object[], object> fn)
        {
            _domain.CheckAccess("DefineGlobalFunction");
            PrimitiveFunction.Define(_domain, path, fn);
        }

        /// <summary>Objects in the current domain's ObjectRegistry (lifetime tests).</summary>
        internal int RegisteredObjects
        {
            get { return _domain.Registry.Count; }
        }

        /// <summary>Live refs of the current domain: functions held by delegates, thrown values held by TsExceptions
        /// (lifetime tests).</summary>
        internal int LiveRefs
        {
            get { return ZtsNative.zts_domain_ref_count(_domain.Handle); }
        }

        /// <summary>Live exotics of the current domain (lifetime tests).</summary>
        internal int LiveExotics
        {
            get { return ZtsNative.zts_object_live_count(_domain.Handle); }
        }

        /// <summary>Live struct copies of the current domain (lifetime tests; 10-LIFETIME §3.1).</summary>
        internal int LiveStructCopies
        {
            get { return ZtsNative.zts_struct_live_count(_domain.Handle); }
        }

        /// <summary>Runs QuickJS's cycle collector on the current domain (lifetime tests).</summary>
        internal void CollectJsGarbage()
        {
            ZtsNative.zts_domain_gc(_domain.Handle);
        }

        /// <summary>Live function refs of the current domain (lifetime tests).</summary>
        internal int LiveFunctionRefs
        {
            get { return ZtsNative.zts_domain_ref_count(_domain.Handle); }
        }

        private JsDomain CreateDomain(Func<string, object> loader, TsAliasTable aliases, TsLimits limits)
        {
            var d = new JsDomain(_bridges, loader, aliases);
            d.Policy = TsSettings.Policy;
            try
            {
                ApplyLimits(d, limits);
                ConsoleBinding.Install(d);
                ZtsHelpers.Install(d);
                ObjectText.Install(d);
                StartDebugger(d);
            }
            catch
            {
                d.Dispose();
                throw;
            }
            return d;
        }

        // The script debugger (docs/DEBUGGING.md), before any module loads, so that the client sees every script.
        private static unsafe void StartDebugger(JsDomain d)
        {
            int port = TsSettings.DebuggerPort;
            if (port == 0) return;
            if (port < -1 || port > 65535)
                throw new ArgumentOutOfRangeException("DebuggerPort", port, "zts: TsSettings.DebuggerPort must be 0 (no debugger), -1 (any free port) or a port 1-65535");
            string host = TsSettings.DebuggerHost;
            int rc;
            if (string.IsNullOrEmpty(host))
            {
                rc = ZtsNative.zts_debugger_start(d.Handle, port == -1 ? 0 : port);
            }
            else
            {
                fixed (byte* h = ZtsNative.Utf8Z(host)) rc = ZtsNative.zts_debugger_listen(d.Handle, h, port == -1 ? 0 : port);
            }
            if (rc < 0) throw d.TakeError(rc, "debugger");
            d.DebuggerUrl = ZtsNative.FromUtf8Z(ZtsNative.zts_debugger_url(d.Handle));
            // node's words, which tools that start a debuggee and wait for its URL look for (docs/DEBUGGING.md).
            Console.Error.WriteLine("Debugger listening on " + d.DebuggerUrl);
            if (ZtsNative.zts_debugger_exposed(d.Handle) == 1)
            {
                // As node's SecurityWarning for --inspect=0.0.0.0: the protocol evaluates whatever a client sends.
                Console.Error.WriteLine("zts: warning: the debugger listens on " + host + ", which other machines can reach: anyone who " +
                                        "connects can run any code in this process (docs/DEBUGGING.md, \"Who can attach\")");
            }
            Console.Error.Flush();
            if (TsSettings.DebuggerWaitForClient)
            {
                Console.Error.WriteLine("zts: waiting for the debugger to attach and run (--inspect-brk)");
                ZtsNative.zts_debugger_wait(d.Handle);
            }
        }

        private static void ApplyLimits(JsDomain d, TsLimits limits)
        {
            ZtsNative.zts_domain_set_call_budget(d.Handle, limits.CallBudgetMicroseconds);
            ZtsNative.zts_domain_set_job_limit(d.Handle, limits.MaxJobsPerPump);
            if (limits.HeapLimitBytes > 0) ZtsNative.zts_domain_set_memory_limit(d.Handle, limits.HeapLimitBytes);
            if (limits.StackSizeBytes > 0)
            {
                // Checked against the thread's real stack (the core's default already is): more would overflow natively
                // before QuickJS's RangeError. Capped with a warning rather than refused, so a Reset keeps a domain.
                long bytes = limits.StackSizeBytes;
                long max = ZtsNative.zts_thread_max_stack_size();
                if (max > 0 && bytes > max)
                {
                    TsConsole.Enqueue(TsLogLevel.Warn, "zts: TsSettings.StackSizeBytes " + bytes + " is more than the stack of the thread that runs the domain " +
                                                       "leaves from here (" + max + " bytes): the domain uses " + max);
                    bytes = max;
                }
                ZtsNative.zts_domain_set_stack_size(d.Handle, bytes);
            }
        }

        private void Teardown()
        {
            JsDomain old = _domain;
            _tearingDown = true;
            try
            {
                ResetHooks.Run(old); // zts.on_reset hooks, then script event subscriptions removed (docs/USAGE.md, "Hot reload: the dev loop")
            }
            finally
            {
                _domain = null;
                try
                {
                    old.Dispose();
                }
                finally
                {
                    _tearingDown = false;
                }
            }
            LastTeardownLeakedBytes = old.LeakedBytes;
            if (old.LeakedBytes != 0)
                TsConsole.Enqueue(TsLogLevel.Error, "zts: QuickJS leaked " + old.LeakedBytes + " bytes at JS_FreeRuntime");
        }

        /// <summary>Tears the domain down for good (tests and tools); not part of the host API (no Shutdown there).</summary>
        long ITsRuntimeTeardown.Shutdown()
        {
            if (_domain == null) return LastTeardownLeakedBytes;
            Teardown();
            if (Current == this) Current = null;
            return LastTeardownLeakedBytes;
        }
    }
}
