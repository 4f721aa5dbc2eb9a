using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading.Tasks;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared.Tasks
{
    /// <summary>
    /// C# tasks and JS promises (docs/EVERYDAY.md), per domain, on the domain's thread only.
    /// C# -> JS: a Task where Task/Task&lt;T&gt; is declared becomes a Promise; the task's completion is queued
    /// from whatever thread completes it and the Promise is settled by the frame pump (Pump), never by that thread;
    /// an already completed task settles at once. Faults reject with "zts: Full.Type: message", cancellation with
    /// "zts: System.Threading.Tasks.TaskCanceledException: the C# task was canceled".
    /// JS -> C#: a JS value (Promise, thenable or plain value) where Task/Task&lt;T&gt; is declared becomes a Task
    /// completed by the frame pump (Pump) when the promise settles: its value converted to T by the one rule set,
    /// a rejection as a TsException. A Reset faults the tasks still waiting with ObjectDisposedException.
    /// </summary>
    internal sealed unsafe class TaskBridge
    {
        private readonly JsDomain _domain;
        private readonly ConcurrentQueue<KeyValuePair<int, Task>> _completed = new ConcurrentQueue<KeyValuePair<int, Task>>();
        private readonly Dictionary<int, Type> _promiseResultTypes = new Dictionary<int, Type>();
        private readonly Dictionary<int, IPromiseTask> _waiting = new Dictionary<int, IPromiseTask>();
        private int _nextWatch = 1;
        // Cancelled with the domain (Forget): a cancelled continuation is removed from its task, so a long-lived host
        // task that a Reset domain awaited keeps nothing of it (before: the continuation and this bridge's queue, ~1.8 KB
        // per Reset, tests/managed TaskBridge_LongLivedTask_KeepsNothingAfterReset).
        private readonly System.Threading.CancellationTokenSource _alive = new System.Threading.CancellationTokenSource();
        private bool _abandoned; // set by AbandonWaiting: the domain is being torn down

        public TaskBridge(JsDomain domain)
        {
            _domain = domain;
        }

        /// <summary>True when t is Task or Task&lt;T&gt; (what crosses as a promise).</summary>
        public static bool IsTaskType(Type t)
        {
            return TsMarshalRules.IsTask(t);
        }

        /// <summary>The awaited type of a Task type: T of Task&lt;T&gt;, void for Task.</summary>
        public static Type ResultType(Type taskType)
        {
            return TsMarshalRules.TaskResult(taskType);
        }

        // ---- C# -> JS ------------------------------------------------------------------------------

        /// <summary>A Promise (owned) for task declared as taskType (Task or Task&lt;T&gt;).</summary>
        public JsValue ToPromise(Task task, Type taskType)
        {
            JsValue promise;
            int token;
            int rc = ZtsNative.zts_promise_new(_domain.Handle, out promise, out token);
            if (rc != ZtsStatus.Ok) throw _domain.TakeError(rc, "promise");
            _promiseResultTypes[token] = ResultType(taskType);
            if (task.IsCompleted)
            {
                Settle(token, task);
                return promise;
            }
            ConcurrentQueue<KeyValuePair<int, Task>> queue = _completed; // not the bridge: a Reset may drop it
            task.ContinueWith(t => queue.Enqueue(new KeyValuePair<int, Task>(token, t)), _alive.Token,
                              TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
            return promise;
        }

        private void Settle(int token, Task task)
        {
            Type resultType = _promiseResultTypes[token];
            _promiseResultTypes.Remove(token);
            JsValue value;
            bool fulfilled = task.Status == TaskStatus.RanToCompletion;
            if (fulfilled)
            {
                try
                {
                    value = resultType == typeof(void)
                        ? JsValue.Undefined
                        : ValueRules.FromClr(_domain, task.GetType().GetProperty("Result").GetValue(task, null), resultType, 0,
                                             Where.Text("the result of a C# task"));
                }
                catch (Exception e)
                {
                    fulfilled = false;
                    value = Error(e);
                }
            }
            else if (task.IsCanceled)
            {
                value = ErrorBoundary.NewError(_domain, CanceledText, "", JsValue.Undefined);
            }
            else
            {
                Exception e = task.Exception.InnerExceptions.Count == 1 ? task.Exception.InnerException : task.Exception;
                value = Error(e);
            }
            int rc = ZtsNative.zts_promise_settle(_domain.Handle, token, fulfilled ? 1 : 0, value);
            if (rc != ZtsStatus.Ok) throw _domain.TakeError(rc, "promise");
        }

        /// <summary>The rejection text of a cancelled task.</summary>
        public const string CanceledText = "zts: System.Threading.Tasks.TaskCanceledException: the C# task was canceled";

        // The rejection value of a fault: the Error a JS -> C# call would throw for e (SPEC_MAP D6), so e comes back
        // as the InnerException when the rejection reaches C# again.
        private JsValue Error(Exception e)
        {
            return ErrorBoundary.ThrowValueFor(_domain, e);
        }

        // ---- JS -> C# ------------------------------------------------------------------------------

        /// <summary>A task of taskType (Task or Task&lt;T&gt;) that the frame pump completes when JS value v (borrowed)
        /// settles; `what` names the place in errors.</summary>
        public Task FromPromise(JsValue v, Type taskType, string what)
        {
            Type result = ResultType(taskType);
            var waiting = (IPromiseTask)Activator.CreateInstance(typeof(PromiseTask<>).MakeGenericType(result == typeof(void) ? typeof(object) : result));
            waiting.What = what;
            waiting.Void = result == typeof(void);
            if (_abandoned)
            {
                // A continuation AbandonWaiting ran called JS that hands over another promise: it can never settle.
                waiting.Fail(Abandoned(what));
                return waiting.Task;
            }
            int token = _nextWatch++;
            int rc = ZtsNative.zts_promise_watch(_domain.Handle, v, token);
            if (rc != ZtsStatus.Ok) throw _domain.TakeError(rc, what);
            _waiting[token] = waiting;
            return waiting.Task;
        }

        // ---- the frame pump ------------------------------------------------------------------------

        /// <summary>Settles the promises of the C# tasks that completed since the last pump (their reactions run with
        /// the next jobs).</summary>
        public void SettleCompletedTasks()
        {
            KeyValuePair<int, Task> done;
            while (_completed.TryDequeue(out done)) Settle(done.Key, done.Value);
        }

        /// <summary>Completes the tasks of the watched JS promises that settled (after the jobs ran).</summary>
        public void CompleteSettledPromises()
        {
            while (true)
            {
                int token;
                JsValue value;
                int state = ZtsNative.zts_promise_take_settled(_domain.Handle, out token, out value);
                if (state <= 0) return;
                IPromiseTask waiting;
                if (!_waiting.TryGetValue(token, out waiting))
                {
                    if (state == 1) ZtsNative.zts_value_free(_domain.Handle, value);
                    continue;
                }
                _waiting.Remove(token);
                if (state == 2)
                {
                    waiting.Fail(_domain.TakeError(ZtsStatus.Js, waiting.What));
                    continue;
                }
                object converted;
                try
                {
                    converted = waiting.Void
                        ? null
                        : ValueRules.ToClr(_domain, value, waiting.ResultType, ValueRules.SlotUnknown, Where.Text("value awaited from " + waiting.What));
                }
                catch (Exception e)
                {
                    waiting.Fail(e);
                    continue;
                }
                finally
                {
                    ZtsNative.zts_value_free(_domain.Handle, value);
                }
                waiting.Complete(converted);
            }
        }

        /// <summary>At teardown: the continuations on C# tasks this domain still watches are removed from those tasks.</summary>
        public void Forget()
        {
            // Not disposed: a ToPromise after this (a continuation running during the teardown) reads the token and
            // gets a cancelled one, so its continuation is dropped at once. A source without a timer holds nothing else.
            _alive.Cancel();
        }

        /// <summary>At teardown: the tasks still waiting for a JS promise fault (the domain is gone).</summary>
        public void AbandonWaiting()
        {
            // Fail runs the tasks' synchronous continuations here, and one may call a delegate of this domain (still
            // alive) whose JS hands C# another promise (FromPromise): the waiting set is copied and emptied first, and
            // later watches fail at once (test Scope_Teardown_ContinuationCallsOldDelegate).
            _abandoned = true;
            var waiting = new List<IPromiseTask>(_waiting.Values);
            _waiting.Clear();
            foreach (IPromiseTask w in waiting) w.Fail(Abandoned(w.What));
        }

        private static ObjectDisposedException Abandoned(string what)
        {
            return new ObjectDisposedException(what, "zts: the script domain was Reset before the promise behind " + what + " settled");
        }

        private interface IPromiseTask
        {
            Task Task { get; }
            Type ResultType { get; }
            bool Void { get; set; }
            string What { get; set; }
            void Complete(object value);
            void Fail(Exception e);
        }

        private sealed class PromiseTask<T> : IPromiseTask
        {
            private readonly TaskCompletionSource<T> _source = new TaskCompletionSource<T>();

            public Task Task { get { return _source.Task; } }
            public Type ResultType { get { return typeof(T); } }
            public bool Void { get; set; }
            public string What { get; set; }
            public void Complete(object value) { _source.TrySetResult((T)value); }
            public void Fail(Exception e) { _source.TrySetException(e); }
        }
    }
}
