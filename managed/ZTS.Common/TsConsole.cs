using System;
using System.Collections.Generic;

namespace ZTS
{
    /// <summary>The level of a JS console message.</summary>
    public enum TsLogLevel
    {
        /// <summary>console.log / console.debug</summary>
        Log = 0,
        /// <summary>console.info</summary>
        Info = 1,
        /// <summary>console.warn</summary>
        Warn = 2,
        /// <summary>console.error</summary>
        Error = 3,
    }

    /// <summary>
    /// Where JS <c>console</c> output goes. Messages are buffered while JS runs and flushed to
    /// <see cref="Sink"/> outside any JS frame (after the outermost C#->JS call returns, also when it throws, and by
    /// the frame pump), because a host logger that captures a managed stack must not run on top of an engine frame.
    /// So C# output written during a JS call comes before the JS output of that call. Pending messages are also
    /// flushed at process exit (AppDomain.ProcessExit, so Environment.Exit inside a JS call loses nothing).
    /// <see cref="Buffered"/> = false delivers each message at once, in the order it happened (debugging).
    /// </summary>
    public static class TsConsole
    {
        static TsConsole()
        {
            AppDomain.CurrentDomain.ProcessExit += (sender, e) => Flush();
        }

        /// <summary>
        /// True (the default): messages wait for the next flush outside JS. False: each message goes to the sink when
        /// it is logged, inside the JS frame (JS and C# output interleave as they happened; the sink must tolerate
        /// running on top of an engine frame). Set from the domain's thread.
        /// </summary>
        public static bool Buffered
        {
            get { return _buffered; }
            set { _buffered = value; }
        }

        private static volatile bool _buffered = true;

        private static readonly List<KeyValuePair<TsLogLevel, string>> Pending = new List<KeyValuePair<TsLogLevel, string>>();
        private static Action<TsLogLevel, string> _sink = DefaultSink;
        private static bool _flushing;

        /// <summary>The host's sink (Unity: Debug.Log and friends). Null restores the default (stdout / stderr).</summary>
        public static Action<TsLogLevel, string> Sink
        {
            get { return _sink; }
            set { _sink = value ?? DefaultSink; }
        }

        private static volatile bool _hasPending;

        /// <summary>True when messages wait for a flush (a cheap check for hot paths).</summary>
        public static bool HasPending
        {
            get { return _hasPending; }
        }

        /// <summary>Messages waiting for the next flush.</summary>
        public static int PendingCount
        {
            get { lock (Pending) return Pending.Count; }
        }

        /// <summary>Delivers every buffered message to the sink, in order. A throwing sink loses only its message.</summary>
        public static void Flush()
        {
            if (_flushing) return; // a sink that logs again while flushing: picked up by the loop below
            _flushing = true;
            try
            {
                while (true)
                {
                    KeyValuePair<TsLogLevel, string>[] batch;
                    lock (Pending)
                    {
                        if (Pending.Count == 0)
                        {
                            _hasPending = false;
                            return;
                        }
                        batch = Pending.ToArray();
                        Pending.Clear();
                        _hasPending = false;
                    }
                    foreach (var entry in batch)
                    {
                        try { _sink(entry.Key, entry.Value); }
                        catch (Exception e) { DefaultSink(TsLogLevel.Error, "zts: console sink threw " + e.GetType().FullName + ": " + e.Message); }
                    }
                }
            }
            finally
            {
                _flushing = false;
            }
        }

        /// <summary>Buffers a message (backends call this from their console callbacks).</summary>
        public static void Enqueue(TsLogLevel level, string text)
        {
            lock (Pending)
            {
                Pending.Add(new KeyValuePair<TsLogLevel, string>(level, text));
                _hasPending = true;
            }
            if (!_buffered) Flush();
        }

        private static void DefaultSink(TsLogLevel level, string text)
        {
            if (level >= TsLogLevel.Warn) Console.Error.WriteLine(text);
            else Console.Out.WriteLine(text);
        }
    }
}
