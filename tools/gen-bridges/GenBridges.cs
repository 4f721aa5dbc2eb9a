// gen-bridges: the Player backend's build-time step (docs/PLAYER.md).
//
// Two entry points over one generator (Generator.cs):
//  - `build-player` (PlayerBuild.cs; `ztsrun build-player` runs it): a game's launcher, from its assemblies to
//    DIR/zts-player and DIR/lib, self-contained;
//  - the bare generator, for build systems that compile the output themselves (the Unity build step):
//      ZTS.GenBridges.exe --cpp out.cpp --cs out.cs [--report out.txt] [--assembly path.dll]... [--type "Name, Assembly"]...
//                         [--types FILE]... [--no-default-types] [--delegate "reflection name"]... [--scan-il path.dll]...
//                         [--exclude signature]... [--marshal-xml file.xml]... [--scripts DIR [--script-refs script_refs.js]]
//    It writes one C++ file (a bridge per reduced signature, ZTS.Shared's ReducedSignature, the rule the runtime binds
//    with, and their sorted table) and one C# file (a shim per covered delegate type, the managed wrappers and the
//    struct property accessors: ZTS.Il2Cpp.Generated.dll). The output is never committed.
// --marshal-xml checks MarshalAs XML strictly against the inputs (TsMarshalXml.Validate): an invalid entry fails
// the build with file:line: reason (01-HOST-API §3.3: the Player build fails hard where the Editor logs).
// --scan-il reads an assembly's IL for the delegate types its code instantiates (IlScan).
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace ZTS.GenBridges
{
    internal static class Program
    {
        private const string Usage =
            "usage: ZTS.GenBridges.exe build-player ...   (see `ztsrun build-player --help`)\n" +
            "       ZTS.GenBridges.exe --cpp OUT.cpp --cs OUT.cs [--report OUT.txt] [--scripts DIR [--script-refs FILE]] [inputs]\n" +
            "  writes the Player's C++ bridges and C# shims for the inputs, for a build that compiles them itself; with\n" +
            "  --scripts, as build-player --scripts: uses the Player would not cover fail the run at their .ts position\n" +
            PlayerBuild.InputsUsage;

        private static int Main(string[] args)
        {
            if (args.Length > 0 && args[0] == PlayerBuild.Name) return PlayerBuild.Run(args.Skip(1).ToArray());
            if (args.Length == 0 || args[0] == "--help" || args[0] == "-h")
            {
                Console.WriteLine(Usage);
                return args.Length == 0 ? 64 : 0;
            }
            string cpp = null, cs = null, report = null, scripts = null, scriptRefs = null;
            var inputs = new GeneratorInputs();
            var defaults = new DefaultTypes();
            try
            {
                for (int i = 0; i < args.Length; i++)
                {
                    string value = i + 1 < args.Length ? args[i + 1] : null;
                    switch (args[i])
                    {
                        case "--cpp": cpp = value; i++; break;
                        case "--cs": cs = value; i++; break;
                        case "--report": report = value; i++; break;
                        case "--scripts": scripts = value; i++; break;
                        case "--script-refs": scriptRefs = value; i++; break;
                        default:
                            int used = PlayerBuild.ParseInput(args, i, inputs, defaults);
                            if (used == 0) throw new ArgumentException("unknown argument '" + args[i] + "'");
                            i += used - 1;
                            break;
                    }
                }
                if (cpp == null || cs == null) throw new ArgumentException("--cpp and --cs are required");
                defaults.AddTo(inputs);
                if (!PlayerBuild.MarshalXmlValid(inputs, "gen-bridges")) return 1;
                // As build-player --scripts: the scripts' uses of C# members the Player would not cover fail the run, each
                // at its .ts position, and nothing is written (the Unity Player build step passes the settings' TS project).
                ScriptCoverage.Analysis analysis = null;
                if (scripts != null)
                {
                    if (!System.IO.Directory.Exists(scripts)) throw new Toolchain.Failure("no such scripts folder: " + scripts);
                    string scratch = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(cpp));
                    System.IO.Directory.CreateDirectory(scratch);
                    analysis = ScriptCoverage.Analyze(scripts, scriptRefs ?? DefaultScriptRefs(), scratch, inputs);
                }
                Generated g = Generator.Run(inputs);
                if (analysis != null)
                {
                    if (!ScriptCoverage.Report(ScriptCoverage.Check(analysis, inputs, g), "gen-bridges", "generated")) return 1;
                }
                Generator.Write(cpp, g.Cpp);
                Generator.Write(cs, g.Cs);
                if (report != null) Generator.Write(report, PlayerBuild.Report(g));
                Console.WriteLine("gen-bridges: " + g.Summary + (g.LeftOut.Count > 0 ? "; " + g.LeftOut.Count + " members left out" + (report != null ? " (" + report + ")" : "") : ""));
                return 0;
            }
            catch (Toolchain.Failure e)
            {
                Console.Error.WriteLine("gen-bridges: " + e.Message);
                return 1;
            }
            catch (Exception e)
            {
                Console.Error.WriteLine("gen-bridges: " + PlayerBuild.OneLine(e));
                return 1;
            }
        }

        // The script analyzer beside this program: script-refs/script_refs.js (the Unity package's Editor/PlayerBuild~), or
        // the installed build's tools/script-refs/script_refs.js.
        private static string DefaultScriptRefs()
        {
            string here = System.IO.Path.GetDirectoryName(typeof(Program).Assembly.Location);
            string beside = System.IO.Path.Combine(System.IO.Path.Combine(here, "script-refs"), "script_refs.js");
            if (System.IO.File.Exists(beside)) return beside;
            return System.IO.Path.Combine(System.IO.Path.Combine(System.IO.Path.Combine(System.IO.Path.GetDirectoryName(here), "tools"), "script-refs"), "script_refs.js");
        }
    }
}
