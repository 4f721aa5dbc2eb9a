using System;
using System.Collections.Generic;
using System.IO;
using ZTS;

namespace ZTS.Samples.QuickStart
{
    /// <summary>
    /// The quick start's script host, plain C# so it runs without Unity too (the package's CI runs it headless and
    /// compares its output with ztsrun's: tests/unity/samples_check.sh). It loads a folder of compiled scripts with
    /// <see cref="TsFileLoader"/>, binds a module's <c>start</c>, <c>tick</c> and optional <c>dispose</c> exports
    /// (the protocol of ztsrun), and reloads the scripts when the folder's files change.
    /// <see cref="ZtsQuickStart"/> drives it from a MonoBehaviour.
    /// </summary>
    public sealed class ZtsScriptHost : IDisposable
    {
        // How often PollForChanges looks at the folder, and how long it waits for writes to settle before a reload
        // (tsc writes each .js and .map in turn).
        private const double PollSeconds = 0.5;
        private const double QuietSeconds = 0.3;

        private readonly TsFileLoader _loader;
        private readonly Action<string> _logError;
        private Action<float> _tick;
        private Action _dispose;
        private bool _rebind;
        private bool _started;
        private bool _disposed;
        private int _loads;
        private Dictionary<string, DateTime> _stamps;
        private double _lastPoll = double.NegativeInfinity;
        private double? _changedAt;

        /// <summary>
        /// A host for the module <paramref name="module"/> (a canonical specifier: "main", "arena/main") of the
        /// compiled scripts in <paramref name="folder"/>; <paramref name="logError"/> receives the failures.
        /// </summary>
        public ZtsScriptHost(string folder, string module, Action<string> logError)
        {
            if (folder == null) throw new ArgumentNullException("folder");
            if (string.IsNullOrEmpty(module)) throw new ArgumentException("zts: the quick start needs a module name", "module");
            _loader = new TsFileLoader(folder);
            Module = module;
            _logError = logError ?? (text => Console.Error.WriteLine(text));
        }

        /// <summary>The folder of compiled scripts.</summary>
        public string Folder { get { return _loader.Directory; } }

        /// <summary>The module whose exports run.</summary>
        public string Module { get; private set; }

        /// <summary>True while a tick function is bound (false before Start and while the scripts are broken).</summary>
        public bool IsRunning { get { return _tick != null; } }

        /// <summary>How many times the scripts were bound (1 after Start, one more per reload).</summary>
        public int Loads { get { return _loads; } }

        /// <summary>
        /// Creates the script world (or, when another host already made one, reserves its rebuild with this host's
        /// loader), then binds the module and calls its <c>start</c> export.
        /// </summary>
        public void Start()
        {
            if (_started) throw new InvalidOperationException("zts: the script host has started already");
            if (!Directory.Exists(Folder))
                throw new DirectoryNotFoundException("zts: no compiled scripts in " + Path.GetFullPath(Folder) +
                    ": compile the TypeScript project (Tools > ZTS > Compile TypeScript, or npm run build in it)");
            _started = true;
            TsAppDomain.Resetting += OnResetting;
            _stamps = Snapshot();
            if (TsAppDomain.IsInitialized)
            {
                // Play mode without a domain reload (Enter Play Mode Options) keeps the last session's world.
                TsAppDomain.Reset(_loader.Load);
                return;
            }
            TsAppDomain.Initialize(_loader.Load);
            Bind();
        }

        /// <summary>Calls the module's <c>tick</c> export (first binding the scripts again after a reload).</summary>
        public void Tick(float dt)
        {
            if (_rebind && !TsAppDomain.IsResetPending)
            {
                _rebind = false;
                Bind();
            }
            if (_tick == null) return;
            try
            {
                _tick(dt);
            }
            catch (TsException e)
            {
                // Stops ticking until the next change: a broken tick would log the same error every frame.
                _tick = null;
                Fail(Module + ".tick threw: " + e.Message, e.JsStack);
            }
        }

        /// <summary>
        /// Looks for changed, added or removed script files (at most every half second of <paramref name="now"/>,
        /// in seconds) and, once the folder has been quiet for a moment, reserves a reload; returns true when it did.
        /// The frame pump applies it at the end of the frame, and the next <see cref="Tick"/> binds the new scripts.
        /// </summary>
        public bool PollForChanges(double now)
        {
            if (!_started || _disposed) return false;
            if (now - _lastPoll >= PollSeconds)
            {
                _lastPoll = now;
                Dictionary<string, DateTime> stamps = Snapshot();
                if (!Same(stamps, _stamps))
                {
                    _stamps = stamps;
                    _changedAt = now;
                }
            }
            if (!_changedAt.HasValue || now - _changedAt.Value < QuietSeconds) return false;
            _changedAt = null;
            Reload();
            return true;
        }

        /// <summary>Reserves a reload of the scripts now (applied at the end of the frame).</summary>
        public void Reload()
        {
            if (!_started || _disposed) return;
            TsAppDomain.Reset(_loader.Load);
        }

        /// <summary>Calls the module's <c>dispose</c> export and stops ticking; the script world stays for others.</summary>
        public void Dispose()
        {
            if (_disposed) return;
            _disposed = true;
            TsAppDomain.Resetting -= OnResetting;
            CallDispose();
            _tick = null;
        }

        // TsAppDomain.Resetting: the old scripts' dispose runs while they are still alive; the new ones bind at the
        // next Tick.
        private void OnResetting()
        {
            CallDispose();
            _tick = null;
            _rebind = true;
        }

        private void CallDispose()
        {
            Action dispose = _dispose;
            _dispose = null;
            if (dispose == null) return;
            try
            {
                dispose();
            }
            catch (TsException e)
            {
                Fail(Module + ".dispose threw: " + e.Message, e.JsStack);
            }
        }

        // Binds tick, dispose and start. On a reload the new code's own dispose runs before its start, as ztsrun does
        // (managed/ZTS.Run/Runner.cs): the dispose that ran in OnResetting was the old code's, which may not undo what
        // the new start is about to do again (C# statics and objects outlive the scripts).
        private void Bind()
        {
            bool reload = ++_loads > 1;
            Action start;
            try
            {
                _tick = TsAppDomain.GetFunction<Action<float>>(Module, "tick");
                _dispose = Optional(Module, "dispose");
                start = Optional(Module, "start");
            }
            catch (TsException e)
            {
                _tick = null;
                _dispose = null;
                Fail("cannot load " + Module + ": " + e.Message + " (fix the scripts: the next change reloads them)", e.JsStack);
                return;
            }
            try
            {
                if (reload && _dispose != null) _dispose();
                if (start != null) start();
            }
            catch (TsException e)
            {
                _tick = null;
                Fail(Module + ".start threw: " + e.Message, e.JsStack);
            }
        }

        private static Action Optional(string module, string export)
        {
            try
            {
                return TsAppDomain.GetFunction<Action>(module, export);
            }
            catch (TsBindException)
            {
                return null; // no such export: nothing to call
            }
        }

        private void Fail(string message, string jsStack)
        {
            _logError("zts: " + message + (string.IsNullOrEmpty(jsStack) ? "" : "\n" + jsStack.TrimEnd()));
        }

        // The scripts' files and their write times (.js, .mjs and source maps; npm packages under node_modules too).
        private Dictionary<string, DateTime> Snapshot()
        {
            var stamps = new Dictionary<string, DateTime>(StringComparer.Ordinal);
            if (!Directory.Exists(Folder)) return stamps;
            foreach (string file in Directory.GetFiles(Folder, "*", SearchOption.AllDirectories))
            {
                if (file.EndsWith(".js", StringComparison.Ordinal) || file.EndsWith(".mjs", StringComparison.Ordinal) ||
                    file.EndsWith(".map", StringComparison.Ordinal))
                    stamps[file] = File.GetLastWriteTimeUtc(file);
            }
            return stamps;
        }

        private static bool Same(Dictionary<string, DateTime> a, Dictionary<string, DateTime> b)
        {
            if (a.Count != b.Count) return false;
            foreach (KeyValuePair<string, DateTime> e in a)
            {
                DateTime t;
                if (!b.TryGetValue(e.Key, out t) || t != e.Value) return false;
            }
            return true;
        }
    }
}
