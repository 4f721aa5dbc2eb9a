using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading;

namespace ZTS.Run
{
    /// <summary>
    /// The frame loop of ztsrun: bind, tick, pump, and (with --watch) reload on change. Under --watch a failure
    /// (load error, binding failure, a throwing tick, an unhandled rejection) prints its error and leaves the
    /// scripts broken: no ticks run until the next change reloads them (docs/USAGE.md, "Hot reload: the dev loop").
    /// </summary>
    internal sealed class Runner
    {
        private readonly Options _o;
        private readonly TickStats _stats = new TickStats();
        private const double QuietSeconds = 0.2;
        private const double BrokenPollSeconds = 0.05;
        private Dictionary<string, DateTime> _stamps;
        private double? _lastChange;
        // --watch polls the folder at most 10 times a second (Snapshot stats every module file); under QuietSeconds,
        // so the files an editor or tsc writes together are still seen within one debounce.
        private const double PollSeconds = 0.1;
        private double _lastPoll = double.NegativeInfinity;
        private Action<float> _tick;    // null while the scripts are broken
        private Action _dispose;        // the module's optional `dispose` export
        private int _broken;            // exit code of the failure that broke the scripts, 0 when they run

        public Runner(Options o)
        {
            _o = o;
        }

        private object Load(string specifier)
        {
            // .js/.mjs with its source map, so script errors show their .ts positions.
            return new TsFileLoader(_o.Dir).Load(specifier);
        }

        public int Run()
        {
            TsConsole.Sink = (level, text) =>
            {
                if (level >= TsLogLevel.Warn) Console.Error.WriteLine(text);
                else Console.WriteLine(text);
            };
            TsConsole.Buffered = !_o.Unbuffered;
            TsSettings.UnhandledRejections = _o.WarnRejections ? TsRejectionMode.Log : TsRejectionMode.Throw;
            TsSettings.Policy = _o.Policy; // null without --policy: everything reachable
            TsSettings.DebuggerPort = _o.InspectPort; // 0 without --inspect: no debugger
            TsSettings.DebuggerHost = _o.InspectHost; // null: the loopback
            TsSettings.DebuggerWaitForClient = _o.InspectBreak;
            Assembly();
            foreach (string path in _o.Assemblies)
            {
                try
                {
                    System.Reflection.Assembly.LoadFrom(path);
                }
                catch (Exception e)
                {
                    return Fail(3, "cannot load assembly " + path + ": " + e.Message, "");
                }
            }
            TsSettings.CallBudgetMilliseconds = _o.BudgetMs;
            try
            {
                TsAppDomain.Initialize(Load);
                TsSettings.DebuggerWaitForClient = false; // --inspect-brk waits once, not at every --watch reload
            }
            catch (InvalidOperationException e)
            {
                // The backend cannot start: a bad ZTS_BACKEND, the Player backend outside the launcher,
                // a native library or gate mismatch. The message is the zts: text.
                return Fail(3, e.Message, "");
            }
            TsAppDomain.Resetting += Dispose;
            Host.ReloadHandler = () => TsAppDomain.Reset(Load);
            _stamps = Snapshot() ?? new Dictionary<string, DateTime>();
            if (!Bind()) return _broken;
            var clock = Stopwatch.StartNew();
            double last = 0;
            double period = _o.Fps > 0 ? 1.0 / _o.Fps : 0;
            double nextAt = 0;
            bool fresh = true; // the first tick after a (re)bind gets dt = one period
            // The dev loop: --watch without --frames runs until the process is stopped (or Host.Exit); 60 frames ended
            // it after a second, as if the run had finished.
            bool endless = _o.UntilExit || (_o.Watch && !_o.FramesGiven);
            for (int frame = 0; endless || frame < _o.Frames;)
            {
                if (_tick != null)
                {
                    double now = clock.Elapsed.TotalSeconds;
                    float dt = (float)(fresh ? (period > 0 ? period : 0) : now - last);
                    last = now;
                    fresh = false;
                    Host.Frame = frame;
                    long before = clock.ElapsedTicks;
                    try
                    {
                        _tick(dt);
                        _stats.Add(clock.ElapsedTicks - before);
                        TsFramePump.LateUpdate();
                    }
                    catch (TsUnhandledRejectionException e)
                    {
                        if (!Broke(1, "an unhandled Promise rejection ends the run (--warn-rejections only logs it): " + e.Message, e.JsStack)) return _broken;
                    }
                    catch (TsException e) when (e.IsInterrupt)
                    {
                        // The --budget (or an Interrupt) stopped a runaway tick.
                        long ms = (clock.ElapsedTicks - before) * 1000 / Stopwatch.Frequency;
                        if (!Broke(1, "script interrupted after " + ms + " ms in " + _o.Module + "." + _o.Export, e.JsStack)) return _broken;
                    }
                    catch (TsException e)
                    {
                        if (!Broke(1, "script threw in " + _o.Module + "." + _o.Export + ": " + e.Message, e.JsStack)) return _broken;
                    }
                    frame++;
                }
                // Polled at most every PollSeconds, not every frame: at --fps 0 a frame is microseconds.
                if (_o.Watch && clock.Elapsed.TotalSeconds - _lastPoll >= PollSeconds)
                {
                    _lastPoll = clock.Elapsed.TotalSeconds;
                    if (Changed()) _lastChange = clock.Elapsed.TotalSeconds;
                }
                // Debounced: editors write several files (and temporaries); reload once things are quiet.
                if (_lastChange.HasValue && clock.Elapsed.TotalSeconds - _lastChange.Value >= QuietSeconds)
                {
                    _lastChange = null;
                    TsAppDomain.Reset(Load);
                    Console.WriteLine("[ztsrun] files changed: reloading");
                }
                if (TsFramePump.EndOfFrame())
                {
                    if (!Bind()) return _broken;
                    if (_tick != null) Console.WriteLine("[ztsrun] reloaded");
                    fresh = true;
                }
                if (Host.ExitCode.HasValue) return Done(Host.ExitCode.Value);
                double wait;
                if (_tick == null)
                {
                    wait = BrokenPollSeconds; // broken: poll the folder, tick nothing
                }
                else
                {
                    // The next frame is due one period after this one; after a pause (broken scripts) it starts
                    // anew instead of catching up with a burst of frames.
                    double now = clock.Elapsed.TotalSeconds;
                    nextAt = Math.Max(nextAt + period, now - period);
                    wait = nextAt - now;
                }
                if (period > 0 || _tick == null)
                {
                    if (wait > 0) Thread.Sleep(TimeSpan.FromSeconds(wait));
                }
            }
            return Done(_broken);
        }

        // Makes sure the Host API is loaded for the CSharp tree (it lives in this executable).
        private static void Assembly()
        {
            GC.KeepAlive(typeof(Host));
        }

        // Binds the tick function (and the optional dispose export); false when the run must end (no --watch).
        private bool Bind()
        {
            _tick = null;
            _dispose = null;
            try
            {
                _tick = TsAppDomain.GetFunction<Action<float>>(_o.Module, _o.Export);
            }
            catch (TsModuleLoadException e)
            {
                return Broke(2, "module '" + e.Specifier + "' could not be loaded" +
                                (e.Importer.Length > 0 ? " (imported from '" + e.Importer + "')" : "") + ": " + e.Message, e.JsStack);
            }
            catch (TsBindException e)
            {
                return Broke(3, "cannot bind " + _o.Module + "." + _o.Export + ": " + e.Message, "");
            }
            catch (TsException e)
            {
                // A module failure already reads "zts: module 'm' failed: SyntaxError: ... (m:3:13)" (SPEC_MAP D6):
                // print it as it is; any other text gets the JS error's name (SyntaxError, ReferenceError).
                if (e.Message.StartsWith("zts: module ", StringComparison.Ordinal))
                    return Broke(2, e.Message.Substring("zts: ".Length), e.JsStack);
                string kind = e.JsName.Length > 0 && e.JsName != "Error" ? e.JsName + ": " : "";
                return Broke(2, "module '" + _o.Module + "' failed while loading: " + kind + e.Message, e.JsStack);
            }
            try
            {
                _dispose = TsAppDomain.GetFunction<Action>(_o.Module, "dispose");
            }
            catch (TsBindException)
            {
                // no `dispose` export (or not a function): nothing to call before a reload
            }
            _broken = 0;
            return true;
        }

        // A failure: prints it; under --watch the scripts stay broken until the next change (true), else the run ends (false).
        private bool Broke(int code, string message, string stack)
        {
            _tick = null;
            _broken = Fail(code, message, stack);
            if (!_o.Watch) return false;
            Console.Error.WriteLine("[ztsrun] scripts are broken: no ticks until a file changes");
            return true;
        }

        // TsAppDomain.Resetting: the module's `dispose` export runs before the old scripts are torn down.
        private void Dispose()
        {
            Action dispose = _dispose;
            _dispose = null;
            _tick = null;
            if (dispose == null) return;
            try
            {
                dispose();
            }
            catch (TsException e)
            {
                TsConsole.Flush();
                Console.Error.WriteLine("ztsrun: " + _o.Module + ".dispose threw (reloading anyway): " + e.Message);
                if (!string.IsNullOrEmpty(e.JsStack)) Console.Error.WriteLine(e.JsStack.TrimEnd());
            }
        }

        private int Done(int code)
        {
            TsConsole.Flush();
            PrintStats();
            return code;
        }

        private int Fail(int code, string message, string stack)
        {
            TsConsole.Flush();
            Console.Error.WriteLine("ztsrun: " + message);
            if (!string.IsNullOrEmpty(stack)) Console.Error.WriteLine(stack.TrimEnd());
            if (!_o.Watch) PrintStats(); // the run ends here; under --watch at its end
            return code;
        }

        private void PrintStats()
        {
            if (_o.Stats) Console.WriteLine("[ztsrun] " + _stats.Describe());
        }

        // Write times of the module files under the folder (.js, .mjs, .map: a log or an editor's swap file written
        // there is no reason to reload), or null while it cannot be read
        // (a tool is replacing it: `rm -rf out && tsc`, a rename): that counts as a change that is still going on.
        // Folders behind a symbolic link are not entered: `out/project -> ..` made every poll stat a whole tree
        // (2000 files: 5 frames took 11-14 s), and a link to an ancestor is a loop.
        private Dictionary<string, DateTime> Snapshot()
        {
            var stamps = new Dictionary<string, DateTime>();
            try
            {
                var folders = new Stack<string>();
                folders.Push(_o.Dir);
                while (folders.Count > 0)
                {
                    string dir = folders.Pop();
                    foreach (string f in Directory.GetFiles(dir))
                        if (IsWatched(f)) stamps[f] = File.GetLastWriteTimeUtc(f);
                    foreach (string sub in Directory.GetDirectories(dir))
                        if ((File.GetAttributes(sub) & FileAttributes.ReparsePoint) == 0) folders.Push(sub);
                }
            }
            catch (IOException)
            {
                return null;
            }
            catch (UnauthorizedAccessException)
            {
                return null;
            }
            return stamps;
        }

        private static bool IsWatched(string file)
        {
            string ext = Path.GetExtension(file);
            return ext == ".js" || ext == ".mjs" || ext == ".map";
        }

        private bool Changed()
        {
            Dictionary<string, DateTime> now = Snapshot();
            if (now == null) return true; // keeps the debounce waiting until the folder is back
            bool changed = now.Count != _stamps.Count;
            foreach (var entry in now)
            {
                DateTime before;
                if (!_stamps.TryGetValue(entry.Key, out before) || before != entry.Value) changed = true;
            }
            _stamps = now;
            return changed;
        }
    }
}
