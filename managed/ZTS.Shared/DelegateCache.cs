using System;
using System.Collections.Generic;

namespace ZTS.Shared
{
    /// <summary>
    /// The delegates a domain made from JS functions (JsDomain.DelegateFor), by (function, delegate type), held
    /// weakly: the same instance while it is alive, so remove_X(fn) finds what add_X(fn) added (10-LIFETIME §5.1).
    /// </summary>
    internal sealed class DelegateCache
    {
        private readonly Dictionary<KeyValuePair<IntPtr, Type>, WeakReference> _delegates =
            new Dictionary<KeyValuePair<IntPtr, Type>, WeakReference>();

        // Prune when the cache doubled since the last prune: O(1) amortized per delegate even when
        // most entries are alive (a fixed threshold rescanned the whole cache on every new delegate).
        private int _pruneAt = 1024;

        /// <summary>The live delegate made for key, or null.</summary>
        public Delegate Find(KeyValuePair<IntPtr, Type> key)
        {
            WeakReference cached;
            return _delegates.TryGetValue(key, out cached) ? cached.Target as Delegate : null;
        }

        /// <summary>Remembers made for key (pruning the collected entries when the cache doubled).</summary>
        public void Add(KeyValuePair<IntPtr, Type> key, Delegate made)
        {
            if (_delegates.Count >= _pruneAt) Prune();
            _delegates[key] = new WeakReference(made);
        }

        private void Prune()
        {
            var dead = new List<KeyValuePair<IntPtr, Type>>();
            foreach (var entry in _delegates)
                if (!entry.Value.IsAlive) dead.Add(entry.Key);
            foreach (var key in dead) _delegates.Remove(key);
            _pruneAt = Math.Max(1024, _delegates.Count * 2);
        }
    }
}
