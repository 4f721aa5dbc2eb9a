using System;
using System.Threading;

namespace ZTS
{
    /// <summary>
    /// The host's one entry point (01-HOST-API §1): Initialize once, GetFunction for C# -> JS calls, and
    /// Reset to rebuild the whole script world (applied at the frame pump's EndOfFrame). All calls except
    /// <see cref="Interrupt"/> must come from the thread that called Initialize.
    /// </summary>
    public static class TsAppDomain
    {
        private static volatile ITsRuntime _runtime;
        private static int _ownerThread;
        private static bool _resetReserved;
        private static Func<string, object> _resetLoader;
        private static bool _resettingRaised;

        /// <summary>
        /// Raised at <see cref="TsFramePump.EndOfFrame"/> just before a reserved Reset tears the domain down:
        /// on the owner thread, outside any JS call, with JS still callable. Release here what C# keeps of the old
        /// scripts (delegates from GetFunction or from JS functions), or call a script's cleanup export. Handlers run in
        /// subscription order; one that throws is logged as a TsConsole error and stops neither the others nor the
        /// Reset. Once per applied Reset. Then the scripts' <c>zts.on_reset</c> hooks run (registration order), then
        /// every JS function a script added to a C# event (add_X) and did not remove is removed (remove_X), then the
        /// domain is torn down.
        /// </summary>
        public static event Action Resetting;

        /// <summary>True once Initialize has succeeded.</summary>
        public static bool IsInitialized
        {
            get { return _runtime != null; }
        }

        /// <summary>True while a Reset is reserved and not yet applied by <see cref="TsFramePump.EndOfFrame"/>.</summary>
        public static bool IsResetPending
        {
            get { return _resetReserved; }
        }

        /// <summary>The backend in use (null before Initialize).</summary>
        public static ITsRuntime Runtime
        {
            get { return _runtime; }
        }

        /// <summary>
        /// Creates the JS runtime and main context with the host's module loader (specifier -> source as
        /// <c>string</c> or UTF-8 <c>byte[]</c>). Throws when already initialized: use Reset. In Unity (play mode)
        /// it also creates the frame pump, <c>TsFramePumpBehaviour</c>, which lives across scene loads; a headless
        /// host calls <see cref="TsFramePump"/> itself.
        /// </summary>
        public static void Initialize(Func<string, object> moduleLoader)
        {
            if (moduleLoader == null) throw new ArgumentNullException("moduleLoader");
            if (_runtime != null)
            {
                CheckThread();
                throw new InvalidOperationException("zts: TsAppDomain is already initialized; use TsAppDomain.Reset to rebuild it");
            }
            ITsRuntime runtime = TsBackend.Create();
            runtime.Initialize(moduleLoader);
            _ownerThread = Thread.CurrentThread.ManagedThreadId;
            _runtime = runtime;
#if UNITY_5_3_OR_NEWER
            TsFramePumpBehaviour.EnsureCreated(); // 01-HOST-API §1.4: Initialize registers the frame pump
#endif
        }

        /// <summary>
        /// Reserves a teardown and rebuild with a new loader (01-HOST-API §1.2). Nothing happens now; the
        /// frame pump's EndOfFrame applies it (raising <see cref="Resetting"/> first). Several reservations: the last
        /// loader wins. Safe inside a C# <-> JS call. After it is applied, every delegate from GetFunction, and every
        /// delegate made from a JS function that C# still holds, throws ObjectDisposedException.
        /// </summary>
        public static void Reset(Func<string, object> moduleLoader)
        {
            if (moduleLoader == null) throw new ArgumentNullException("moduleLoader");
            CheckInitialized();
            CheckThread();
            _resetLoader = moduleLoader;
            _resetReserved = true;
        }

        /// <summary>
        /// Binds the named export <paramref name="jsExportName"/> of module <paramref name="jsModule"/>
        /// (a canonical specifier such as "app" or "game/logic") as a delegate of type T (01-HOST-API §2).
        /// </summary>
        public static T GetFunction<T>(string jsModule, string jsExportName) where T : class
        {
            if (!typeof(MulticastDelegate).IsAssignableFrom(typeof(T)) || typeof(T) == typeof(MulticastDelegate))
                throw new TsBindException("zts: GetFunction<" + typeof(T).FullName + ">: T must be a concrete delegate type");
            if (string.IsNullOrEmpty(jsModule)) throw new ArgumentException("zts: jsModule must be a non-empty module specifier", "jsModule");
            if (string.IsNullOrEmpty(jsExportName)) throw new ArgumentException("zts: jsExportName must be a non-empty export name", "jsExportName");
            // The core takes C strings, so "m\0evil" would silently bind "m".
            if (jsModule.IndexOf('\0') >= 0) throw new ArgumentException("zts: jsModule contains a NUL character", "jsModule");
            if (jsExportName.IndexOf('\0') >= 0) throw new ArgumentException("zts: jsExportName contains a NUL character", "jsExportName");
            CheckInitialized();
            CheckThread();
            return (T)(object)_runtime.GetFunction(typeof(T), jsModule, jsExportName);
        }

        /// <summary>
        /// Stops the JS running now with an uncatchable interrupt: it reaches C# as a <see cref="TsException"/>
        /// whose message starts "zts: script interrupted" (<see cref="TsException.IsInterrupt"/>), and the domain
        /// keeps working. The one API that is safe from any thread (a watchdog); no effect when no JS runs.
        /// </summary>
        public static void Interrupt()
        {
            ITsRuntime runtime = _runtime;
            if (runtime != null) runtime.Interrupt();
        }

        /// <summary>
        /// Where the current domain's script debugger listens (<c>ws://127.0.0.1:PORT/ID</c>), or null when
        /// <see cref="TsSettings.DebuggerPort"/> is 0 (docs/DEBUGGING.md). It is also printed to stderr, as node does.
        /// </summary>
        public static string DebuggerUrl
        {
            get
            {
                ITsRuntime runtime = _runtime;
                return runtime == null ? null : runtime.DebuggerUrl;
            }
        }

        /// <summary>Releases JS references queued by finalizers (driven by TsFramePump.LateUpdate).</summary>
        internal static void ProcessPendingRefReleases()
        {
            if (_runtime == null) return;
            CheckThread();
            _runtime.ProcessPendingRefReleases();
        }

        /// <summary>Runs the scripts' timers due at host time nowMs (driven by TsFramePump.LateUpdate).</summary>
        internal static void AdvanceTimers(double nowMs)
        {
            if (_runtime == null) return;
            CheckThread();
            var timers = _runtime as ITsRuntimeTimers;
            if (timers != null) timers.AdvanceTimers(nowMs);
        }

        /// <summary>Applies a reserved Reset (driven by TsFramePump.EndOfFrame); returns whether one was applied.</summary>
        internal static bool ApplyPendingReset()
        {
            if (_runtime == null) return false;
            CheckThread(); // also without a Reset: EndOfFrame flushes the console next, which belongs to this thread
            if (!_resetReserved) return false;
            // A Resetting handler that calls EndOfFrame would apply the Reset inside the one being applied (and the
            // outer one then failed with ArgumentNullException 'moduleLoader'): it gets a text that says so, which the
            // handler boundary logs, and the outer Reset goes on (tests/managed/TextsTests.cs).
            if (_applyingReset)
                throw new InvalidOperationException("zts: TsFramePump.EndOfFrame was called inside a TsAppDomain.Resetting handler; " +
                                                    "the Reset being applied goes on when the handlers return");
            _applyingReset = true;
            try
            {
                if (!_resettingRaised)
                {
                    _resettingRaised = true; // once per reservation, also when the Reset below is refused and retried
                    RaiseResetting();
                }
            }
            finally
            {
                _applyingReset = false;
            }
            _runtime.Reset(_resetLoader); // throws (and stays reserved) when applied inside a C# -> JS call
            _resetReserved = false;
            _resetLoader = null;
            _resettingRaised = false;
            return true;
        }

        private static bool _applyingReset; // the Resetting handlers run (ApplyPendingReset)

        private static void RaiseResetting()
        {
            Action handlers = Resetting;
            if (handlers == null) return;
            foreach (Delegate handler in handlers.GetInvocationList())
            {
                try
                {
                    ((Action)handler)();
                }
                catch (Exception e)
                {
                    TsConsole.Enqueue(TsLogLevel.Error, TsResetTexts.Threw("a TsAppDomain.Resetting handler", e));
                }
            }
            TsConsole.Flush();
        }

        /// <summary>Tears the domain down and forgets the backend (tests and tools; not host API). Returns leaked QuickJS bytes.</summary>
        internal static long Shutdown()
        {
            if (_runtime == null) return 0;
            CheckThread();
            var teardown = _runtime as ITsRuntimeTeardown;
            long leaked = teardown != null ? teardown.Shutdown() : 0;
            _runtime = null;
            _resetReserved = false;
            _resetLoader = null;
            _resettingRaised = false;
            return leaked;
        }

        private static void CheckInitialized()
        {
            if (_runtime == null)
                throw new InvalidOperationException("zts: TsAppDomain is not initialized; call TsAppDomain.Initialize(loader) first");
        }

        private static void CheckThread()
        {
            if (Thread.CurrentThread.ManagedThreadId != _ownerThread)
                throw new InvalidOperationException("zts: TsAppDomain was initialized on thread " + _ownerThread +
                                                    " and cannot be used from thread " + Thread.CurrentThread.ManagedThreadId);
        }
    }
}
