using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading;

namespace ZTS.Run
{
    /// <summary>The frame loop of ztsrun: bind, tick, pump, and (with --watch) reload on change.</summary>
    internal sealed class Runner
    {
        private readonly Options _o;
        private readonly TickStats _stats = new TickStats();
        private const double QuietSeconds = 0.2;
        private Dictionary<string, DateTime> _stamps;
        private double? _lastChange;

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
            TsAppDomain.Initialize(Load);
            _stamps = Snapshot() ?? new Dictionary<string, DateTime>();
            Action<float> tick;
            int bound = Bind(out tick);
            if (bound != 0) return bound;
            var clock = Stopwatch.StartNew();
            double last = 0;
            double period = _o.Fps > 0 ? 1.0 / _o.Fps : 0;
            for (int frame = 0; _o.UntilExit || frame < _o.Frames; frame++)
            {
                double now = clock.Elapsed.TotalSeconds;
                float dt = (float)(frame == 0 ? (period > 0 ? period : 0) : now - last);
                last = now;
                Host.Frame = frame;
                long before = clock.ElapsedTicks;
                try
                {
                    if (tick != null) tick(dt);
                }
                catch (TsException e)
                {
                    if (!e.IsInterrupt)
                        return Fail(1, "script threw in " + _o.Module + "." + _o.Export + ": " + e.Message, e.JsStack);
                    long ms = (clock.ElapsedTicks - before) * 1000 / Stopwatch.Frequency;
                    string what = "script interrupted after " + ms + " ms in " + _o.Module + "." + _o.Export;
                    if (!_o.Watch) return Fail(1, what, e.JsStack);
                    TsConsole.Flush();
                    Console.Error.WriteLine("ztsrun: " + what + "; waiting for a change");
                    tick = null; // the next reload binds it again
                }
                if (tick != null) _stats.Add(clock.ElapsedTicks - before);
                TsFramePump.LateUpdate();
                if (_o.Watch && Changed()) _lastChange = clock.Elapsed.TotalSeconds;
                // Debounced: editors write several files (and temporaries); reload once things are quiet.
                if (_lastChange.HasValue && clock.Elapsed.TotalSeconds - _lastChange.Value >= QuietSeconds)
                {
                    _lastChange = null;
                    TsAppDomain.Reset(Load);
                    Console.WriteLine("[ztsrun] files changed: reloading");
                }
                if (TsFramePump.EndOfFrame())
                {
                    bound = Bind(out tick);
                    if (bound != 0) return bound;
                    Console.WriteLine("[ztsrun] reloaded");
                }
                if (Host.ExitCode.HasValue) return Done(Host.ExitCode.Value);
                if (period > 0)
                {
                    double wait = (frame + 1) * period - clock.Elapsed.TotalSeconds;
                    if (wait > 0) Thread.Sleep(TimeSpan.FromSeconds(wait));
                }
            }
            return Done(0);
        }

        // Makes sure the Host API is loaded for the CSharp tree (it lives in this executable).
        private static void Assembly()
        {
            GC.KeepAlive(typeof(Host));
        }

        private int Bind(out Action<float> tick)
        {
            tick = null;
            try
            {
                tick = TsAppDomain.GetFunction<Action<float>>(_o.Module, _o.Export);
                return 0;
            }
            catch (TsModuleLoadException e)
            {
                return Fail(2, "module '" + e.Specifier + "' could not be loaded" +
                               (e.Importer.Length > 0 ? " (imported from '" + e.Importer + "')" : "") + ": " + e.Message, e.JsStack);
            }
            catch (TsBindException e)
            {
                return Fail(3, "cannot bind " + _o.Module + "." + _o.Export + ": " + e.Message, "");
            }
            catch (TsException e)
            {
                return Fail(2, "module '" + _o.Module + "' failed while loading: " + e.Message, e.JsStack);
            }
        }

        private int Done(int code)
        {
            if (_o.Stats)
            {
                TsConsole.Flush();
                Console.WriteLine("[ztsrun] " + _stats.Describe());
            }
            return code;
        }

        private static int Fail(int code, string message, string stack)
        {
            TsConsole.Flush();
            Console.Error.WriteLine("ztsrun: " + message);
            if (!string.IsNullOrEmpty(stack)) Console.Error.WriteLine(stack.TrimEnd());
            return code;
        }

        // Write times of every file under the folder, or null while it cannot be read (a tool is
        // replacing it: `rm -rf out && tsc`, a rename): that counts as a change that is still going on.
        private Dictionary<string, DateTime> Snapshot()
        {
            var stamps = new Dictionary<string, DateTime>();
            try
            {
                foreach (string f in Directory.GetFiles(_o.Dir, "*", SearchOption.AllDirectories))
                    stamps[f] = File.GetLastWriteTimeUtc(f);
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
