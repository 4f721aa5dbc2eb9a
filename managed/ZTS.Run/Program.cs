using System;
using System.IO;

namespace ZTS.Run
{
    /// <summary>
    /// ztsrun: a headless ZTS host. Loads ES modules from a folder, binds a tick function
    /// (Action&lt;float&gt;) and drives it with the frame pump; --watch hot-reloads with Reset and stays up
    /// when the scripts are broken. Exit codes: 0 ok, 1 a script threw or a Promise rejection went unhandled,
    /// 2 a module is missing or failed to load, 3 binding failed (or an --assembly did not load, or the backend cannot
    /// start: ZTS_BACKEND names one that is not available here), 64 bad usage;
    /// scripts may end the run with Host.Exit(code) (import { Host } from 'csharp:ZTS.Run').
    /// </summary>
    public static class Program
    {
        private const string Usage =
            "usage: ztsrun <dir> [--assembly A.dll]... [--module M] [--export F] [--frames N | --until-exit] [--fps N] [--dt S] [--watch] [--stats]\n" +
            "              [--warn-rejections] [--unbuffered] [--budget MS] [--policy FILE] [--inspect[=[HOST:]PORT] | --inspect-brk[=[HOST:]PORT]]\n" +
            "  <dir>          folder with the emitted ES modules (specifier 'game/logic' -> <dir>/game/logic.js)\n" +
            "  --assembly A   load a C# assembly (the game's API) before the scripts run; repeatable\n" +
            "  --module M     module of the tick function (default: main)\n" +
            "  --export F     named export called every frame with dt in seconds (default: tick); an export named\n" +
            "                 `dispose`, if any, is called before each reload; an export named `start`, if any, is called\n" +
            "                 after each load, before the first tick, and on a reload the new code's `dispose` runs before it\n" +
            "  --frames N     run N frames, then exit 0 (default: 60; under --watch: until stopped or Host.Exit)\n" +
            "  --until-exit   run until a script calls Host.Exit(code) (import { Host } from 'csharp:ZTS.Run')\n" +
            "  --fps N        frames per second; 0 runs as fast as possible, with a fixed timestep (default: 60)\n" +
            "  --dt S         the fixed timestep in seconds: every tick gets dt = S, and the timers' clock (setTimeout) moves\n" +
            "                 S per frame (default under --fps 0: 1/60, so 60 frames are one second of game time); without\n" +
            "                 --dt and with --fps N > 0, dt and the timers follow the wall clock\n" +
            "  --watch        reload (TsAppDomain.Reset) when a module file (.js, .mjs, .map) under <dir> changes, then re-bind; an error\n" +
            "                 (load, bind, tick, unhandled rejection, interrupt) is printed and the run waits for the next change\n" +
            "  --stats        at the end (also after a failure), print the frame count and the tick time (mean, p50, p99, max)\n" +
            "  --warn-rejections  only log an unhandled Promise rejection (default: it ends the run with exit 1)\n" +
            "  --unbuffered   print console output when JS logs it, not after the call (JS and C# output in order)\n" +
            "  --budget MS    time budget of each call into JS (a tick, module loading, the job drain); past it the\n" +
            "                 script is interrupted: exit 1, or with --watch wait for the next change (default: 1000; 0: none,\n" +
            "                 and a call that runs past 1000 ms is reported once after the console output logged before it)\n" +
            "  --policy FILE  the script policy (docs/POLICY.md): scripts reach only the C# it allows, reflection is closed,\n" +
            "                 and a denied access throws `zts: access to 'NS.T.M' is not allowed by the script policy`\n" +
            "  --inspect[=[HOST:]PORT]  the script debugger on 127.0.0.1:PORT and [::1]:PORT (default 9229; 0: any free\n" +
            "                 port), Chrome DevTools Protocol as node --inspect: attach VS Code or chrome://inspect\n" +
            "                 (docs/DEBUGGING.md). HOST other than localhost (0.0.0.0, a LAN address, [::]) listens\n" +
            "                 there: anyone who reaches it can run any code in this process\n" +
            "  --inspect-brk[=[HOST:]PORT]  the same, and wait for the client to attach, then pause at the first statement\n" +
            "exit codes: 0 ok, 1 script threw, was interrupted or left an unhandled rejection, 2 module missing or failed to load,\n" +
            "            3 binding, --assembly or backend start (ZTS_BACKEND) failed, 64 usage, 130 / 143 stopped by SIGINT (Ctrl-C) /\n" +
            "            SIGTERM (the JS running is interrupted and its stack printed; a second signal ends the process at once)\n" +
            GenDtsCommand.UsageLine + "\n" +
            BuildPlayerCommand.UsageLine;

        public static int Main(string[] args)
        {
            if (args.Length > 0 && args[0] == GenDtsCommand.Name) return GenDtsCommand.Run(args);
            if (args.Length > 0 && args[0] == BuildPlayerCommand.Name) return BuildPlayerCommand.Run(args);
            Options o;
            string error = Options.TryParse(args, out o);
            if (o != null && o.Help)
            {
                Console.WriteLine(Usage);
                return 0;
            }
            if (error != null)
            {
                Console.Error.WriteLine("ztsrun: " + error);
                Console.Error.WriteLine(Usage);
                return 64;
            }
            if (o.MissingAssembly != null)
            {
                Console.Error.WriteLine("ztsrun: no such assembly: " + o.MissingAssembly + ZTS.Declarations.DtsGenerator.AssemblyHint);
                return 3;
            }
            return new Runner(o).Run();
        }
    }

    /// <summary>Command-line options of ztsrun.</summary>
    internal sealed class Options
    {
        public string Dir;
        public string MissingAssembly; // the first --assembly path that does not exist (exit 3)
        public string Module = "main";
        public string Export = "tick";
        public int Frames = 60;
        /// <summary>--frames was given: under --watch the run then ends after them, else it runs until stopped.</summary>
        public bool FramesGiven;
        public bool UntilExit;
        public double Fps = 60;
        /// <summary>--dt: the fixed timestep in seconds, or null (--fps 0 then steps by <see cref="NominalStepSeconds"/>).</summary>
        public double? Dt;
        /// <summary>The fixed timestep of --fps 0 without --dt: one frame at a nominal 60 fps.</summary>
        public const double NominalStepSeconds = 1.0 / 60;
        /// <summary>Ticks get a fixed dt and the timers a clock of frames x dt (--fps 0 or --dt), not the wall clock.</summary>
        public bool FixedStep
        {
            get { return Fps == 0 || Dt.HasValue; }
        }
        /// <summary>The fixed timestep in seconds (<see cref="FixedStep"/>).</summary>
        public double StepSeconds
        {
            get { return Dt ?? NominalStepSeconds; }
        }
        public bool Watch;
        public bool Stats;
        public bool WarnRejections;
        public bool Unbuffered;
        public bool Help;
        /// <summary>Default --budget (also in the usage text): a tick that runs a whole second is a runaway script, not a slow frame.</summary>
        public const int DefaultBudgetMs = 1000;
        public int BudgetMs = DefaultBudgetMs;
        public TsScriptPolicy Policy;
        /// <summary>--inspect / --inspect-brk: the debugger's TsSettings.DebuggerPort (0: none, -1: any free port).</summary>
        public int InspectPort;
        public bool InspectBreak;
        public readonly System.Collections.Generic.List<string> Assemblies = new System.Collections.Generic.List<string>();

        /// <summary>--inspect=HOST:PORT's host (null: the loopback): TsSettings.DebuggerHost.</summary>
        public string InspectHost;

        /// <summary>
        /// node's <c>--inspect=[host:]port</c>: "9229", "HOST:9229", "HOST" (port stays), "[::1]:9229", "[::1]". An IPv6
        /// address needs its brackets when a port follows. Returns an error phrase or null.
        /// </summary>
        internal static string ParseHostPort(string value, out string host, ref int port)
        {
            host = null;
            string portText = null;
            if (value.StartsWith("[", StringComparison.Ordinal))
            {
                int close = value.IndexOf(']');
                if (close < 2) return "needs [IPv6 address] in brackets";
                host = value.Substring(0, close + 1);
                string rest = value.Substring(close + 1);
                if (rest.Length > 0)
                {
                    if (rest[0] != ':') return "needs [IPv6 address]:PORT";
                    portText = rest.Substring(1);
                }
            }
            else
            {
                int colon = value.LastIndexOf(':');
                if (colon >= 0)
                {
                    host = value.Substring(0, colon);
                    portText = value.Substring(colon + 1);
                    if (host.IndexOf(':') >= 0) return "needs an IPv6 address in brackets: [" + host + "]:" + portText;
                }
                else if (value.Length > 0 && value.TrimStart('0', '1', '2', '3', '4', '5', '6', '7', '8', '9').Length == 0)
                {
                    portText = value;
                }
                else
                {
                    host = value;
                }
                if (host != null && host.Length == 0) return "needs a host before ':'";
            }
            if (portText != null && (!int.TryParse(portText, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out port) || port > 65535))
                return "needs a port 0-65535";
            return null;
        }

        /// <summary>Parses args; returns an error sentence or null.</summary>
        public static string TryParse(string[] args, out Options o)
        {
            o = new Options();
            for (int i = 0; i < args.Length; i++)
            {
                string a = args[i];
                Func<string> next = () => i + 1 < args.Length ? args[++i] : null;
                switch (a)
                {
                    case "-h":
                    case "--help": o.Help = true; return null;
                    case "--module": o.Module = next(); if (string.IsNullOrEmpty(o.Module)) return "--module needs a module name"; break;
                    case "--export": o.Export = next(); if (string.IsNullOrEmpty(o.Export)) return "--export needs an export name"; break;
                    case "--frames":
                        if (!int.TryParse(next(), out o.Frames) || o.Frames < 0) return "--frames needs a count >= 0";
                        o.FramesGiven = true;
                        break;
                    case "--until-exit": o.UntilExit = true; break;
                    case "--fps":
                        if (!double.TryParse(next(), System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out o.Fps) || o.Fps < 0)
                            return "--fps needs a number >= 0";
                        break;
                    case "--dt":
                        double dt;
                        if (!double.TryParse(next(), System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out dt) ||
                            !(dt > 0) || double.IsInfinity(dt))
                            return "--dt needs a timestep in seconds > 0 (for example 0.02)";
                        o.Dt = dt;
                        break;
                    case "--watch": o.Watch = true; break;
                    case "--budget":
                        if (!int.TryParse(next(), out o.BudgetMs) || o.BudgetMs < 0) return "--budget needs milliseconds >= 0 (0: no budget)";
                        break;
                    case "--stats": o.Stats = true; break;
                    case "--warn-rejections": o.WarnRejections = true; break;
                    case "--unbuffered": o.Unbuffered = true; break;
                    case "--policy":
                        string policy = next();
                        if (string.IsNullOrEmpty(policy)) return "--policy needs a policy file";
                        try
                        {
                            o.Policy = TsScriptPolicyFile.Load(policy);
                        }
                        catch (TsBindException e)
                        {
                            return e.Message.Substring(5);
                        }
                        break;
                    case "--assembly":
                        string assembly = next();
                        if (string.IsNullOrEmpty(assembly)) return "--assembly needs a path to a .dll";
                        if (!File.Exists(assembly) && o.MissingAssembly == null) o.MissingAssembly = assembly; // exit 3, as the usage says
                        o.Assemblies.Add(Path.GetFullPath(assembly));
                        break;
                    default:
                        if (a == "--inspect" || a.StartsWith("--inspect=", StringComparison.Ordinal) ||
                            a == "--inspect-brk" || a.StartsWith("--inspect-brk=", StringComparison.Ordinal))
                        {
                            o.InspectBreak = a.StartsWith("--inspect-brk", StringComparison.Ordinal);
                            int eq = a.IndexOf('=');
                            int port = 9229;
                            string host = null;
                            if (eq >= 0)
                            {
                                string error = ParseHostPort(a.Substring(eq + 1), out host, ref port);
                                if (error != null) return a.Substring(0, eq) + " " + error;
                            }
                            o.InspectHost = host;
                            o.InspectPort = port == 0 ? -1 : port;
                            break;
                        }
                        if (a.StartsWith("-", StringComparison.Ordinal)) return "unknown option " + a;
                        if (o.Dir != null) return "only one <dir> is allowed";
                        o.Dir = a;
                        break;
                }
            }
            if (o.Dir == null) return "missing <dir>";
            if (!Directory.Exists(o.Dir)) return "no such folder: " + o.Dir;
            return null;
        }
    }

    /// <summary>What scripts can call back (import { Host } from 'csharp:ZTS.Run').</summary>
    public static class Host
    {
        internal static int? ExitCode;
        internal static Action ReloadHandler;

        /// <summary>Ends the run after the current frame with the given exit code; console output logged so far is printed now.</summary>
        public static void Exit(int code)
        {
            ExitCode = code;
            TsConsole.Flush();
        }

        /// <summary>Reloads the scripts at the end of the current frame (TsAppDomain.Reset with ztsrun's loader), as a file change does under --watch.</summary>
        public static void Reload()
        {
            if (ReloadHandler != null) ReloadHandler();
        }

        /// <summary>Frames run so far.</summary>
        public static int Frame { get; internal set; }
    }
}
