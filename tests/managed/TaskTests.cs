using System;
using System.Threading;
using System.Threading.Tasks;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// C# tasks and JS promises in both directions: settled on the JS thread by the frame pump, faults
    /// and cancellations as zts: errors, JS async functions bound as Func&lt;..., Task&lt;T&gt;&gt;.
    /// </summary>
    [TestFixture]
    public class Tasks_Promises : DomainFixture
    {
        private const string Module =
            "import { Loader } from 'csharp:Fixtures.Everyday';\n" +
            "let state = 'none';\n" +
            "export function read() { return state; }\n";

        private string Read()
        {
            return TsAppDomain.GetFunction<Func<string>>("m", "read")();
        }

        [Test]
        public void Tasks_TaskToPromise_SettledByThePumpOnTheJsThread()
        {
            Assert.IsNotNull(typeof(Fixtures.Everyday.Loader).Assembly);
            var start = Bind<Action>(Module + "export function start() { Loader.Gated().then(v => { state = v; }); }", "start");
            start();
            Fixtures.Everyday.Loader.Release("done"); // completes on another thread, which has ended
            Assert.AreEqual("none", Read(), "the completing thread does not settle the promise");
            TsFramePump.LateUpdate();
            Assert.AreEqual("done", Read());
        }

        // Whether a task still holds a continuation (Mono's referencesource Task keeps one in m_continuationObject: the
        // object itself, or a list, LowLevelListWithIList, whose removed entries are gone or null).
        private static bool HasContinuation(Task t)
        {
            return Describe(t).IndexOf("Continuation", StringComparison.Ordinal) >= 0;
        }

        private static string Describe(Task t)
        {
            object o = typeof(Task).GetField("m_continuationObject", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance).GetValue(t);
            var list = o as System.Collections.IEnumerable;
            if (list == null) return o == null ? "none" : o.GetType().Name;
            var names = new System.Collections.Generic.List<string>();
            foreach (object e in list) names.Add(e == null ? "null" : e.GetType().Name);
            return "[" + string.Join(", ", names) + "]";
        }

        [Test]
        public void Tasks_LongLivedTask_KeepsNoContinuationAfterReset()
        {
            var forever = new TaskCompletionSource<int>();
            for (int i = 0; i < 3; i++)
            {
                var take = Bind<Action<Task<int>>>("export function take(t) { t.then(() => {}); }", "take");
                take(forever.Task);
                Assert.IsTrue(HasContinuation(forever.Task), "the domain watches the task");
                TsAppDomain.Reset(Load);
                TsFramePump.EndOfFrame();
                Assert.IsFalse(HasContinuation(forever.Task), "a Reset domain keeps nothing on a host task (round " + i + "): " + Describe(forever.Task));
            }
        }

        [Test]
        public void Tasks_TaskFault_RejectsWithTheExceptionType()
        {
            var start = Bind<Action>(Module + "export function start() { Loader.Fails('broken').catch(e => { state = e.message; }); }", "start");
            start();
            for (int i = 0; i < 200 && Read() == "none"; i++)
            {
                Thread.Sleep(2);
                TsFramePump.LateUpdate();
            }
            Assert.AreEqual("zts: System.InvalidOperationException: broken", Read());
        }

        [Test]
        public void Tasks_TaskCanceled_RejectsClearly()
        {
            var start = Bind<Action>(Module + "export function start() { Loader.Canceled().catch(e => { state = e.message; }); }", "start");
            start();
            TsFramePump.LateUpdate();
            Assert.AreEqual("zts: System.Threading.Tasks.TaskCanceledException: the C# task was canceled", Read());
        }

        [Test]
        public void Tasks_AsyncFunction_TaskCompletesAtThePump()
        {
            var f = Bind<Func<int, Task<int>>>("export async function f(x) { await null; return x * 3; }", "f");
            Task<int> t = f(5);
            Assert.IsFalse(t.IsCompleted, "completed before the pump");
            TsFramePump.LateUpdate();
            Assert.IsTrue(t.IsCompleted);
            Assert.AreEqual(15, t.Result);
        }

        [Test]
        public void Tasks_AsyncFunctionAwaitingATimer_CompletesWhenTheTimerRan()
        {
            double now = 0;
            Func<double> saved = TsFramePump.TimeSource;
            TsFramePump.TimeSource = () => now;
            try
            {
                TsFramePump.LateUpdate();
                var f = Bind<Func<string, Task<string>>>("export async function f(s) { await new Promise(r => setTimeout(r, 100)); return s + '!'; }", "f");
                Task<string> t = f("hi");
                now = 50;
                TsFramePump.LateUpdate();
                Assert.IsFalse(t.IsCompleted, "done before the timer");
                now = 100;
                TsFramePump.LateUpdate();
                Assert.AreEqual("hi!", t.Result);
            }
            finally
            {
                TsFramePump.TimeSource = saved;
            }
        }

        [Test]
        public void Tasks_AsyncFunctionRejects_TaskFaultsWithTsException()
        {
            var f = Bind<Func<Task>>("export async function f() { throw new TypeError('nope'); }", "f");
            Task t = f();
            TsFramePump.LateUpdate();
            Assert.IsTrue(t.IsFaulted);
            var e = (TsException)t.Exception.InnerException;
            Assert.AreEqual("nope", e.Message);
            Assert.AreEqual("TypeError", e.JsName);
        }

        [Test]
        public void Tasks_SyncFunctionAsFuncTask_CompletesAtThePump()
        {
            var f = Bind<Func<Task<int>>>("export function f() { return 7; }", "f");
            Task<int> t = f();
            TsFramePump.LateUpdate();
            Assert.AreEqual(7, t.Result);
        }

        [Test]
        public void Tasks_WrongResolvedValue_TaskFaultsWithMarshalError()
        {
            var f = Bind<Func<Task<int>>>("export async function f() { return 'seven'; }", "f");
            Task<int> t = f();
            TsFramePump.LateUpdate();
            Assert.IsTrue(t.IsFaulted);
            Assert.AreEqual("zts: cannot convert string to System.Int32 (value awaited from return value of 'm.f')", t.Exception.InnerException.Message);
        }

        [Test]
        public void Tasks_Reset_FaultsTasksStillWaiting()
        {
            var f = Bind<Func<Task<int>>>("export function f() { return new Promise(() => {}); }", "f");
            Task<int> t = f();
            TsAppDomain.Reset(Load);
            TsFramePump.EndOfFrame();
            Assert.IsTrue(t.IsFaulted);
            Assert.IsInstanceOf<ObjectDisposedException>(t.Exception.InnerException);
        }
    }
}
