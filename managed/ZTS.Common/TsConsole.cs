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
    /// The buffer holds at most <see cref="BufferLimitChars"/> chars: past it, messages are dropped until the next
    /// flush, which delivers a warning that says how many (<see cref="DroppedNote"/>) where they would have been.
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

        /// <summary>The default of <see cref="BufferLimitChars"/>: 4 M chars (8 MB of UTF-16).</summary>
        public const int DefaultBufferLimitChars = 4 << 20;

        /// <summary>
        /// Chars the buffer holds until the next flush (0: no limit). A message that does not fit is truncated when
        /// the buffer is empty (a note says by how much), and dropped otherwise; from then on every message is
        /// dropped (without being formatted) until the next flush, which delivers the kept ones and then a warning
        /// with the count of the dropped ones. Unbounded, `for (;;) console.log(s)` inside one call buffered all of
        /// it in C#, outside the JS heap limit: 224-458 MB of 1 KB lines in a 1000 ms budget, and Boehm's
        /// `Too many heap sections` abort on the Player with 1 MB lines (tests Console_Output
        /// Console_BufferLimit_DropsWithANote). Set from the domain's thread.
        /// </summary>
        public static int BufferLimitChars
        {
            get { return _limitChars; }
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException("value", "zts: TsConsole.BufferLimitChars cannot be negative");
                _limitChars = value;
            }
        }

        private static int _limitChars = DefaultBufferLimitChars;
        private static long _pendingChars;
        private static volatile bool _full;
        private static long _dropped;

        /// <summary>True when the buffer is full until the next flush: a message logged now is only counted.</summary>
        public static bool IsFull
        {
            get { return _full; }
        }

        /// <summary>The warning a flush delivers after the messages kept when <paramref name="dropped"/> were dropped.</summary>
        public static string DroppedNote(long dropped, int limitChars)
        {
            return "zts: console: " + dropped + " message(s) dropped: more than TsConsole.BufferLimitChars (" + limitChars +
                   ") chars waited for a flush (the buffer is flushed after each outermost C# -> JS call and by TsFramePump)";
        }

        /// <summary>The text a message longer than the whole buffer ends with, after its first limitChars chars.</summary>
        public static string TruncatedNote(int length, int limitChars)
        {
            return "... [zts: console message truncated: " + length + " chars, TsConsole.BufferLimitChars is " + limitChars + "]";
        }

        /// <summary>Counts a message that was dropped because the buffer is full (backends skip formatting it).</summary>
        public static void CountDropped()
        {
            lock (Pending) _dropped++;
        }

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

        private static readonly HashSet<string> SinkFailures = new HashSet<string>();

        // A sink that fails the same way for every message (a closed stdout: IOException "Write fault" per line) is
        // reported once per distinct failure, on stderr; the messages it fails for are lost.
        private static void ReportSinkFailure(Exception e)
        {
            string text = "zts: console sink threw " + e.GetType().FullName + ": " + e.Message;
            lock (SinkFailures)
            {
                if (SinkFailures.Count >= 100 || !SinkFailures.Add(text)) return;
            }
            try
            {
                DefaultSink(TsLogLevel.Error, text + " (the same failure of the sink again is not reported)");
            }
            catch (Exception)
            {
                // stderr is closed too: nowhere left to report
            }
        }

        /// <summary>Delivers every buffered message to the sink, in order. A throwing sink loses only its message; each
        /// distinct failure of the sink is reported once on stderr.</summary>
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
                        if (_dropped > 0)
                        {
                            Pending.Add(new KeyValuePair<TsLogLevel, string>(TsLogLevel.Warn, DroppedNote(_dropped, _limitChars)));
                            _dropped = 0;
                        }
                        _full = false;
                        _pendingChars = 0;
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
                        catch (Exception e) { ReportSinkFailure(e); }
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
            if (text == null) text = "";
            lock (Pending)
            {
                int limit = _limitChars;
                if (limit > 0 && (_full || _pendingChars + text.Length > limit))
                {
                    if (_full || Pending.Count > 0)
                    {
                        _dropped++;
                        _full = true;
                        _hasPending = true; // the flush delivers the note
                        return;
                    }
                    text = text.Substring(0, limit) + TruncatedNote(text.Length, limit);
                    _full = true;
                }
                Pending.Add(new KeyValuePair<TsLogLevel, string>(level, text));
                _pendingChars += text.Length;
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
