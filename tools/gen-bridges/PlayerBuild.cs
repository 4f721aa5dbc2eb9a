using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using System.Text;

namespace ZTS.GenBridges
{
    /// <summary>
    /// `ztsrun build-player`: builds the Player launcher of a game (docs/PLAYER.md, "Building a game's Player").
    /// From the installed build only (build/dist: lib/ with the core, the CLR adapter and the managed layer;
    /// player-sdk/ with the Player runtime archive and the headers its bridges compile against) it
    ///  1. generates the bridges, shims, wrappers and accessors for the game's assemblies (Generator), with the
    ///     framework types scripts reach by default (DefaultTypes) and the members left out listed in
    ///     DIR/player-coverage.txt;
    ///  2. with --scripts, fails when a C# member the scripts use has no Player bridge (ScriptCoverage); a generic
    ///     method with ref/out parameters is then closed over the types the scripts close it with;
    ///  3. compiles the C# into DIR/lib/ZTS.Il2Cpp.Generated.dll (mcs) and the C++ with the Player runtime into
    ///     DIR/zts-player (the C++ compiler, in parallel with mcs);
    ///  4. copies what the launcher runs with into DIR/lib: a self-contained folder.
    /// A second run with unchanged inputs only compares a stamp (DIR/obj/build-player.stamp).
    /// </summary>
    internal static class PlayerBuild
    {
        public const string Name = "build-player";

        public const string InputsUsage =
            "  --assembly A.dll  a game assembly: every public member and every delegate type it declares or instantiates\n" +
            "  --type 'T, Asm'   one more framework type ('System.Text.StringBuilder, mscorlib'; a generic one as List`1)\n" +
            "  --types FILE      more types, one assembly-qualified name a line (# comments)\n" +
            "  --no-default-types  leave out the default framework types (TsFrameworkTypes.Defaults, docs/PLAYER.md)\n" +
            "  --marshal-xml F   MarshalAs XML, checked strictly: an invalid entry fails the build with file:line: reason\n" +
            "  advanced (the project's own test Player): --scan-il A.dll (delegate types only), --delegate 'T, Asm', --exclude SIGNATURE\n";

        public const string UsageText =
            "usage: ztsrun build-player --assembly Game.dll [--assembly ...] [--type 'T, Asm']... [--types FILE] [--marshal-xml FILE]...\n" +
            "                           [--scripts DIR] [--clr mono|il2cpp] [--inspector] [--sdk DIR] --out DIR | --il2cpp-sources DIR\n" +
            "  builds the Player launcher of a game: DIR/zts-player and DIR/lib/, self-contained\n" +
            "  (run it as `DIR/zts-player Program.exe args`, or `DIR/zts-player DIR/lib/ztsrun.exe scripts/ --assembly Game.dll`)\n" +
            InputsUsage +
            "  --scripts DIR     the game's TS project (tsconfig.json) or its compiled scripts with source maps: fail the build\n" +
            "                    with `file.ts:line:col: 'T.M' has no Player bridge: reason` for each C# member they use that\n" +
            "                    the Player would not cover (needs node and the typescript package; docs/PLAYER.md)\n" +
            "  --clr mono|il2cpp the CLR adapter the launcher runs on: mono (default), or il2cpp: the Il2Cpp adapter over the\n" +
            "                    tests' Il2Cpp stand-in (method pointers and Il2Cpp's exceptions; docs/PLAYER.md)\n" +
            "  --inspector       ship the core with the script inspector (a CDP server on a TCP port when the game starts\n" +
            "                    one: TsSettings.DebuggerPort); without it the Player's core has none (docs/DEBUGGING.md)\n" +
            "  --sdk DIR         the Player SDK to build with (default: the installed build's player-sdk); another build's\n" +
            "                    SDK builds the launcher for its CPU: its archive, headers and compile flags (cxxflags.txt),\n" +
            "                    the natives of that build (DIR/lib/libzts.so, DIR/../lib: the adapter, the core with the\n" +
            "                    inspector); the managed layer is this build's (e.g. the 32-bit x86 Player: --sdk\n" +
            "                    build/linux-x86/dist/player-sdk, docs/PLATFORMS.md)\n" +
            "  --out DIR         output folder (created); DIR/player-coverage.txt lists the members left out and why; a\n" +
            "                    folder with other files that no build-player run made (no DIR/.build-player) is refused\n" +
            "  --overwrite       write into such a folder anyway (same-named files are replaced)\n" +
            "  --il2cpp-sources DIR  build nothing: write into DIR, flat, what the Unity package's Player build step gives\n" +
            "                    Il2Cpp to compile (the Il2Cpp plugin: Player runtime and Il2Cpp adapter; the generated bridges\n" +
            "                    player_bridges.gen.cpp; the generated C# PlayerShims.g.cs; player-coverage.txt); it compiles\n" +
            "                    against a libil2cpp folder alone (docs/PLAYER.md, \"The Il2Cpp plugin\")\n" +
            "  needs: the installed build (build/dist), mcs (mono-devel) and a C++ compiler (g++; $CXX wins)\n" +
            "  exit codes: 0 built or up to date, 1 the build failed (one line says why), 64 usage";

        /// <summary>Parses one input option at args[i]; the number of arguments it took, 0 when args[i] is no input
        /// option. scanInputs: an --assembly's IL is also read for the delegate types it instantiates.</summary>
        public static int ParseInput(string[] args, int i, GeneratorInputs inputs, DefaultTypes defaults, bool scanInputs = false)
        {
            string a = args[i];
            if (a == "--no-default-types")
            {
                defaults.Enabled = false;
                return 1;
            }
            if (a != "--assembly" && a != "--type" && a != "--types" && a != "--delegate" && a != "--scan-il" && a != "--exclude" && a != "--marshal-xml")
                return 0;
            if (i + 1 >= args.Length || args[i + 1].StartsWith("--", StringComparison.Ordinal))
                throw new ArgumentException(a + " needs a value");
            string value = args[i + 1];
            switch (a)
            {
                case "--assembly": inputs.AddAssembly(Assembly(value), scanInputs); break;
                case "--scan-il": inputs.AddScanIl(Assembly(value)); break;
                case "--type": inputs.AddType(value); break;
                case "--types":
                    if (!File.Exists(value)) throw new ArgumentException("no such types file: " + value);
                    foreach (Type t in ZTS.TsFrameworkTypes.Load(value)) inputs.AddType(t);
                    break;
                case "--delegate": inputs.AddDelegate(value); break;
                case "--exclude": inputs.Excluded.Add(value); break;
                case "--marshal-xml":
                    if (!File.Exists(value)) throw new ArgumentException("no such MarshalAs XML file: " + value);
                    inputs.MarshalXml.Add(value);
                    break;
            }
            return 2;
        }

        // An input assembly's path, checked: missing, not .NET, or with a dependency that cannot be found, each one line.
        private static string Assembly(string path)
        {
            if (!File.Exists(path)) throw new ArgumentException("no such assembly: " + path);
            try
            {
                AssemblyName.GetAssemblyName(path);
            }
            catch (BadImageFormatException)
            {
                throw new ArgumentException(path + " is not a .NET assembly");
            }
            return path;
        }

        /// <summary>Checks the MarshalAs XML inputs strictly (TsMarshalXml.Validate); prints each problem and returns false.</summary>
        public static bool MarshalXmlValid(GeneratorInputs inputs, string tool)
        {
            IList<string> invalid = ZTS.TsMarshalXml.Validate(inputs.MarshalXml);
            if (invalid.Count == 0) return true;
            foreach (string problem in invalid) Console.Error.WriteLine(problem);
            Console.Error.WriteLine(tool + ": " + invalid.Count + " invalid MarshalAs XML entr" + (invalid.Count == 1 ? "y" : "ies") + ": nothing generated");
            return false;
        }

        /// <summary>The coverage report: what the build covers, then each member left out with its reason.</summary>
        public static string Report(Generated g)
        {
            var sb = new StringBuilder();
            sb.Append("# The Player build's coverage (tools/gen-bridges, docs/PLAYER.md): ").Append(g.Summary).Append('\n');
            sb.Append("# Public members of the inputs the Player cannot call, with the reason; binding one is a zts: error.\n");
            // A name may hold a line break or a quote (IL allows any string): shown escaped, one line per member.
            foreach (LeftOut l in g.LeftOut) sb.Append(CsNames.Comment(l.Member)).Append(": ").Append(CsNames.Comment(l.Reason)).Append('\n');
            return sb.ToString();
        }

        /// <summary>One line for an exception: the message, and for a type that failed to load, its first loader error.</summary>
        public static string OneLine(Exception e)
        {
            var tl = e as ReflectionTypeLoadException;
            if (tl != null && tl.LoaderExceptions.Length > 0 && tl.LoaderExceptions[0] != null)
                return "cannot read the types of an input: " + tl.LoaderExceptions[0].Message.Split('\n')[0] + " (pass the missing assembly with --assembly or put it beside the input)";
            var fnf = e as FileNotFoundException;
            if (fnf != null) return "cannot load " + (fnf.FileName ?? "an assembly") + ": put it beside the input that references it, or pass it with --assembly";
            return e.Message.Split('\n')[0];
        }

        private sealed class Layout
        {
            public string Lib;      // the installed build's lib/ (this program's folder): the managed layer
            public string Sdk;      // the Player SDK: the installed build's player-sdk/, or --sdk DIR
            public string Natives;  // the SDK's build's lib/ (Sdk/../lib): the CLR adapter, the core with the inspector
            public string[] CxxFlags; // Sdk/cxxflags.txt: what the generated C++ compiles and links with for the SDK's CPU
            public string Out;      // DIR
            public string OutLib;   // DIR/lib
            public string Obj;      // DIR/obj: generated sources, objects, the stamp
            public string ScriptRefs; // the installed build's tools/script-refs/script_refs.js
        }

        // The managed layer a launcher runs with, from the installed lib/, with QuickJS's license notice that goes with
        // libzts.so (cmake/ZtsNotice.cmake); the natives (the core, the adapter's library) come from the SDK's build.
        private static readonly string[] RuntimeFiles =
        {
            "ZTS.Common.dll", "ZTS.Shared.dll", "ZTS.Il2Cpp.dll", "ztsrun.exe", "ZTS.Declarations.dll",
            "THIRD-PARTY-NOTICES.txt",
        };

        /// <summary>The CLR adapter a launcher is built over (docs/PLAYER.md, "The CLR adapter"): its library, the Player
        /// runtime archive compiled for its typed call, and the defines the generated bridges compile with.</summary>
        private sealed class Clr
        {
            public string Library;   // lib<name>.so in the installed lib/
            public string Archive;   // in player-sdk/
            public string[] Defines;

            public static Clr Of(string name)
            {
                if (name == "mono") return new Clr { Library = "zts_clr", Archive = "libzts_player.a", Defines = new string[0] };
                if (name == "il2cpp")
                    return new Clr { Library = "zts_clr_il2cpp", Archive = "libzts_player_il2cpp.a",
                                     Defines = new[] { "-DZTS_CLR_IL2CPP", "-DZTS_IL2CPP_DECL", "-DZTS_IL2CPP_STANDIN" } };
                return null;
            }
        }

        public static int Run(string[] args)
        {
            var clock = Stopwatch.StartNew();
            string outDir = null, scripts = null, il2cppSources = null, sdk = null;
            bool overwrite = false;
            bool inspector = false; // the Player SDK's core, without the inspector, unless asked (docs/DEBUGGING.md)
            Clr clr = Clr.Of("mono");
            var inputs = new GeneratorInputs();
            var defaults = new DefaultTypes();
            try
            {
                if (args.Length == 0 || args.Contains("--help") || args.Contains("-h"))
                {
                    Console.WriteLine(UsageText);
                    return args.Length == 0 ? 64 : 0;
                }
                for (int i = 0; i < args.Length; i++)
                {
                    if (args[i] == "--clr")
                    {
                        clr = i + 1 < args.Length ? Clr.Of(args[++i]) : null;
                        if (clr == null) return Usage("--clr takes mono or il2cpp");
                        continue;
                    }
                    if (args[i] == "--inspector")
                    {
                        inspector = true;
                        continue;
                    }
                    if (args[i] == "--overwrite")
                    {
                        overwrite = true;
                        continue;
                    }
                    if (args[i] == "--out" || args[i] == "--scripts" || args[i] == "--il2cpp-sources" || args[i] == "--sdk")
                    {
                        if (i + 1 >= args.Length) throw new ArgumentException(args[i] + " needs a folder");
                        if (args[i] == "--out") outDir = args[++i];
                        else if (args[i] == "--scripts") scripts = args[++i];
                        else if (args[i] == "--sdk") sdk = args[++i];
                        else il2cppSources = args[++i];
                        continue;
                    }
                    int used = ParseInput(args, i, inputs, defaults, true);
                    if (used == 0) return Usage("unknown argument '" + args[i] + "'");
                    i += used - 1;
                }
                if (outDir != null && il2cppSources != null) return Usage("--out and --il2cpp-sources exclude each other");
                if (outDir == null && il2cppSources == null) return Usage("--out DIR (or --il2cpp-sources DIR) is required");
                // The sources alone: the generator's scratch files go to a temporary folder, DIR gets only the sources.
                string scratch = il2cppSources != null ? Path.Combine(Path.GetTempPath(), "zts-build-player-" + Process.GetCurrentProcess().Id) : null;
                if (scratch != null) outDir = scratch;
                if (inputs.AssemblyPaths.Count == 0) return Usage("no --assembly given: name the game's assemblies");
                if (scripts != null && !Directory.Exists(scripts)) throw new Toolchain.Failure("no such scripts folder: " + scripts);

                if (il2cppSources == null && !overwrite) RefuseForeignOut(outDir);
                Layout l = Find(outDir, clr, sdk, inspector || il2cppSources != null);
                if (il2cppSources == null) File.WriteAllText(Path.Combine(l.Out, OutMarker), "made by ztsrun build-player (docs/PLAYER.md)\n");
                // The launcher ships ztsrun.exe in DIR/lib: its host API (Host.Exit) and the delegate types it binds are covered.
                inputs.AddAssembly(Path.Combine(l.Lib, "ztsrun.exe"), true);
                defaults.AddTo(inputs);
                Generated g;
                ScriptCoverage.Analysis analysis;
                if (il2cppSources != null)
                {
                    // No toolchain, no stamp: nothing is built, and generating is the whole run (about a second).
                    try
                    {
                        if (!Generate(inputs, scripts, l, out g, out analysis) || !Covered(analysis, inputs, g)) return 1;
                        int written = WriteIl2CppSources(il2cppSources, l, g);
                        Console.WriteLine("build-player: " + Path.GetFullPath(il2cppSources) + ": " + written + " files for Il2Cpp (" + g.Summary + "; " +
                                          g.LeftOut.Count + " members left out, player-coverage.txt) (" + Seconds(clock) + ")");
                        return 0;
                    }
                    finally
                    {
                        Directory.Delete(scratch, true);
                    }
                }
                string mcs = Toolchain.Require("mcs", "C# compiler", "apt-get install mono-devel, or run tools/setup.sh");
                string cxxName = Environment.GetEnvironmentVariable("CXX");
                string cxx = Toolchain.Require(string.IsNullOrEmpty(cxxName) ? "c++" : cxxName, "C++ compiler", "apt-get install g++, or set CXX");

                string stampPath = Path.Combine(l.Obj, "build-player.stamp");
                string stamp = Stamp(args, inputs, l, scripts, clr);
                string launcher = Path.Combine(l.Out, "zts-player");
                string generatedDll = Path.Combine(l.OutLib, "ZTS.Il2Cpp.Generated.dll");
                if (File.Exists(stampPath) && File.ReadAllText(stampPath) == stamp && File.Exists(launcher) && File.Exists(generatedDll))
                {
                    Console.WriteLine("build-player: " + launcher + " is up to date (" + Seconds(clock) + ")");
                    return 0;
                }
                if (File.Exists(stampPath)) File.Delete(stampPath);
                if (!Generate(inputs, scripts, l, out g, out analysis)) return 1;
                string cpp = Path.Combine(l.Obj, "player_bridges.gen.cpp");
                string cs = Path.Combine(l.Obj, "PlayerShims.g.cs");
                Generator.Write(cpp, g.Cpp);
                Generator.Write(cs, g.Cs);
                Generator.Write(Path.Combine(l.Out, "player-coverage.txt"), Report(g));
                if (!Covered(analysis, inputs, g)) return 1; // the generated sources stay in DIR/obj for a look

                // The C++ compiles while mcs runs (2-3 s each here).
                string obj = Path.Combine(l.Obj, "player_bridges.gen.o");
                var compile = new Toolchain.Run(cxx, l.CxxFlags.Concat(new[] { "-O2", "-std=c++17", "-fPIE", "-w", "-I", Path.Combine(l.Sdk, "include") })
                                                     .Concat(clr.Defines).Concat(new[] { "-c", cpp, "-o", obj }));
                Directory.CreateDirectory(l.OutLib);
                foreach (string f in RuntimeFiles) Copy(Path.Combine(l.Lib, f), l.OutLib);
                // The core: the SDK's build's own (the Editor's, with the inspector: native/inspector) only when asked;
                // by default the Player SDK's, the same core linked without it (player-sdk/lib/libzts.so).
                Copy(inspector ? Path.Combine(l.Natives, "libzts.so") : Path.Combine(l.Sdk, "lib", "libzts.so"), l.OutLib);
                Copy(Path.Combine(l.Natives, "lib" + clr.Library + ".so"), l.OutLib);
                // Program.exe's own folder may hold older copies of the game's assemblies; these are the ones the
                // generated assembly was compiled against, and the launcher searches DIR/lib first.
                foreach (string a in inputs.AssemblyPaths.Where(p => !IsFramework(p))) Copy(a, l.OutLib);
                var refs = new List<string> { "-target:library", "-unsafe", "-debug-", "-out:" + generatedDll,
                                              "-r:" + Path.Combine(l.Lib, "ZTS.Common.dll"), "-r:" + Path.Combine(l.Lib, "ZTS.Shared.dll") };
                refs.AddRange(inputs.AssemblyPaths.Select(p => "-r:" + p));
                refs.Add(cs);
                new Toolchain.Run(mcs, refs).Check("compiling the generated C# (" + cs + ")");
                compile.Check("compiling the generated C++ (" + cpp + ")");
                new Toolchain.Run(cxx, l.CxxFlags.Concat(new[] { "-o", launcher, obj, "-Wl,--whole-archive", Path.Combine(l.Sdk, clr.Archive), "-Wl,--no-whole-archive",
                                               "-L" + l.OutLib, "-l" + clr.Library,
                                               // The runtime links no symbol of the core (zts_player_core), but the launcher
                                               // loads it: the managed side's P/Invokes bind to this process's own core.
                                               "-Wl,--no-as-needed", "-lzts", "-Wl,--as-needed", "-Wl,-rpath,$ORIGIN/lib", "-pthread" }))
                    .Check("linking " + launcher);
                File.WriteAllText(stampPath, stamp);
                Console.WriteLine("build-player: " + launcher + ": " + g.Summary + "; " + g.LeftOut.Count + " members left out (" +
                                  Path.Combine(l.Out, "player-coverage.txt") + ") (" + Seconds(clock) + ")");
                return 0;
            }
            catch (Toolchain.Failure e)
            {
                Console.Error.WriteLine("build-player: " + e.Message);
                return 1;
            }
            catch (Exception e)
            {
                Console.Error.WriteLine("build-player: " + OneLine(e));
                return 1;
            }
        }

        // Checks the MarshalAs XML, runs the script analyzer (with --scripts: first, since the instances its
        // zts.generic_method calls close a generic method with ref/out parameters with are the ones the build writes
        // wrappers for, Generator.GenericClosings) and generates; false when the XML is invalid (the reasons are printed).
        private static bool Generate(GeneratorInputs inputs, string scripts, Layout l, out Generated g, out ScriptCoverage.Analysis analysis)
        {
            g = null;
            analysis = null;
            if (!MarshalXmlValid(inputs, "build-player")) return false;
            analysis = scripts == null ? null : ScriptCoverage.Analyze(scripts, l.ScriptRefs, l.Obj, inputs);
            g = Generator.Run(inputs);
            return true;
        }

        // The scripts' uses checked against what was generated: false when one is not covered (each is printed).
        private static bool Covered(ScriptCoverage.Analysis analysis, GeneratorInputs inputs, Generated g)
        {
            return analysis == null || ScriptCoverage.Report(ScriptCoverage.Check(analysis, inputs, g), "build-player", "built");
        }

        // DIR, flat: the Il2Cpp plugin of the installed build (player-sdk/il2cpp-plugin), the generated bridges and C#, the
        // coverage report (overwritten; nothing else in DIR is touched). Returns the number of files written.
        private static int WriteIl2CppSources(string dir, Layout l, Generated g)
        {
            string plugin = Path.Combine(l.Sdk, "il2cpp-plugin");
            if (!Directory.Exists(plugin)) throw new Toolchain.Failure("the installed build is incomplete: " + plugin + " is missing (build ZTS with tools/setup.sh)");
            Directory.CreateDirectory(dir);
            string[] files = Directory.GetFiles(plugin);
            foreach (string f in files) File.Copy(f, Path.Combine(dir, Path.GetFileName(f)), true);
            Generator.Write(Path.Combine(dir, "player_bridges.gen.cpp"), g.Cpp);
            Generator.Write(Path.Combine(dir, "PlayerShims.g.cs"), g.Cs);
            Generator.Write(Path.Combine(dir, "player-coverage.txt"), Report(g));
            return files.Length + 3;
        }

        private static int Usage(string error)
        {
            Console.Error.WriteLine("build-player: " + error);
            Console.Error.WriteLine(UsageText);
            return 64;
        }

        private static string Seconds(Stopwatch clock)
        {
            return (clock.ElapsedMilliseconds / 1000.0).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture) + " s";
        }

        // Where the installed build's parts are, checked: a missing part names the build that makes it.
        // What marks DIR as build-player's: written before anything else, never deleted (the stamp is deleted while a
        // build runs, so a failed build keeps the folder reusable).
        private const string OutMarker = ".build-player";

        // --out DIR replaces DIR/zts-player, DIR/lib/* and DIR/obj/* of the same names: a folder with other files is
        // refused unless a previous run made it (its marker, or the stamp of a build older than the marker) or
        // --overwrite says so (the project's own Player goes into build/dist, cmake/ZtsPlayer.cmake).
        private static void RefuseForeignOut(string dir)
        {
            if (!Directory.Exists(dir) || !Directory.EnumerateFileSystemEntries(dir).Any()) return;
            if (File.Exists(Path.Combine(dir, OutMarker)) || File.Exists(Path.Combine(dir, "obj", "build-player.stamp"))) return;
            throw new Toolchain.Failure("--out " + Path.GetFullPath(dir) + " has files no build-player run made (no " + OutMarker +
                                        "): choose a new or empty folder, or pass --overwrite to replace same-named files");
        }

        // sdk: --sdk DIR, or null for the installed build's own player-sdk. keepsCore: the run writes no core, or the
        // SDK's build's own (--inspector).
        private static Layout Find(string outDir, Clr clr, string sdk, bool keepsCore)
        {
            string lib = Path.GetDirectoryName(typeof(PlayerBuild).Assembly.Location);
            string dist = Path.GetDirectoryName(lib);
            var l = new Layout
            {
                Lib = lib,
                Sdk = sdk == null ? Path.Combine(dist, "player-sdk") : Path.GetFullPath(sdk),
                Out = Path.GetFullPath(outDir),
                ScriptRefs = Path.Combine(dist, "tools", "script-refs", "script_refs.js"),
            };
            if (sdk != null && !Directory.Exists(l.Sdk)) throw new Toolchain.Failure("no such Player SDK: " + sdk);
            l.Natives = Path.Combine(Path.GetDirectoryName(l.Sdk), "lib");
            l.OutLib = Path.Combine(l.Out, "lib");
            l.Obj = Path.Combine(l.Out, "obj");
            // The SDK's build's own folder (build/dist): its lib/libzts.so is the Editor's core, with the script
            // debugger; the Player SDK's core, without it, would replace it under every ztsrun of that build.
            if (!keepsCore && string.Equals(l.OutLib.TrimEnd('/'), Path.GetFullPath(l.Natives).TrimEnd('/'), StringComparison.Ordinal))
                throw new Toolchain.Failure("--out " + l.Out + " is the ZTS build's own folder, whose lib/libzts.so (the Editor's core, " +
                                            "with the script debugger) the Player's core would replace: pass --inspector to keep that " +
                                            "core, or choose another folder");
            string why = sdk == null ? "the installed build is incomplete: " : "the Player SDK " + sdk + " is incomplete: ";
            foreach (string f in RuntimeFiles.Select(f => Path.Combine(lib, f)))
                if (!File.Exists(f)) throw new Toolchain.Failure("the installed build is incomplete: " + f + " is missing (build ZTS with tools/setup.sh)");
            foreach (string f in new[] { Path.Combine(l.Sdk, clr.Archive), Path.Combine(l.Sdk, "include", "player_bridge.h"),
                                         Path.Combine(l.Sdk, "lib", "libzts.so"), Path.Combine(l.Natives, "libzts.so"),
                                         Path.Combine(l.Natives, "lib" + clr.Library + ".so") })
                if (!File.Exists(f)) throw new Toolchain.Failure(why + f + " is missing (build ZTS with tools/setup.sh)");
            // cxxflags.txt: whitespace-separated flags (the SDK's build writes it; an SDK without one needs none).
            string flags = Path.Combine(l.Sdk, "cxxflags.txt");
            l.CxxFlags = File.Exists(flags)
                ? File.ReadAllText(flags).Split(new[] { ' ', '\t', '\n', '\r' }, StringSplitOptions.RemoveEmptyEntries)
                : new string[0];
            Directory.CreateDirectory(l.Obj);
            return l;
        }

        private static bool IsFramework(string path)
        {
            string dir = Path.GetDirectoryName(typeof(object).Assembly.Location);
            return path.StartsWith(Path.GetDirectoryName(dir) ?? dir, StringComparison.Ordinal) || path.Contains("/gac/");
        }

        private static void Copy(string file, string dir)
        {
            string to = Path.Combine(dir, Path.GetFileName(file));
            if (Path.GetFullPath(file) == Path.GetFullPath(to)) return; // the project's own Player writes into build/dist
            File.Copy(file, to, true);
            foreach (string debug in new[] { file + ".mdb", Path.ChangeExtension(file, ".pdb") })
                if (File.Exists(debug)) File.Copy(debug, Path.Combine(dir, Path.GetFileName(debug)), true);
        }

        // What the output depends on: the arguments, every input file, this program and the installed build's parts,
        // and with --scripts the scripts' files. The stamp is their SHA-256 (a few MB of reading: ~0.1 s here).
        private static string Stamp(string[] args, GeneratorInputs inputs, Layout l, string scripts, Clr clr)
        {
            var files = new List<string> { typeof(PlayerBuild).Assembly.Location, Path.Combine(l.Sdk, clr.Archive),
                                           Path.Combine(l.Natives, "lib" + clr.Library + ".so"), Path.Combine(l.Sdk, "lib", "libzts.so"),
                                           Path.Combine(l.Natives, "libzts.so") };
            if (File.Exists(Path.Combine(l.Sdk, "cxxflags.txt"))) files.Add(Path.Combine(l.Sdk, "cxxflags.txt"));
            files.AddRange(Directory.GetFiles(Path.Combine(l.Sdk, "include"), "*", SearchOption.AllDirectories).OrderBy(f => f, StringComparer.Ordinal));
            files.AddRange(RuntimeFiles.Select(f => Path.Combine(l.Lib, f)));
            files.AddRange(inputs.AssemblyPaths);
            files.AddRange(inputs.MarshalXml);
            for (int i = 0; i + 1 < args.Length; i++)
                if (args[i] == "--types") files.Add(args[i + 1]);
            if (scripts != null) files.AddRange(ScriptCoverage.Files(scripts));
            if (scripts != null && File.Exists(l.ScriptRefs)) files.Add(l.ScriptRefs);
            using (var sha = SHA256.Create())
            {
                var text = new StringBuilder("build-player 1\n");
                text.Append(string.Join("\n", args)).Append('\n');
                foreach (string f in files)
                    text.Append(f).Append(' ').Append(BitConverter.ToString(sha.ComputeHash(File.ReadAllBytes(f)))).Append('\n');
                return text.ToString();
            }
        }
    }
}
