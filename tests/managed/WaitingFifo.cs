using System;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// A FIFO with a writer waiting on it, for the tests that a loader never opens one: a loader that did would get the
    /// writer's text and return, so a regression fails on what it loaded instead of hanging. No timeout decides
    /// anything. Dispose opens the FIFO as a reader too (read-write, which never blocks on Linux) and keeps it open until
    /// the writer is done: a writer blocked in open() wakes only while a reader is there, so closing first could leave it
    /// blocked for good (it did, under the slower Il2Cpp adapter's launcher).
    /// </summary>
    internal sealed class WaitingFifo : IDisposable
    {
        private readonly string _path;
        private readonly Thread _writer;

        /// <summary>Makes the FIFO at path (mkfifo) and starts its writer of text.</summary>
        public WaitingFifo(string path, string text)
        {
            _path = path;
            using (var mkfifo = Process.Start(new ProcessStartInfo("mkfifo", "'" + path.Replace("'", "'\\''") + "'") { UseShellExecute = false }))
            {
                mkfifo.WaitForExit();
                Assert.AreEqual(0, mkfifo.ExitCode, "mkfifo " + path);
            }
            _writer = new Thread(() => Write(path, text)) { IsBackground = true };
            _writer.Start();
        }

        /// <summary>Lets the writer finish (see the class) and waits for it.</summary>
        public void Dispose()
        {
            if (!File.Exists(_path)) return;
            using (Open(_path, FileAccess.ReadWrite)) _writer.Join();
        }

        // Both opens share the FIFO for reading and writing: Mono checks share modes within the process, and the writer
        // may still wait in its open when Dispose opens it. With File.WriteAllText's FileShare.Read, whichever of the
        // two Mono saw second failed with "Sharing violation" (once in a CI run under load).
        private static FileStream Open(string path, FileAccess access)
        {
            return new FileStream(path, FileMode.Open, access, FileShare.ReadWrite);
        }

        private static void Write(string path, string text)
        {
            try
            {
                using (FileStream w = Open(path, FileAccess.Write))
                {
                    byte[] bytes = Encoding.UTF8.GetBytes(text);
                    w.Write(bytes, 0, bytes.Length);
                }
            }
            catch (IOException)
            {
            }
        }
    }
}
