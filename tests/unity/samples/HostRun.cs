using System;
using System.IO;
using ZTS;
using ZTS.Samples.QuickStart;

// The quick start sample's host (unity/Samples~/QuickStart/ZtsScriptHost.cs) run without Unity, frame by frame as
// Unity and the frame pump would (Update: Tick and PollForChanges; LateUpdate; end of frame), with a fixed timestep and
// a game clock for its change polling, so that its output can be compared line for line with ztsrun's and with the
// sample's headless-output.txt (tests/unity/samples_check.sh).
// Usage: mono HostRun.exe <compiled scripts> <module> <frames> [--touch-at FRAME] [--assembly DLL]...
//   --assembly: a C# assembly the scripts import (csharp:...), loaded first as Unity has loaded the project's.
//   --touch-at: after that frame, every script file gets a newer write time, as a tsc run would give it, and the host
//   must reload the scripts.
internal static class HostRun
{
    private static int Main(string[] args)
    {
        if (args.Length < 3 || args.Length % 2 == 0)
        {
            Console.Error.WriteLine("usage: HostRun.exe <compiled scripts> <module> <frames> [--touch-at FRAME] [--assembly DLL]...");
            return 2;
        }
        string folder = args[0], module = args[1];
        int frames = int.Parse(args[2]);
        int touchAt = -1;
        for (int i = 3; i < args.Length; i += 2)
        {
            if (args[i] == "--touch-at") touchAt = int.Parse(args[i + 1]);
            else if (args[i] == "--assembly") System.Reflection.Assembly.LoadFrom(args[i + 1]);
            else
            {
                Console.Error.WriteLine("HostRun: unknown option " + args[i]);
                return 2;
            }
        }
        const float dt = 1f / 60;
        int steps = 0;
        int errors = 0;
        TsConsole.Sink = (level, text) =>
        {
            if (level >= TsLogLevel.Warn) Console.Error.WriteLine(text);
            else Console.WriteLine(text);
        };
        // The game clock (as ztsrun's fixed step): timers count frames, not the wall clock.
        TsFramePump.TimeSource = () => Math.Round(steps * (double)dt * 1000, 6);
        var host = new ZtsScriptHost(folder, module, text => { errors++; TsConsole.Flush(); Console.Error.WriteLine(text); });
        host.Start();
        for (int frame = 1; frame <= frames; frame++)
        {
            host.Tick(dt);
            steps++;
            if (frame == touchAt)
            {
                DateTime later = DateTime.UtcNow.AddMinutes(1);
                foreach (string file in Directory.GetFiles(folder, "*.js", SearchOption.AllDirectories))
                    File.SetLastWriteTimeUtc(file, later);
            }
            host.PollForChanges(frame * (double)dt);
            TsFramePump.LateUpdate();
            TsFramePump.EndOfFrame();
        }
        TsConsole.Flush();
        // No host.Dispose(): ztsrun does not call dispose when a run ends either, and the outputs must be equal.
        if (touchAt >= 0) Console.WriteLine("[host] loads: " + host.Loads);
        return errors == 0 ? 0 : 1;
    }
}
