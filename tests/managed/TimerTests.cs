using System;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// setTimeout/setInterval/queueMicrotask run by TsFramePump.LateUpdate on the host's clock: ordering
    /// against microtasks, cancellation inside a callback, Reset clearing pending timers.
    /// </summary>
    [TestFixture]
    public class Timers_FramePump : DomainFixture
    {
        private double _now;
        private Func<double> _savedClock;

        [SetUp]
        public void UseTestClock()
        {
            _now = 0;
            _savedClock = TsFramePump.TimeSource;
            TsFramePump.TimeSource = () => _now;
        }

        [TearDown]
        public void RestoreClock()
        {
            TsFramePump.TimeSource = _savedClock;
        }

        private const string Log = "const log = []; export function read() { return log.join(','); }\n";

        private Func<string> _read;

        // Binds module m's start export, and its read export now: GetFunction runs pending jobs, a bound call does not.
        private Action Start(string body)
        {
            var start = Bind<Action>(Log + "export function start() { " + body + " }", "start");
            _read = TsAppDomain.GetFunction<Func<string>>("m", "read");
            return start;
        }

        private string Read()
        {
            return _read();
        }

        [Test]
        public void Timers_ZeroTimeout_RunsAfterMicrotasks()
        {
            var start = Start(" setTimeout(() => log.push('timeout'), 0);" +
                          " Promise.resolve().then(() => log.push('promise'));" +
                          " queueMicrotask(() => log.push('microtask'));" +
                          " log.push('sync');");
            start();
            Assert.AreEqual("sync", Read(), "nothing runs before the pump");
            TsFramePump.LateUpdate();
            Assert.AreEqual("sync,promise,microtask,timeout", Read());
        }

        [Test]
        public void Timers_MicrotasksOfATimer_RunBeforeTheNextTimer()
        {
            var start = Start(" setTimeout(() => { log.push('t1'); Promise.resolve().then(() => log.push('t1 job')); }, 0);" +
                          " setTimeout(() => log.push('t2'), 0);");
            start();
            TsFramePump.LateUpdate();
            Assert.AreEqual("t1,t1 job,t2", Read());
        }

        [Test]
        public void Timers_Delay_FollowsTheHostClock()
        {
            var start = Start("setTimeout(() => log.push('late'), 100); setTimeout(() => log.push('soon'), 30);");
            start();
            _now = 29;
            TsFramePump.LateUpdate();
            Assert.AreEqual("", Read(), "nothing is due at 29 ms");
            _now = 30;
            TsFramePump.LateUpdate();
            Assert.AreEqual("soon", Read());
            _now = 1000;
            TsFramePump.LateUpdate();
            Assert.AreEqual("soon,late", Read());
            Assert.AreEqual(0, Mono.PendingTimers);
        }

        [Test]
        public void Timers_Interval_CancelInsideItsOwnCallback()
        {
            var start = Start(" let n = 0; const id = setInterval(() => { n++; log.push('tick' + n); if (n === 3) clearInterval(id); }, 10);");
            start();
            for (int frame = 1; frame <= 10; frame++)
            {
                _now = frame * 10;
                TsFramePump.LateUpdate();
            }
            Assert.AreEqual("tick1,tick2,tick3", Read());
            Assert.AreEqual(0, Mono.PendingTimers, "the cleared interval is gone");
        }

        [Test]
        public void Timers_ZeroInterval_RunsOncePerPump()
        {
            var start = Start("setInterval(() => log.push('i'), 0);");
            start();
            TsFramePump.LateUpdate();
            TsFramePump.LateUpdate();
            Assert.AreEqual("i,i", Read(), "a 0 ms interval rescheduled during a pass waits for the next pass");
        }

        // Many timers keep the order by due time then scheduling (a min-heap since the scan of every live timer per
        // run: 100k setTimeout(0) took 48.5 s in one LateUpdate). Timers cleared by a callback do not run.
        [Test]
        public void Timers_HundredThousandZeroTimeouts_AllRunInOneLateUpdateInOrder()
        {
            var start = Start("globalThis.ran = 0; globalThis.inOrder = true; let last = -1; const ids = [];" +
                              " for (let i = 0; i < 100000; i++) ids.push(setTimeout(() => { if (i <= last) inOrder = false; last = i; ran++;" +
                              "   if (i === 10) for (let k = 11; k < 100000; k += 2) clearTimeout(ids[k]); }, 0));");
            start();
            Assert.AreEqual(100000, Mono.PendingTimers);
            TsFramePump.LateUpdate();
            Assert.AreEqual(0, Mono.PendingTimers);
            Modules["state"] = "export function s() { return globalThis.ran + ':' + globalThis.inOrder; }";
            var state = TsAppDomain.GetFunction<Func<string>>("state", "s");
            Assert.AreEqual((11 + (100000 - 11) / 2) + ":true", state());
        }

        [Test]
        public void Timers_TenThousandZeroIntervals_EachRunsOncePerFrame_InDueOrder()
        {
            var start = Start("globalThis.counts = new Int32Array(10000); globalThis.order = '';" +
                              " for (let i = 0; i < 10000; i++) setInterval(() => { counts[i]++; }, 0);" +
                              " setTimeout(() => { order += 'late'; }, 32); setTimeout(() => { order += 'early,'; }, 16);");
            start();
            for (int frame = 1; frame <= 3; frame++)
            {
                _now += 16;
                TsFramePump.LateUpdate();
            }
            Modules["check"] = "export function c() { let bad = 0; for (const n of globalThis.counts) if (n !== 3) bad++;" +
                               " return bad + ':' + globalThis.order; }";
            var check = TsAppDomain.GetFunction<Func<string>>("check", "c");
            Assert.AreEqual("0:early,late", check());
            Assert.AreEqual(10000, Mono.PendingTimers);
        }

        [Test]
        public void Timers_ThrowingCallback_LoggedAndTheOthersRun()
        {
            var start = Start(" setTimeout(() => { throw new Error('bad timer'); }, 0);" +
                          " setTimeout(() => log.push('still'), 0);");
            start();
            TsFramePump.LateUpdate();
            Assert.AreEqual("still", Read());
            Assert.IsTrue(Logged.Exists(e => e.Key == TsLogLevel.Error && e.Value.StartsWith("zts: uncaught exception in a timer callback: bad timer", StringComparison.Ordinal)),
                          "logged: " + string.Join(" | ", Logged.ConvertAll(e => e.Value).ToArray()));
        }

        // A timer set while its module is evaluated counts from the load, on the first load and after a Reset: the
        // domain's timer clock starts at 0, so after a Reset at 5 s a top-level setTimeout(f, 1000) was due at once.
        [Test]
        public void Timers_Reset_TopLevelTimeoutCountsFromItsLoad()
        {
            const string Main = "setTimeout(() => console.log('fired ' + globalThis.load), 1000);\n" +
                                "export function tick() {}";
            for (int load = 1; load <= 2; load++)
            {
                _now = load * 5000; // the host clock ran before this load (the first one starts late, too)
                if (load > 1)
                {
                    TsAppDomain.Reset(Load);
                    Assert.IsTrue(TsFramePump.EndOfFrame());
                }
                Modules["main"] = "globalThis.load = " + load + ";\n" + Main;
                TsAppDomain.GetFunction<Action>("main", "tick");
                Logged.Clear();
                _now += 13; // the first frame after the load
                TsFramePump.LateUpdate();
                _now += 986; // 999 ms after the load
                TsFramePump.LateUpdate();
                Assert.AreEqual(0, Logged.Count, "load " + load + ": fired before 1000 ms: " + string.Join(" | ", Logged.ConvertAll(e => e.Value).ToArray()));
                _now += 1;
                TsFramePump.LateUpdate();
                Assert.AreEqual("fired " + load, Logged.Count == 1 ? Logged[0].Value : "(" + Logged.Count + " lines)", "load " + load);
            }
        }

        [Test]
        public void Timers_Reset_ClearsPendingTimers()
        {
            var start = Bind<Action>("export function start() { setTimeout(() => console.log('fired after reset'), 50); setInterval(() => console.log('interval after reset'), 10); }", "start");
            start();
            Assert.AreEqual(2, Mono.PendingTimers);
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            Assert.AreEqual(0, Mono.PendingTimers, "the new domain has no timers");
            _now = 1000;
            TsFramePump.LateUpdate();
            Assert.IsFalse(Logged.Exists(e => e.Value.Contains("after reset")), "a timer of the old domain ran");
        }
    }
}
