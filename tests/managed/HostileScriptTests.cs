using System;
using System.Collections.Generic;
using System.Threading;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// Hostile or buggy scripts cannot crash, freeze or bloat the host. Each crash and freeze case of the
    /// issue ends with a zts: error or a clean interrupt, and the domain still answers a call afterwards.
    /// </summary>
    [TestFixture]
    public class Limits_HostileScripts : DomainFixture
    {
        [TearDown]
        public void RestoreSettings()
        {
            TsSettings.CallBudgetMilliseconds = 0;
            TsSettings.HeapLimitBytes = 0;
            TsSettings.StackSizeBytes = 0;
            TsSettings.MaxJobsPerPump = 10000;
            TsConsole.BufferLimitChars = TsConsole.DefaultBufferLimitChars;
        }

        // A new domain with the current TsSettings and the same module table.
        private void Restart()
        {
            TsAppDomain.Shutdown();
            TsAppDomain.Initialize(Load);
        }

        private void AssertDomainAnswers()
        {
            Modules["answer"] = "export function f() { return 42; }";
            Assert.AreEqual(42, TsAppDomain.GetFunction<Func<int>>("answer", "f")());
        }

        // ---- crashes (each used to exit 134/139) ----

        [Test]
        public void Reentry_HostBindsEvaluatingModule_IsZtsError()
        {
            string nested = null;
            Mono.DefineGlobalFunction("registerSystem", a =>
            {
                try { TsAppDomain.GetFunction<Action>("main", "tick"); }
                catch (TsException e) { nested = e.Message; }
                return null;
            });
            Modules["main"] = "registerSystem(); export function tick() {}";
            TsAppDomain.GetFunction<Action>("main", "tick")();
            StringAssert.StartsWith("zts: module 'main' is still being loaded or evaluated", nested);
            StringAssert.Contains("cycle: main -> main", nested);
            AssertDomainAnswers();
        }

        [Test]
        public void Reentry_PlainJsBindsItsOwnModule_IsZtsError()
        {
            Modules["main"] =
                "let message = 'none';\n" +
                "try { CSharp.ZTS.TsAppDomain.Runtime.GetFunction(zts.typeof(CSharp.System.Action), 'main', 'tick'); }\n" +
                "catch (e) { message = e.message; }\n" +
                "export function tick() {}\nexport function seen() { return message; }";
            string seen = TsAppDomain.GetFunction<Func<string>>("main", "seen")();
            StringAssert.Contains("zts: module 'main' is still being loaded or evaluated", seen);
            AssertDomainAnswers();
        }

        [Test]
        public void Reentry_LoaderBindsItsImporter_IsZtsError()
        {
            TsAppDomain.Shutdown();
            TsAppDomain.Initialize(s =>
            {
                if (s == "b") TsAppDomain.GetFunction<Action>("a", "f");
                return Load(s);
            });
            Modules["a"] = "import { g } from './b'; export function f() { g(); }";
            Modules["b"] = "export function g() {}";
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Action>("a", "f"));
            // The loader's exception is described inside the load failure, without a second zts: prefix.
            StringAssert.StartsWith("zts: cannot load module 'b' (imported from 'a'): the module loader threw", e.Message);
            StringAssert.Contains("module 'a' is still being loaded or evaluated", e.Message);
            StringAssert.Contains("cycle: a -> b -> a", e.Message);
            AssertDomainAnswers();
        }

        [Test]
        public void Reentry_ImportAndLateUpdateAtTopLevel_NoJobRunsInsideJs()
        {
            Modules["main"] = "globalThis.order = ''; import('main').then(() => { globalThis.order += 'imported;'; });\n" +
                              "CSharp.ZTS.TsFramePump.LateUpdate(); globalThis.order += 'top;';\n" +
                              "export function order() { return globalThis.order; }";
            var order = TsAppDomain.GetFunction<Func<string>>("main", "order");
            TsFramePump.LateUpdate();
            Assert.AreEqual("top;imported;", order());
            AssertDomainAnswers();
        }

        [Test]
        public void Reentry_LoadersBindEachOther_IsZtsErrorNotStackOverflow()
        {
            TsAppDomain.Shutdown();
            TsAppDomain.Initialize(s =>
            {
                if (s == "x") TsAppDomain.GetFunction<Action>("y", "f");
                if (s == "y") TsAppDomain.GetFunction<Action>("x", "f");
                return Load(s);
            });
            Modules["x"] = "export function f() {}";
            Modules["y"] = "export function f() {}";
            var e = Assert.Throws<TsModuleLoadException>(() => TsAppDomain.GetFunction<Action>("x", "f"));
            StringAssert.Contains("cycle: x -> y -> x", e.Message);
            AssertDomainAnswers();
        }

        [Test]
        public void Reentry_LoaderBindsOwnModule_OneInstance()
        {
            Exception inner = null;
            TsAppDomain.Shutdown();
            TsAppDomain.Initialize(s =>
            {
                if (s == "self")
                {
                    try { TsAppDomain.GetFunction<Func<int>>("self", "instances"); }
                    catch (TsException e) { inner = e; }
                }
                return Load(s);
            });
            Modules["self"] = "globalThis.n = (globalThis.n || 0) + 1; export function instances() { return globalThis.n; }";
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("self", "instances")());
            Assert.AreEqual(1, TsAppDomain.GetFunction<Func<int>>("self", "instances")());
            Assert.IsNotNull(inner);
            StringAssert.Contains("zts: module 'self' is still being loaded", inner.Message);
        }

        // ---- freezes ----

        // Runs body on this thread while a watchdog interrupts it once JS called started(); returns what it threw.
        private TsException RunWithWatchdog(Action body, ManualResetEventSlim started)
        {
            var watchdog = new Thread(() =>
            {
                if (started.Wait(TimeSpan.FromSeconds(60))) TsAppDomain.Interrupt();
            });
            watchdog.Start();
            TsException caught = null;
            try { body(); }
            catch (TsException e) { caught = e; }
            watchdog.Join();
            started.Reset();
            return caught;
        }

        [Test]
        public void Interrupt_FromWatchdog_StopsFunctionTopLevelAndJob()
        {
            var started = new ManualResetEventSlim();
            Mono.DefineGlobalFunction("started", a => { started.Set(); return null; });
            var spin = Bind<Action>("export function spin() { started(); for (;;) {} }", "spin");
            TsException e = RunWithWatchdog(spin, started);
            Assert.IsNotNull(e, "function");
            Assert.IsTrue(e.IsInterrupt, e.Message);
            StringAssert.StartsWith("zts: script interrupted", e.Message);

            Modules["top"] = "started(); for (;;) {}\nexport function f() {}";
            e = RunWithWatchdog(() => TsAppDomain.GetFunction<Action>("top", "f"), started);
            Assert.IsNotNull(e, "module top-level code");
            Assert.IsTrue(e.IsInterrupt, e.Message);

            Modules["q"] = "export function queue() { Promise.resolve().then(() => { started(); for (;;) {} }); }";
            var queue = TsAppDomain.GetFunction<Action>("q", "queue");
            queue();
            Logged.Clear();
            var watchdog = new Thread(() => { if (started.Wait(TimeSpan.FromSeconds(60))) TsAppDomain.Interrupt(); });
            watchdog.Start();
            TsFramePump.LateUpdate(); // the job is interrupted; the pump logs it and returns
            watchdog.Join();
            started.Reset();
            StringAssert.Contains("zts: script interrupted", string.Join("\n", Logged.ConvertAll(l => l.Value).ToArray()));
            AssertDomainAnswers();
        }

        [Test]
        public void Interrupt_ThousandTimesInARow_DomainStillWorks()
        {
            var started = new ManualResetEventSlim();
            Mono.DefineGlobalFunction("started", a => { started.Set(); return null; });
            var spin = Bind<Action>("export function spin() { started(); for (;;) {} }\nexport function ok() { return 7; }", "spin");
            var ok = TsAppDomain.GetFunction<Func<int>>("m", "ok");
            var request = new AutoResetEvent(false);
            bool done = false;
            var watchdog = new Thread(() =>
            {
                while (true)
                {
                    request.WaitOne();
                    if (Volatile.Read(ref done)) return;
                    started.Wait();
                    TsAppDomain.Interrupt();
                }
            });
            watchdog.Start();
            int interrupted = 0;
            for (int i = 0; i < 1000; i++)
            {
                request.Set();
                try { spin(); }
                catch (TsException e) { if (e.IsInterrupt) interrupted++; }
                started.Reset();
                Assert.AreEqual(7, ok());
            }
            Volatile.Write(ref done, true);
            request.Set();
            watchdog.Join();
            Assert.AreEqual(1000, interrupted);
            AssertDomainAnswers();
        }

        [Test]
        public void Interrupt_CatchingTheNestedError_StillStops()
        {
            var started = new ManualResetEventSlim();
            Mono.DefineGlobalFunction("started", a => { started.Set(); return null; });
            Modules["inner"] = "export function spin() { started(); for (;;) {} }";
            var spinInner = TsAppDomain.GetFunction<Action>("inner", "spin");
            Mono.DefineGlobalFunction("callInner", a => { spinInner(); return null; });
            var outer = Bind<Func<int>>("export function f() { let n = 0; for (;;) { try { callInner(); } catch (e) { n++; } } }", "f");
            TsException e = RunWithWatchdog(() => outer(), started);
            Assert.IsNotNull(e);
            Assert.IsTrue(e.IsInterrupt, e.Message);
            AssertDomainAnswers();
        }

        [Test]
        public void Budget_StopsFunctionTopLevelAndJob()
        {
            TsSettings.CallBudgetMilliseconds = 100;
            Restart();
            var spin = Bind<Action>("export function spin() { for (;;) {} }\nexport function queue() { Promise.resolve().then(() => { for (;;) {} }); }", "spin");
            var e = Assert.Throws<TsException>(() => spin());
            StringAssert.StartsWith("zts: script interrupted: the call ran past its time budget of 100 ms", e.Message);

            Modules["top"] = "for (;;) {}\nexport function f() {}";
            e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("top", "f"));
            Assert.IsTrue(e.IsInterrupt, e.Message);

            TsAppDomain.GetFunction<Action>("m", "queue")();
            Logged.Clear();
            TsFramePump.LateUpdate();
            StringAssert.Contains("time budget of 100 ms", string.Join("\n", Logged.ConvertAll(l => l.Value).ToArray()));
            AssertDomainAnswers();
        }

        // A runaway timer callback ends the timer pass with its interrupt, thrown from LateUpdate as a runaway tick's is
        // thrown from its delegate (it was only logged, so ztsrun exited 0 after one); what the timers logged before it
        // is flushed, and the timers still due run at the next LateUpdate.
        [Test]
        public void Budget_RunawayTimer_ThrowsFromLateUpdate_TheOthersRunNext()
        {
            TsSettings.CallBudgetMilliseconds = 100;
            Restart();
            var start = Bind<Action>("export function start() {" +
                                     " setTimeout(() => console.log('before'), 0);" +
                                     " setTimeout(() => { for (;;) {} }, 0);" +
                                     " setTimeout(() => console.log('after'), 0); }", "start");
            start();
            var e = Assert.Throws<TsException>(() => TsFramePump.LateUpdate());
            Assert.IsTrue(e.IsInterrupt, e.Message);
            StringAssert.StartsWith("zts: script interrupted: the call ran past its time budget of 100 ms", e.Message);
            Assert.AreEqual("before", string.Join(" | ", Logged.ConvertAll(l => l.Value).ToArray()), "flushed before the throw");
            Logged.Clear();
            TsFramePump.LateUpdate();
            Assert.AreEqual("after", string.Join(" | ", Logged.ConvertAll(l => l.Value).ToArray()));
            Assert.AreEqual(0, Mono.PendingTimers);
            AssertDomainAnswers();
        }

        // QuickJS polls its interrupt handler every ~10000 bytecode steps and counts a host call as one: a loop of
        // host calls is checked at the boundary (check_host_call in native/core/runtime/script_limits.h), so the call after
        // the request is refused. Before, the loop ran ~5000 more iterations.
        [Test]
        public void Interrupt_LoopOfHostCalls_StopsAtTheBoundary()
        {
            int calls = 0;
            Mono.DefineGlobalFunction("tick", a => { if (++calls == 3) TsAppDomain.Interrupt(); return null; });
            var loop = Bind<Action>("import { JsArrays } from 'csharp:Fixtures';\n" +
                                    "globalThis.members = 0;\n" +
                                    "export function loop() { for (;;) tick(); }\n" +
                                    "export function members() { tick(); tick(); tick(); for (;;) { JsArrays.Sum(1); globalThis.members++; } }\n" +
                                    "export function count() { return globalThis.members; }", "loop");
            var e = Assert.Throws<TsException>(() => loop());
            Assert.IsTrue(e.IsInterrupt, e.Message);
            Assert.AreEqual("zts: script interrupted: the host requested it", e.Message);
            Assert.AreEqual(3, calls, "no host function call after the interrupt was requested");

            calls = 0; // C# members (invoke_bridge) are checked too
            e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("m", "members")());
            Assert.IsTrue(e.IsInterrupt, e.Message);
            Assert.AreEqual(0, TsAppDomain.GetFunction<Func<int>>("m", "count")(), "no C# member call after the request");
            AssertDomainAnswers();
        }

        [Test]
        public void Budget_LoopOfHostCalls_StopsAtTheBoundary()
        {
            TsSettings.CallBudgetMilliseconds = 100;
            Restart();
            int calls = 0;
            Mono.DefineGlobalFunction("slow", a => { calls++; Thread.Sleep(150); return null; });
            var loop = Bind<Action>("export function loop() { for (;;) slow(); }", "loop");
            var e = Assert.Throws<TsException>(() => loop());
            Assert.AreEqual("zts: script interrupted: the call ran past its time budget of 100 ms", e.Message);
            Assert.AreEqual(1, calls, "the call after the deadline is refused");
            AssertDomainAnswers();
        }

        // `for (;;) console.log(oneMegabyte)` with a budget: stops at the budget (it ran 11-15 s to 3-4 GB of RSS on
        // the Editor, and Boehm aborted with `Too many heap sections` on the Player), and the console keeps
        // TsConsole.BufferLimitChars of it, then the note.
        [Test]
        public void Budget_ConsoleLogLoopOfBigStrings_StopsWithTheBufferBounded()
        {
            TsSettings.CallBudgetMilliseconds = 200;
            Restart();
            TsConsole.BufferLimitChars = 4 << 20;
            var loop = Bind<Action>("export function loop() { const s = 'x'.repeat(1 << 20); for (;;) console.log(s); }", "loop");
            var e = Assert.Throws<TsException>(() => loop());
            Assert.IsTrue(e.IsInterrupt, e.Message);
            StringAssert.StartsWith("zts: script interrupted: the call ran past its time budget of 200 ms", e.Message);
            Assert.AreEqual(5, Logged.Count, "four 1 M-char lines fill the buffer, then the note");
            for (int i = 0; i < 4; i++) Assert.AreEqual(1 << 20, Logged[i].Value.Length);
            Assert.AreEqual(TsLogLevel.Warn, Logged[4].Key);
            StringAssert.StartsWith("zts: console: ", Logged[4].Value);
            StringAssert.Contains("message(s) dropped: more than TsConsole.BufferLimitChars (4194304) chars waited for a flush", Logged[4].Value);
            AssertDomainAnswers();
        }

        [Test]
        public void Jobs_EndlessAwaitLoop_PumpAndBindReturn()
        {
            TsSettings.MaxJobsPerPump = 1000;
            Restart();
            var start = Bind<Func<int>>("globalThis.turns = 0;\n" +
                                        "export function start() { (async () => { for (;;) { globalThis.turns++; await null; } })(); return 0; }\n" +
                                        "export function turns() { return globalThis.turns; }", "start");
            start();
            var turns = TsAppDomain.GetFunction<Func<int>>("m", "turns");
            int before = turns();
            TsFramePump.LateUpdate();
            int after = turns();
            Assert.Greater(after, before);
            Assert.LessOrEqual(after - before, 1000, "one pump runs at most MaxJobsPerPump jobs");
            AssertDomainAnswers(); // the bind's own drain is bounded too
        }

        // ---- limits ----

        private static long Rss()
        {
            foreach (string line in System.IO.File.ReadAllLines("/proc/self/status"))
                if (line.StartsWith("VmRSS:", StringComparison.Ordinal))
                    return long.Parse(line.Substring(6).Trim().Split(' ')[0]) * 1024;
            return 0;
        }

        [Test]
        public void Heap_PastLimit_CatchableInJsAndCSharp_ResetFreesIt()
        {
            long before = Rss();
            TsSettings.HeapLimitBytes = 64L << 20;
            Restart();
            var grow = Bind<Func<string>>(
                "const keep = [];\n" +
                "export function grow() { try { for (;;) keep.push(new Array(100000).fill(keep.length + 0.5)); } catch (e) { keep.length = 0; return e.name + ': ' + e.message; } }\n" +
                "export function growUncaught() { for (;;) keep.push(new Array(100000).fill(keep.length + 0.5)); }", "grow");
            Assert.AreEqual("InternalError: out of memory", grow());
            var e = Assert.Throws<TsException>(() => TsAppDomain.GetFunction<Action>("m", "growUncaught")());
            Assert.AreEqual("out of memory", e.Message);
            long peak = Rss();
            AssertDomainAnswers();
            TsAppDomain.Reset(Load);
            Assert.IsTrue(TsFramePump.EndOfFrame());
            Assert.AreEqual(0, Mono.LastTeardownLeakedBytes);
            AssertDomainAnswers();
            long after = Rss();
            Console.WriteLine("heap limit: RSS before " + (before >> 20) + " MB, at the limit " + (peak >> 20) + " MB, after Reset " + (after >> 20) + " MB");
            Assert.Less(after - before, 32L << 20, "the 64 MB JS heap went back to the OS at Reset");
        }

        [Test]
        public void Heap_StructCopies_CountAgainstTheLimit()
        {
            // A copy's bytes live outside the JS heap (its payload pool, clr/struct_copies.cpp): they are charged to the
            // runtime's allocation counter, so 1 KiB copies stop at the limit like any JS allocation (before, 247 MiB of
            // them were made under a 32 MiB limit).
            TsSettings.HeapLimitBytes = 32L << 20;
            Restart();
            var grow = Bind<Func<string>>(
                "const { Block1024 } = CSharp.Fixtures;\nconst keep = [];\n" +
                "export function grow() { try { for (;;) keep.push(Block1024.Make(keep.length)); } catch (e) { const n = keep.length; keep.length = 0; return e.message + ' ' + n; } }", "grow");
            string result = grow();
            int space = result.LastIndexOf(' ');
            Assert.AreEqual("out of memory", result.Substring(0, space));
            long copies = long.Parse(result.Substring(space + 1));
            Assert.Greater(copies, 1000, "copies are made up to the limit");
            Assert.Less(copies * 1024, 32L << 20, "the copies' bytes count against the 32 MiB limit");
            AssertDomainAnswers();
        }

        [Test]
        public void Stack_Overflow_IsRangeError_SizeSetting()
        {
            string source =
                "function depth(n) { try { return depth(n + 1); } catch (e) { if (!(e instanceof " + BuildFlags.StackOverflowClass + ")) throw e; return n; } }\n" +
                "export function measure() { return depth(0); }\n" +
                "export function message() { function f() { return f() + 1; } try { f(); } catch (e) { return e.name + ': ' + e.message; } }";
            var measure = Bind<Func<int>>(source, "measure");
            Assert.AreEqual(BuildFlags.StackOverflowText, TsAppDomain.GetFunction<Func<string>>("m", "message")());
            int defaultDepth = measure();
            TsSettings.StackSizeBytes = 128 * 1024;
            Restart();
            int smallDepth = Bind<Func<int>>(source, "measure")();
            Console.WriteLine("recursion depth: default stack " + defaultDepth + ", 128 KiB " + smallDepth);
            Assert.Less(smallDepth * 4, defaultDepth, "a 128 KiB stack is under a quarter of QuickJS's 1 MiB default");
            Assert.Greater(smallDepth, 0);
            AssertDomainAnswers();
        }

        // ---- memory that is given back ----

        [Test]
        public void Registry_FrameOfManyObjects_CapacityShrinksWhenEmpty()
        {
            var run = Bind<Func<int, int>>(
                "import { Factory } from 'csharp:Fixtures';\n" +
                "export function run(n) { const all = []; for (let i = 0; i < n; i++) all.push(Factory.Make(i)); return all.length; }", "run");
            Assert.AreEqual(100000, run(100000));
            int grown = Mono.Domain.Registry.Capacity;
            Assert.GreaterOrEqual(grown, 100000);
            Mono.CollectJsGarbage();
            TsFramePump.LateUpdate();
            Assert.AreEqual(0, Mono.RegisteredObjects);
            if (TsBackend.SelectedRuntimeType == TsBackend.Il2CppRuntimeType)
            {
                // The Player's slot table keeps its chunks (GC roots cannot be unregistered, docs/PLAYER.md): the next
                // such frame takes the freed slots again instead of growing.
                Assert.AreEqual(100000, run(100000));
                Assert.AreEqual(grown, Mono.Domain.Registry.Capacity, "a second frame reuses the freed slots");
                Mono.CollectJsGarbage();
                TsFramePump.LateUpdate();
                Assert.AreEqual(0, Mono.RegisteredObjects);
            }
            else Assert.AreEqual(256, Mono.Domain.Registry.Capacity, "an empty registry starts over small");
            Assert.AreEqual(3, run(3));
            AssertDomainAnswers();
        }

        // Frames that each fill and empty the registry keep the capacity they need (shrinking at every
        // emptying made each frame regrow the arrays and rebuild the identity index); a smaller frame gives it back.
        [Test]
        public void Registry_RepeatedLargeFrames_KeepTheirCapacity()
        {
            var registry = new ZTS.Shared.Clr.ObjectRegistry();
            Func<int, int> frame = n =>
            {
                var slots = new int[n];
                for (int i = 0; i < n; i++) slots[i] = registry.SlotOf(new object(), 1);
                foreach (int slot in slots) registry.Release(slot);
                return registry.Capacity;
            };
            Assert.AreEqual(256, frame(100000), "one frame of many objects is given back at once");
            Assert.GreaterOrEqual(frame(100000), 100000, "the second such frame in a row keeps its capacity");
            Assert.GreaterOrEqual(frame(100000), 100000);
            Assert.AreEqual(256, frame(100), "a small frame gives it back");
            Assert.AreEqual(0, registry.Count);
        }

        [Test]
        public void Registry_MostlyEmpty_ShrinksAboveTheHighestLiveSlot()
        {
            var registry = new ZTS.Shared.Clr.ObjectRegistry();
            var objects = new object[100000];
            for (int i = 0; i < objects.Length; i++)
            {
                objects[i] = new object();
                Assert.AreEqual(i, registry.SlotOf(objects[i], 1));
            }
            // A live object near the top holds the capacity: slots never move (the core knows them).
            for (int i = 100; i < objects.Length - 1; i++) registry.Release(i);
            Assert.GreaterOrEqual(registry.Capacity, 100000);
            Assert.AreSame(objects[objects.Length - 1], registry.Get(objects.Length - 1));
            // Once it goes, a few frames of churn (100 objects made and released each) fill the low slots, and the
            // registry shrinks above its highest live slot; the 100 objects kept keep their slots and identity.
            registry.Release(objects.Length - 1);
            for (int frame = 0; frame < 300; frame++)
            {
                var slots = new int[100];
                for (int i = 0; i < slots.Length; i++) slots[i] = registry.SlotOf(new object(), 1);
                foreach (int slot in slots) registry.Release(slot);
            }
            Assert.AreEqual(100, registry.Count);
            Assert.LessOrEqual(registry.Capacity, 512, "a mostly empty registry shrinks above its highest live slot");
            for (int i = 0; i < 100; i++)
            {
                Assert.AreSame(objects[i], registry.Get(i));
                Assert.AreEqual(i, registry.SlotOf(objects[i], 1));
            }
        }

        // ---- input hygiene ----

        [Test]
        public void Names_WithNul_AreZtsErrors()
        {
            Modules["m"] = "export function f() {}";
            var e = Assert.Throws<ArgumentException>(() => TsAppDomain.GetFunction<Action>("m\0evil", "f"));
            StringAssert.StartsWith("zts: jsModule contains a NUL character", e.Message);
            e = Assert.Throws<ArgumentException>(() => TsAppDomain.GetFunction<Action>("m", "f\0x"));
            StringAssert.StartsWith("zts: jsExportName contains a NUL character", e.Message);
            var probe = Bind<Func<string>>("export function probe() { try { return String(CSharp['System\\0zzz']); } catch (e) { return e.message; } }", "probe");
            StringAssert.StartsWith("zts: CLR name 'System\\0...' contains a NUL character", probe());
        }

        [Test]
        public void Errors_LoneSurrogates_EscapedVisibly()
        {
            var f = Bind<Action>("export function f() { throw new Error('a\\uD800b\\uDFFFc\\uD83D\\uDE00'); }", "f");
            var e = Assert.Throws<TsException>(() => f());
            Assert.AreEqual("a\\uD800b\\uDFFFc\uD83D\uDE00", e.Message);
        }

        // `class Mine extends <C# class>` used to give a plain C# object from super() (instanceof false,
        // overrides never called, `this.extra = 1` threw); it is a zts: error naming both, and the class still works.
        [Test]
        public void Extends_CSharpClass_IsZtsError()
        {
            var f = Bind<Func<string>>(
                "const SB = CSharp.System.Text.StringBuilder;\n" +
                "class Mine extends SB { constructor() { super(); this.extra = 1; } Append(x) { return 'override'; } }\n" +
                "export function f() {\n" +
                "  let message = 'made';\n" +
                "  try { new Mine(); } catch (e) { message = e.message; }\n" +
                "  return message + '|' + new SB('still').ToString();\n" +
                "}", "f");
            Assert.AreEqual("zts: JS class 'Mine' cannot extend C# type 'StringBuilder': C# types cannot be subclassed in JS; " +
                            "hold the C# object in a field instead|still", f());
        }

        [Test]
        public void Overloads_BigInt_NamedBigint()
        {
            var f = Bind<Func<string>>("export function f() { try { CSharp.System.Math.Abs(1n); } catch (e) { return e.message; } }", "f");
            StringAssert.Contains("matches (bigint)", f());
        }

        [Test]
        public void FileLoader_SourceMapOutsideFolderOrDevice_Ignored()
        {
            string dir = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "zts-issue11-" + Guid.NewGuid().ToString("N"));
            System.IO.Directory.CreateDirectory(dir);
            try
            {
                System.IO.File.WriteAllText(System.IO.Path.Combine(dir, "zero.js"), "export function f() { return 1; }\n//# sourceMappingURL=/dev/zero\n");
                System.IO.File.WriteAllText(System.IO.Path.Combine(dir, "stdin.js"), "export function f() { return 2; }\n//# sourceMappingURL=file:///dev/stdin\n");
                System.IO.File.WriteAllText(System.IO.Path.Combine(dir, "up.js"), "export function f() { return 3; }\n//# sourceMappingURL=../outside.map\n");
                var loader = new TsFileLoader(dir);
                foreach (string name in new[] { "zero", "stdin", "up" })
                    Assert.IsNull(loader.Load(name).SourceMap, name);
            }
            finally
            {
                System.IO.Directory.Delete(dir, true);
            }
        }

        [Test]
        public void FileLoader_FifoInFolder_RefusedWithoutOpening()
        {
            // A FIFO named like a module or its map used to block the loader until a writer came (Mono shows no FIFO in
            // FileAttributes). The core examines the path first (TsFiles.cs, zts_file_probe): a FIFO module is a zts:
            // error naming it, a FIFO map is ignored, and neither is opened. A writer waits on each FIFO (WaitingFifo),
            // so a loader that opened one would get text and return (and fail here) rather than hang.
            string dir = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "zts-issue11-" + Guid.NewGuid().ToString("N"));
            System.IO.Directory.CreateDirectory(dir);
            try
            {
                using (new WaitingFifo(System.IO.Path.Combine(dir, "pipe.js"), "export const opened = 1;\n"))
                using (new WaitingFifo(System.IO.Path.Combine(dir, "mapped.js.map"), "export const opened = 1;\n"))
                {
                    System.IO.File.WriteAllText(System.IO.Path.Combine(dir, "mapped.js"), "export function f() { return 1; }\n");
                    var loader = new TsFileLoader(dir);
                    var e = Assert.Throws<System.IO.IOException>(() => loader.Load("pipe"));
                    Assert.AreEqual("zts: " + System.IO.Path.Combine(dir, "pipe.js") + " is not a regular file (a FIFO, device or socket): " +
                                    "ZTS reads modules, source maps and package.json from regular files only", e.Message);
                    TsModuleSource mapped = loader.Load("mapped");
                    Assert.IsNull(mapped.SourceMap);
                    StringAssert.Contains("return 1", mapped.Code);
                }
            }
            finally
            {
                System.IO.Directory.Delete(dir, true);
            }
        }
    }
}
