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
        private int _loads;             // loads of the scripts tried so far (the first, then every reload)
        private int _broken;            // exit code of the failure that broke the scripts, 0 when they run
        private readonly Stopwatch _clock = Stopwatch.StartNew();
        // The call into JS running now (HangWatch): its start in _clock ticks (-1: none) and what it is.
        private long _callStart = -1;
        private volatile string _callWhere;
        // The fixed timestep (--fps 0 or --dt): frames stepped so far; the scripts' timer clock is steps x dt.
        private long _steps;

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
            StdoutGuard.Install();
            Signals.Watch(OnStopSignal);
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
            bool fixedStep = _o.FixedStep;
            double step = _o.StepSeconds;
            // Under a fixed timestep the timers follow the frames (game time), as they follow Time.time in Unity: with
            // the wall clock, --fps 0 ran a second of timers in a few hundred frames, or none at all.
            if (fixedStep) TsFramePump.TimeSource = () => Math.Round(_steps * step * 1000, 6);
            if (_o.BudgetMs == 0 && _o.InspectPort == 0) HangWatch();
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
            if (!Bind()) return _stop ? Stopped() : _broken;
            Stopwatch clock = _clock;
            double last = clock.Elapsed.TotalSeconds;
            double period = _o.Fps > 0 ? 1.0 / _o.Fps : 0;
            double nextAt = 0;
            bool fresh = true; // the first tick after a (re)bind gets dt = one period
            // The dev loop: --watch without --frames runs until the process is stopped (or Host.Exit); 60 frames ended
            // it after a second, as if the run had finished.
            bool endless = _o.UntilExit || (_o.Watch && !_o.FramesGiven);
            for (int frame = 0; endless || frame < _o.Frames;)
            {
                if (_stop) return Stopped();
                if (_tick != null)
                {
                    double now = clock.Elapsed.TotalSeconds;
                    float dt = (float)(fixedStep ? step : fresh ? period : now - last);
                    last = now;
                    fresh = false;
                    Host.Frame = frame;
                    string where = _o.Module + "." + _o.Export;
                    long before = clock.ElapsedTicks;
                    try
                    {
                        Enter(where);
                        _tick(dt);
                        _stats.Add(clock.ElapsedTicks - before);
                        if (fixedStep) _steps++;
                        // The timers: a runaway callback is stopped by the budget as a runaway tick is, and ends the run
                        // the same way (TsFramePump.LateUpdate throws its interrupt).
                        where = "a timer callback";
                        before = clock.ElapsedTicks;
                        Enter(where);
                        TsFramePump.LateUpdate();
                    }
                    catch (TsUnhandledRejectionException e)
                    {
                        if (!Broke(1, "an unhandled Promise rejection ends the run (--warn-rejections only logs it): " + e.Message, e.JsStack)) return _broken;
                    }
                    catch (TsException e) when (e.IsInterrupt)
                    {
                        // The --budget (or an Interrupt) stopped a runaway tick or timer callback.
                        long ms = (clock.ElapsedTicks - before) * 1000 / Stopwatch.Frequency;
                        if (_stop) return Stopped(where, ms, e.JsStack);
                        if (!Broke(1, "script interrupted after " + ms + " ms in " + where, e.JsStack)) return _broken;
                    }
                    catch (TsException e)
                    {
                        if (!Broke(1, "script threw in " + where + ": " + e.Message, e.JsStack)) return _broken;
                    }
                    finally
                    {
                        Leave();
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
                    if (!Bind()) return _stop ? Stopped() : _broken;
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

        private volatile bool _stop;          // SIGINT (Ctrl-C) or SIGTERM came: the run ends at the next frame, or now in JS
        private volatile string _stopSignal;

        // SIGINT or SIGTERM (Signals.cs). The process used to end at once, losing the console output buffered in a call
        // into JS, which under --budget 0 is all a hang logged. The first one interrupts the JS running now
        // (TsAppDomain.Interrupt is safe from any thread), and the run ends on the frame loop's thread, printing what
        // was logged and where the script was; a second one ends the process at once, for a script stuck in C# where
        // the interrupt cannot reach it.
        private void OnStopSignal(string signal)
        {
            if (_stop)
            {
                Process.GetCurrentProcess().Kill();
                return;
            }
            _stopSignal = signal;
            _stop = true;
            TsAppDomain.Interrupt();
        }

        // The end of a run stopped by a signal (exit 128 + its number, as a shell reports it): where the script was,
        // when it was interrupted in a call into JS.
        private int Stopped(string where = null, long ms = 0, string stack = "")
        {
            TsConsole.Flush();
            Console.Error.WriteLine("ztsrun: stopped by " + _stopSignal + (where != null ? " after " + ms + " ms in " + where : ""));
            if (!string.IsNullOrEmpty(stack)) Console.Error.WriteLine(stack.TrimEnd());
            PrintStats();
            return _stopSignal == Signals.Term ? 143 : 130;
        }

        // The call into JS that starts now (HangWatch reports it when it runs too long).
        private void Enter(string where)
        {
            _callWhere = where;
            Interlocked.Exchange(ref _callStart, _clock.ElapsedTicks);
        }

        private void Leave()
        {
            Interlocked.Exchange(ref _callStart, -1);
        }

        /// <summary>How long one call into JS runs under --budget 0 before ztsrun says it may hang: the default budget,
        /// past which a call is a runaway script, not a slow frame.</summary>
        internal const int HangReportMs = Options.DefaultBudgetMs;

        // --budget 0 interrupts nothing, so a hang runs until the process is stopped. A background thread reports a
        // call into JS that has run past HangReportMs, once per call, after printing the console output the scripts
        // logged before it (buffered until the call returns, which a hang never does).
        private void HangWatch()
        {
            var watch = new Thread(() =>
            {
                long reported = -1;
                while (true)
                {
                    Thread.Sleep(50);
                    long start = Interlocked.Read(ref _callStart);
                    if (start < 0 || start == reported) continue;
                    long ms = (_clock.ElapsedTicks - start) * 1000 / Stopwatch.Frequency;
                    if (ms < HangReportMs) continue;
                    reported = start;
                    TsConsole.Flush();
                    Console.Error.WriteLine("ztsrun: " + _callWhere + " has run for " + ms + " ms and --budget 0 does not interrupt it: " +
                                            "the script may hang (the console output it logged is above; Ctrl-C or SIGTERM ends the run)");
                }
            });
            watch.IsBackground = true;
            watch.Name = "ztsrun hang watch";
            watch.Start();
        }

        // Makes sure the Host API is loaded for the CSharp tree (it lives in this executable).
        private static void Assembly()
        {
            GC.KeepAlive(typeof(Host));
        }

        // Binds the tick function (and the optional dispose and start exports), then starts the scripts; false when the
        // run must end (no --watch).
        private bool Bind()
        {
            _tick = null;
            _dispose = null;
            bool reload = ++_loads > 1;
            try
            {
                Enter("loading " + _o.Module);
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
            finally
            {
                Leave();
            }
            try
            {
                _dispose = TsAppDomain.GetFunction<Action>(_o.Module, "dispose");
            }
            catch (TsBindException)
            {
                // no `dispose` export (or not a function): nothing to call before a reload
            }
            Action start;
            try
            {
                start = TsAppDomain.GetFunction<Action>(_o.Module, "start");
            }
            catch (TsBindException)
            {
                start = null; // no `start` export: the module's top level is its start
            }
            _broken = 0;
            return start == null || Start(start, reload);
        }

        // A module with a `start` export sets up what it changes in C# there, not at its top level. On a reload its
        // own `dispose` runs first: C# state (statics, spawned objects) outlives the old scripts, and the old code's
        // dispose, which ran before the Reset, may not undo it (the dispose being written now is not in the old code,
        // so before, adding one took one more reload to work). Such a dispose finds what to undo through C#, not
        // through module variables, which are fresh. Test Ztsrun_Reload_NewCodeDisposesBeforeStart.
        private bool Start(Action start, bool reload)
        {
            string where = _o.Module + ".dispose";
            long before = _clock.ElapsedTicks;
            try
            {
                if (reload && _dispose != null)
                {
                    Enter(where);
                    _dispose();
                }
                where = _o.Module + ".start";
                before = _clock.ElapsedTicks;
                Enter(where);
                start();
            }
            catch (TsException e) when (e.IsInterrupt)
            {
                long ms = (_clock.ElapsedTicks - before) * 1000 / Stopwatch.Frequency;
                return Broke(1, "script interrupted after " + ms + " ms in " + where, e.JsStack);
            }
            catch (TsException e)
            {
                return Broke(1, "script threw in " + where + ": " + e.Message, e.JsStack);
            }
            finally
            {
                Leave();
            }
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
