using System;
using System.IO;
using System.Text;

namespace ZTS.Run
{
    /// <summary>
    /// ztsrun's stdout when it may close under the run (`ztsrun out | head -1`, a CI log reader that went away):
    /// Mono ignores SIGPIPE, so every later write threw IOException ("Write fault"), reported once per console line by
    /// the console sink, and an uncaught one from ztsrun's own lines ended the run. The first failure is reported once
    /// on stderr; from then on stdout's output is dropped and the run goes on to its own exit code.
    /// </summary>
    internal sealed class StdoutGuard : TextWriter
    {
        private readonly TextWriter _inner;
        private bool _closed;

        private StdoutGuard(TextWriter inner)
        {
            _inner = inner;
        }

        /// <summary>Puts the guard in front of Console.Out.</summary>
        public static void Install()
        {
            Console.SetOut(TextWriter.Synchronized(new StdoutGuard(Console.Out)));
        }

        public override Encoding Encoding
        {
            get { return _inner.Encoding; }
        }

        public override void Write(char value)
        {
            Guard(() => _inner.Write(value));
        }

        public override void Write(string value)
        {
            Guard(() => _inner.Write(value));
        }

        public override void Write(char[] buffer, int index, int count)
        {
            Guard(() => _inner.Write(buffer, index, count));
        }

        public override void WriteLine(string value)
        {
            Guard(() => _inner.WriteLine(value));
        }

        public override void Flush()
        {
            Guard(() => _inner.Flush());
        }

        private void Guard(Action write)
        {
            if (_closed) return;
            try
            {
                write();
            }
            catch (IOException e)
            {
                _closed = true;
                try
                {
                    Console.Error.WriteLine("ztsrun: stdout is closed (" + e.GetType().FullName + ": " + e.Message +
                                            "): its output is dropped from here on; the run goes on");
                }
                catch (IOException)
                {
                    // stderr is closed too
                }
            }
        }
    }
}
