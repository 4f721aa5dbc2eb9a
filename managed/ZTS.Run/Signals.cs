using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Mono.Unix;
using Mono.Unix.Native;

namespace ZTS.Run
{
    /// <summary>
    /// SIGINT (Ctrl-C) and SIGTERM for ztsrun, on a thread of their own (Mono.Posix's UnixSignal). Console.CancelKeyPress
    /// is not enough: Mono hooks SIGINT for it only when the console is a terminal (under a CI runner or `timeout` the
    /// signal still ended the process at once), and it does not cover SIGTERM.
    /// </summary>
    internal static class Signals
    {
        /// <summary>The name passed for SIGINT.</summary>
        public const string Int = "SIGINT";

        /// <summary>The name passed for SIGTERM.</summary>
        public const string Term = "SIGTERM";

        /// <summary>Calls onSignal(Int or Term), on a background thread, each time one of them comes. Where Mono.Posix
        /// cannot load (its native helper missing), falls back to Console.CancelKeyPress for Ctrl-C on a terminal.</summary>
        public static void Watch(Action<string> onSignal)
        {
            try
            {
                WatchUnix(onSignal);
            }
            catch (Exception)
            {
                Console.CancelKeyPress += (sender, e) =>
                {
                    e.Cancel = true;
                    onSignal(Int);
                };
            }
        }

        // Apart, so that a Mono.Posix that cannot load fails here, where Watch catches it.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void WatchUnix(Action<string> onSignal)
        {
            var signals = new[] { new UnixSignal(Signum.SIGINT), new UnixSignal(Signum.SIGTERM) };
            var thread = new Thread(() =>
            {
                while (true)
                {
                    int i = UnixSignal.WaitAny(signals);
                    if (i >= 0 && i < signals.Length)
                    {
                        signals[i].Reset();
                        onSignal(i == 0 ? Int : Term);
                    }
                }
            });
            thread.IsBackground = true;
            thread.Name = "ztsrun signals";
            thread.Start();
        }
    }
}
