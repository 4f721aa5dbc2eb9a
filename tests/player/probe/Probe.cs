using System;
using System.Threading;

namespace ZTS.PlayerProbe
{
    /// <summary>
    /// A plain managed program (no ZTS) that the player launcher must run exactly as `mono` does (docs/PLAYER.md):
    /// arguments, stdout and stderr, Main's result, Environment.Exit, an unhandled exception, a foreground thread
    /// that outlives Main, AppDomain.ProcessExit, GC and finalizers. same_as_mono.sh compares the two runs.
    /// </summary>
    public static class Program
    {
        private sealed class Finalized
        {
            public static int Count;

            ~Finalized()
            {
                Interlocked.Increment(ref Count);
            }
        }

        public static int Main(string[] args)
        {
            Console.WriteLine("args: [" + string.Join("|", args) + "] argv0 " + System.IO.Path.GetFileName(Environment.GetCommandLineArgs()[0]));
            Console.Error.WriteLine("to stderr");
            AppDomain.CurrentDomain.ProcessExit += (sender, e) => Console.WriteLine("process exit");
            string mode = args.Length > 0 ? args[0] : "";
            int code = 0;
            if (args.Length > 1) int.TryParse(args[1], out code);
            switch (mode)
            {
                case "return":
                    return code;
                case "exit":
                    Environment.Exit(code);
                    return 99;
                case "throw":
                    throw new InvalidOperationException("probe failure");
                case "thread":
                    var t = new Thread(() =>
                    {
                        Thread.Sleep(200);
                        Console.WriteLine("foreground thread done");
                    });
                    t.Start();
                    return code;
                case "gc":
                    for (int i = 0; i < 1000; i++) new Finalized();
                    for (int round = 0; round < 5 && Finalized.Count == 0; round++)
                    {
                        GC.Collect();
                        GC.WaitForPendingFinalizers();
                    }
                    Console.WriteLine("finalizers ran: " + (Finalized.Count > 0));
                    return 0;
                default:
                    return 0;
            }
        }
    }
}
