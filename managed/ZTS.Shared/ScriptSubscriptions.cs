using System;
using System.Collections.Generic;
using System.Reflection;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// The C# event subscriptions a domain's scripts made with JS functions: add_X(fn) records
    /// (target, event, delegate), remove_X(fn) forgets one record, and teardown calls remove_X for every
    /// subscription still in place, so a C# event keeps no handler of a dead domain (and no dead domain alive).
    /// A handler counts when it is a delegate of this domain's JS function: a JS function passed directly, or
    /// one made with zts.to_delegate. Delegates that C# stores elsewhere are not tracked (calling them after
    /// Reset throws, naming the function's origin).
    /// </summary>
    internal sealed unsafe class ScriptSubscriptions
    {
        private struct Entry
        {
            public WeakReference Target; // null for a static event; a collected target needs no remove
            public EventInfo Event;
            public Delegate Handler;
        }

        private readonly List<Entry> _entries = new List<Entry>();
        private int _pruneAt = 256;

        /// <summary>Subscriptions in place (tests).</summary>
        public int Count
        {
            get { return _entries.Count; }
        }

        /// <summary>The bridge of m, wrapped to record subscriptions when m is an event's add or remove accessor.</summary>
        public static HostFunction Track(MethodInfo m, HostFunction bridge)
        {
            EventInfo ev = TsMemberRules.EventOf(m);
            if (ev == null) return bridge;
            bool adds = m == ev.GetAddMethod(true);
            Type handlerType = ev.EventHandlerType;
            bool isStatic = m.IsStatic;
            return (d, thisVal, argc, argv, magic, data) =>
            {
                JsValue result = bridge(d, thisVal, argc, argv, magic, data); // throws: nothing was (un)subscribed
                Delegate handler = argc > 0 ? ScriptHandler(d, argv[0], Bridges.ArgReader.SlotAt(data + 2), handlerType) : null;
                if (handler != null)
                {
                    object target = isStatic || data[1].Tag != JsValue.TagInt ? null : d.Registry.Get(data[1].Int32);
                    if (adds) d.Subscriptions.Add(target, ev, handler);
                    else d.Subscriptions.Remove(target, ev, handler);
                }
                return result;
            };
        }

        // The delegate the accessor received when it is one of d's JS functions (the same instance: DelegateFor
        // caches it while the event holds it), else null.
        private static Delegate ScriptHandler(JsDomain d, JsValue arg, int slot, Type handlerType)
        {
            if (arg.Tag != JsValue.TagObject) return null;
            Delegate handler = slot >= 0 ? d.Registry.Get(slot) as Delegate : d.DelegateFor(arg, handlerType);
            FunctionClosure closure = FunctionClosure.Of(handler);
            return closure != null && closure.Domain == d ? handler : null;
        }

        private void Add(object target, EventInfo ev, Delegate handler)
        {
            if (_entries.Count >= _pruneAt)
            {
                _entries.RemoveAll(e => e.Target != null && !e.Target.IsAlive);
                _pruneAt = Math.Max(256, _entries.Count * 2);
            }
            _entries.Add(new Entry { Target = target == null ? null : new WeakReference(target), Event = ev, Handler = handler });
        }

        private void Remove(object target, EventInfo ev, Delegate handler)
        {
            // The last matching record, as Delegate.Remove takes the last occurrence.
            for (int i = _entries.Count - 1; i >= 0; i--)
            {
                Entry e = _entries[i];
                if (e.Event == ev && e.Handler == handler && (e.Target == null ? target == null : e.Target.Target == target))
                {
                    _entries.RemoveAt(i);
                    return;
                }
            }
        }

        /// <summary>Calls remove_X for every subscription still in place, newest first; a throwing remove is logged.</summary>
        public void RemoveAll()
        {
            // A remove_X accessor is C# code that may subscribe or unsubscribe again: the list is copied and emptied
            // before any of them runs, as TaskBridge.AbandonWaiting does with its continuations.
            Entry[] entries = _entries.ToArray();
            _entries.Clear();
            for (int i = entries.Length - 1; i >= 0; i--)
            {
                Entry e = entries[i];
                object target = e.Target != null ? e.Target.Target : null;
                if (e.Target != null && target == null) continue;
                try
                {
                    e.Event.GetRemoveMethod(true).Invoke(target, new object[] { e.Handler });
                }
                catch (TargetInvocationException x)
                {
                    TsConsole.Enqueue(TsLogLevel.Error, TsResetTexts.Threw(e.Event.DeclaringType.Name + ".remove_" + e.Event.Name, x.InnerException ?? x));
                }
            }
        }
    }
}
