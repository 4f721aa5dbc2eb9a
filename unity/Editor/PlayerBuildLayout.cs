using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;

namespace ZTS.EditorTools
{
    /// <summary>How the generated ZTS.Il2Cpp.Generated assembly can name the types of an input (its asmdef's references).</summary>
    public enum PlayerInputKind
    {
        /// <summary>The script assembly of an asmdef: the generated asmdef references it by name.</summary>
        Asmdef,

        /// <summary>
        /// A predefined script assembly (Assembly-CSharp, Assembly-CSharp-firstpass). No asmdef can reference one, so
        /// it gets member bridges only: <see cref="PlayerBuildLayout.Plan"/> runs the generator a second time without it
        /// for the C# half.
        /// </summary>
        Predefined,

        /// <summary>
        /// An engine module or a precompiled DLL: referenced by every asmdef with engine references (and, when it is
        /// auto-referenced, by every asmdef). An input only when <see cref="PlayerBuildOptions.ReferenceAssemblies"/>
        /// names it; else its folder is only where the generator finds what the inputs reference.
        /// </summary>
        Reference,
    }

    /// <summary>One compiled assembly the Player build step may take as an input of the bridge generator.</summary>
    public sealed class PlayerInput
    {
        /// <summary>Describes one assembly.</summary>
        public PlayerInput(string name, string path, PlayerInputKind kind)
        {
            Name = name;
            Path = path;
            Kind = kind;
        }

        /// <summary>The assembly name (an asmdef name, Assembly-CSharp, UnityEngine.CoreModule).</summary>
        public string Name { get; private set; }

        /// <summary>Absolute path of the DLL.</summary>
        public string Path { get; private set; }

        /// <summary>How the generated assembly can name its types.</summary>
        public PlayerInputKind Kind { get; private set; }
    }

    /// <summary>What the project settings (<see cref="ZtsProjectSettings.PlayerOptions"/>) add to the generator's inputs.</summary>
    public sealed class PlayerBuildOptions
    {
        /// <summary>The script assemblies to cover, by name; empty: every Player script assembly but ZTS's own.</summary>
        public readonly List<string> Assemblies = new List<string>();

        /// <summary>Engine modules and precompiled DLLs (by assembly name) whose public API is covered too.</summary>
        public readonly List<string> ReferenceAssemblies = new List<string>();

        /// <summary>Framework types beyond TsFrameworkTypes.Defaults, assembly-qualified ("System.Uri, System"): --type.</summary>
        public readonly List<string> Types = new List<string>();

        /// <summary>MarshalAs XML files (docs/MARSHAL.md), relative to the project folder or absolute: --marshal-xml.</summary>
        public readonly List<string> MarshalXmlFiles = new List<string>();

        /// <summary>The project's TypeScript project (the folder of its tsconfig.json), relative to the project folder or
        /// absolute; null: no check. With one, a C# member the scripts use that the Player would not cover fails the build
        /// at its .ts position (--scripts, as `ztsrun build-player --scripts`; needs node and the typescript package).</summary>
        public string Scripts;
    }

    /// <summary>One run of the bridge generator (tools/gen-bridges, bare generator mode).</summary>
    public sealed class GeneratorRun
    {
        internal GeneratorRun(string purpose, List<string> arguments, string monoPath)
        {
            Purpose = purpose;
            Arguments = arguments.AsReadOnly();
            MonoPath = monoPath;
        }

        /// <summary>What the run is for (shown when it fails).</summary>
        public string Purpose { get; private set; }

        /// <summary>The arguments after mono: the generator's path, then its options.</summary>
        public IList<string> Arguments { get; private set; }

        /// <summary>MONO_PATH of the run: the folders of every candidate, where the generator finds what the inputs reference.</summary>
        public string MonoPath { get; private set; }
    }

    /// <summary>The inputs the settings select and the generator runs that make the Player's bridges.</summary>
    public sealed class PlayerBuildPlan
    {
        internal PlayerBuildPlan(List<PlayerInput> inputs, List<string> references, List<GeneratorRun> runs)
        {
            Inputs = inputs.AsReadOnly();
            AsmdefReferences = references.AsReadOnly();
            Runs = runs.AsReadOnly();
        }

        /// <summary>The generator's inputs, in order.</summary>
        public IList<PlayerInput> Inputs { get; private set; }

        /// <summary>The references of ZTS.Il2Cpp.Generated.asmdef: ZTS.Common, ZTS.Shared and every asmdef script assembly.</summary>
        public IList<string> AsmdefReferences { get; private set; }

        /// <summary>One run, or two when an input is <see cref="PlayerInputKind.Predefined"/>.</summary>
        public IList<GeneratorRun> Runs { get; private set; }

        /// <summary>The predefined inputs (member bridges only).</summary>
        public IEnumerable<string> Predefined
        {
            get { return Inputs.Where(i => i.Kind == PlayerInputKind.Predefined).Select(i => i.Name); }
        }
    }

    /// <summary>What a run of the Player build step wrote.</summary>
    public sealed class PlayerBuildResult
    {
        internal PlayerBuildResult(List<string> files, List<string> summary, int leftOut, string reportPath, List<string> notes)
        {
            Files = files.AsReadOnly();
            Summary = summary.AsReadOnly();
            LeftOut = leftOut;
            ReportPath = reportPath;
            Notes = notes.AsReadOnly();
        }

        /// <summary>The files written, project-relative with '/', .meta files included.</summary>
        public IList<string> Files { get; private set; }

        /// <summary>The generator's summary line of each run ("gen-bridges: 759 member bridges, ...").</summary>
        public IList<string> Summary { get; private set; }

        /// <summary>How many public members of the inputs have no Player bridge (the report's entries).</summary>
        public int LeftOut { get; private set; }

        /// <summary>The coverage report, project-relative: each member left out with the reason.</summary>
        public string ReportPath { get; private set; }

        /// <summary>What the step tells the user besides the summary (a predefined input has member bridges only).</summary>
        public IList<string> Notes { get; private set; }
    }

    /// <summary>The Player build step failed; the message says why (the generator's own message when it failed).</summary>
    public sealed class PlayerBuildException : Exception
    {
        /// <summary>A failure with its message.</summary>
        public PlayerBuildException(string message) : base(message)
        {
        }
    }

    /// <summary>
    /// The Player build step without Unity (ZtsPlayerBuildStep is the Unity shell over it; docs/UNITY_PACKAGE.md, "The
    /// Player build step"). It runs the package's bridge generator (Editor/PlayerBuild~/ZTS.GenBridges.exe, tools/gen-bridges
    /// in its bare generator mode) over the Player's compiled script assemblies and writes into the project's
    /// <see cref="OutputFolder"/>: the C++ bridges in Plugins/ (a native source plugin enabled for the desktop Il2Cpp
    /// players, which Il2Cpp compiles into the player with the package's Il2Cpp plugin, Plugins/Il2Cpp, whose headers
    /// it includes: Unity puts every C++ plugin file of a build into one folder), the C# shims with the asmdef of
    /// ZTS.Il2Cpp.Generated, a link.xml, the coverage report, and a .meta with a GUID derived from its path for each.
    /// </summary>
    public sealed class PlayerBuildLayout
    {
        /// <summary>The generated assembly: ZTS.Il2Cpp finds its classes by this name, ZTS.Shared grants it its internals.</summary>
        public const string GeneratedAssembly = "ZTS.Il2Cpp.Generated";

        /// <summary>Where the step writes by default (a folder ZTS owns: each build replaces what the step wrote there).</summary>
        public const string DefaultOutputFolder = "Assets/ZTS.Il2Cpp.Generated";

        /// <summary>Where ZtsPlayerBuildStep compiles the Player's scripts for the generator (project-relative).</summary>
        public const string PlayerScriptsFolder = "Library/ZTS/PlayerScriptAssemblies";

        /// <summary>The generator's own output before it is copied into the project (project-relative; recreated per run).</summary>
        public const string WorkFolder = "Library/ZTS/PlayerBuild";

        /// <summary>The tool folder inside the package (hidden from Unity by its "~").</summary>
        public const string ToolFolder = "Editor/PlayerBuild~";

        private const string Bridges = "player_bridges.gen.cpp";
        private const string Shims = "PlayerShims.g.cs";
        private const string Report = "player-coverage.txt";
        private const string LinkXml = "link.xml";
        private const string PluginsDir = "Plugins";

        // The package's assemblies (unity/assemblies.txt) and the generated one: never inputs (the package's link.xml
        // keeps ZTS's runtime; UnityPackage_PlayerBuildStep_SampleProjectLayout checks this list against the package).
        private static readonly string[] OwnAssemblies =
        {
            "ZTS.Common", "ZTS.Shared", "ZTS.Mono", "ZTS.Il2Cpp", "ZTS.Declarations", "ZTS.Editor", GeneratedAssembly,
        };

        // The desktop players, the platforms ZTS's native core is meant for (built for linux-x64 only so far): the C++
        // plugins are enabled for these only (Il2Cpp compiles a C++ plugin into a player only when it is enabled for
        // that platform). CPU "None" would disable one.
        private static readonly string[][] Standalone =
        {
            new[] { "Linux64", "x86_64" }, new[] { "OSXUniversal", "AnyCPU" }, new[] { "Win", "x86" }, new[] { "Win64", "x86_64" },
        };

        /// <summary>
        /// The layout of one project. <paramref name="outputFolder"/> is project-relative, a folder under Assets/ (not
        /// Assets itself: the step deletes the files it wrote there before each build, link.xml among them).
        /// </summary>
        public PlayerBuildLayout(string projectRoot, string packageRoot, string outputFolder)
        {
            string folder = (outputFolder ?? "").Replace('\\', '/').TrimEnd('/');
            if (!folder.StartsWith("Assets/", StringComparison.Ordinal) || folder.Split('/').Any(p => p == ".." || p == "." || p.Length == 0))
                throw new PlayerBuildException("zts: the Player bridges folder must be a folder under Assets/ (Project Settings > ZTS), not '" + outputFolder + "'");
            ProjectRoot = Path.GetFullPath(projectRoot);
            PackageRoot = Path.GetFullPath(packageRoot);
            OutputFolder = folder;
        }

        /// <summary>The project folder (the one holding Assets/).</summary>
        public string ProjectRoot { get; private set; }

        /// <summary>The package folder (com.code-philosophy.zts).</summary>
        public string PackageRoot { get; private set; }

        /// <summary>Where the step writes, project-relative.</summary>
        public string OutputFolder { get; private set; }

        /// <summary>The bridge generator in the package.</summary>
        public string Generator
        {
            get { return Path.Combine(Path.Combine(PackageRoot, ToolFolder), "ZTS.GenBridges.exe"); }
        }

        /// <summary>The script analyzer the generator runs for <see cref="PlayerBuildOptions.Scripts"/> (tools/script-refs).</summary>
        public string ScriptAnalyzer
        {
            get { return Path.Combine(Path.Combine(Path.Combine(PackageRoot, ToolFolder), "script-refs"), "script_refs.js"); }
        }

        /// <summary>The package's Il2Cpp plugin (the Player runtime and the Il2Cpp adapter, flat C++ source): the headers
        /// the generated bridges include are there.</summary>
        public string PluginFolder
        {
            get { return Path.Combine(Path.Combine(PackageRoot, "Plugins"), "Il2Cpp"); }
        }

        /// <summary>The generated asmdef, project-relative.</summary>
        public string AsmdefPath
        {
            get { return OutputFolder + "/" + GeneratedAssembly + ".asmdef"; }
        }

        /// <summary>The generated C# (delegate shims, member wrappers, struct property accessors), project-relative.</summary>
        public string ShimsPath
        {
            get { return OutputFolder + "/" + Shims; }
        }

        /// <summary>The link.xml of the generated assembly and the inputs, project-relative.</summary>
        public string LinkXmlPath
        {
            get { return OutputFolder + "/" + LinkXml; }
        }

        /// <summary>The coverage report (members left out and why), project-relative.</summary>
        public string ReportPath
        {
            get { return OutputFolder + "/" + Report; }
        }

        /// <summary>The native plugin folder of the C++ bridges and their headers, project-relative.</summary>
        public string PluginsFolder
        {
            get { return OutputFolder + "/" + PluginsDir; }
        }

        /// <summary>The generated C++ bridges, project-relative.</summary>
        public string BridgesPath
        {
            get { return PluginsFolder + "/" + Bridges; }
        }

        /// <summary>True for the package's own assemblies and the generated one, which are never inputs.</summary>
        public static bool IsOwnAssembly(string name)
        {
            return OwnAssemblies.Contains(name);
        }

        /// <summary>The package's assemblies and the generated one.</summary>
        public static IList<string> OwnAssemblyNames
        {
            get { return Array.AsReadOnly(OwnAssemblies); }
        }

        /// <summary>Unity's bundled Mono: MonoBleedingEdge/bin/mono of EditorApplication.applicationContentsPath.</summary>
        public static string BundledMono(string applicationContentsPath, bool windows)
        {
            return Path.Combine(Path.Combine(Path.Combine(applicationContentsPath, "MonoBleedingEdge"), "bin"), windows ? "mono.exe" : "mono");
        }

        /// <summary>True when child processes parse their command line as Windows programs do (CommandLineToArgvW).</summary>
        public static bool IsWindows
        {
            get { return Environment.OSVersion.Platform == PlatformID.Win32NT; }
        }

        /// <summary>
        /// One command line for ProcessStartInfo.Arguments: on Windows quoted as CommandLineToArgvW splits it; elsewhere
        /// Mono splits it as a POSIX shell does, so an argument with anything but [A-Za-z0-9_./:=,+@%-] is single-quoted.
        /// </summary>
        public static string CommandLine(IEnumerable<string> arguments, bool windows)
        {
            return string.Join(" ", arguments.Select(a => windows ? QuoteWindows(a) : QuotePosix(a)).ToArray());
        }

        private static string QuotePosix(string a)
        {
            if (a.Length > 0 && a.All(c => char.IsLetterOrDigit(c) && c < 128 || "_./:=,+@%-".IndexOf(c) >= 0)) return a;
            return "'" + a.Replace("'", "'\\''") + "'";
        }

        private static string QuoteWindows(string a)
        {
            if (a.Length > 0 && a.IndexOfAny(new[] { ' ', '\t', '\n', '\v', '"' }) < 0) return a;
            var sb = new StringBuilder("\"");
            for (int i = 0; i < a.Length; i++)
            {
                int backslashes = 0;
                while (i < a.Length && a[i] == '\\')
                {
                    backslashes++;
                    i++;
                }
                if (i == a.Length)
                {
                    sb.Append('\\', backslashes * 2); // they precede the closing quote
                    break;
                }
                if (a[i] == '"') sb.Append('\\', backslashes * 2 + 1).Append('"');
                else sb.Append('\\', backslashes).Append(a[i]);
            }
            return sb.Append('"').ToString();
        }

        /// <summary>
        /// The inputs the options select among <paramref name="candidates"/> and the generator runs over them. Script
        /// assemblies (<see cref="PlayerInputKind.Asmdef"/>, <see cref="PlayerInputKind.Predefined"/>): those named in
        /// <see cref="PlayerBuildOptions.Assemblies"/>, or all but ZTS's own; references: those named in
        /// <see cref="PlayerBuildOptions.ReferenceAssemblies"/>. A name that is no candidate is an error. Every input is
        /// an --assembly and a --scan-il (its members, and the delegate types its IL instantiates, as `ztsrun
        /// build-player` reads its inputs). With a predefined input there are two runs: the C++ comes from all inputs,
        /// the C# and the report from the others, since the C# may name only types the generated asmdef can reference
        /// (the C++ bridges are per reduced signature and name no type).
        /// </summary>
        public PlayerBuildPlan Plan(IEnumerable<PlayerInput> candidates, PlayerBuildOptions options)
        {
            var all = new List<PlayerInput>();
            foreach (PlayerInput c in candidates)
                if (!all.Any(x => x.Name == c.Name)) all.Add(c); // the first of a name wins: list script assemblies first
            List<PlayerInput> scripts = all.Where(c => c.Kind != PlayerInputKind.Reference && !IsOwnAssembly(c.Name)).ToList();
            var inputs = new List<PlayerInput>();
            if (options.Assemblies.Count == 0) inputs.AddRange(scripts.OrderBy(s => s.Name, StringComparer.Ordinal));
            foreach (string name in options.Assemblies)
            {
                PlayerInput s = scripts.FirstOrDefault(x => x.Name == name);
                if (s == null)
                    throw new PlayerBuildException("zts: the Player has no script assembly named '" + name + "' (Project Settings > ZTS > Player assemblies)" +
                                                   (IsOwnAssembly(name) ? ": ZTS's own assemblies are never inputs" : ""));
                if (!inputs.Contains(s)) inputs.Add(s);
            }
            foreach (string name in options.ReferenceAssemblies)
            {
                PlayerInput r = all.FirstOrDefault(x => x.Name == name && x.Kind == PlayerInputKind.Reference);
                if (r == null)
                    throw new PlayerBuildException("zts: no engine module or precompiled assembly named '" + name +
                                                   "' among the references of the Player's scripts (Project Settings > ZTS > Player reference assemblies)");
                if (!inputs.Contains(r)) inputs.Add(r);
            }

            var references = new List<string> { "ZTS.Common", "ZTS.Shared" };
            references.AddRange(scripts.Where(s => s.Kind == PlayerInputKind.Asmdef).Select(s => s.Name).OrderBy(n => n, StringComparer.Ordinal));

            // Where the generator finds what an input references (the engine modules, precompiled DLLs, other scripts).
            var folders = new List<string>();
            foreach (PlayerInput c in all)
            {
                string dir = Path.GetDirectoryName(Path.GetFullPath(c.Path));
                if (!folders.Contains(dir)) folders.Add(dir);
            }
            string monoPath = string.Join(Path.PathSeparator.ToString(), folders.ToArray());

            var common = new List<string>();
            foreach (string t in options.Types) common.AddRange(new[] { "--type", t });
            foreach (string x in options.MarshalXmlFiles) common.AddRange(new[] { "--marshal-xml", Path.Combine(ProjectRoot, x) });
            string work = Path.Combine(ProjectRoot, WorkFolder);
            var runs = new List<GeneratorRun>();
            List<PlayerInput> named = inputs.Where(i => i.Kind != PlayerInputKind.Predefined).ToList();
            // The scripts are checked against the run over every input, whose bridges the Player gets.
            var checkedCommon = new List<string>(common);
            if (!string.IsNullOrEmpty(options.Scripts))
                checkedCommon.AddRange(new[] { "--scripts", Path.Combine(ProjectRoot, options.Scripts), "--script-refs", ScriptAnalyzer });
            if (named.Count == inputs.Count)
            {
                runs.Add(MakeRun("the Player's bridges, shims, wrappers and accessors", inputs, checkedCommon, monoPath,
                             Path.Combine(work, Bridges), Path.Combine(work, Shims), Path.Combine(work, Report)));
            }
            else
            {
                runs.Add(MakeRun("the member bridges of every input", inputs, checkedCommon, monoPath,
                             Path.Combine(work, Bridges), Path.Combine(work, "every-input.g.cs"), null));
                runs.Add(MakeRun("the shims, wrappers and accessors of the inputs an asmdef can reference", named, common, monoPath,
                             Path.Combine(work, "named-inputs.gen.cpp"), Path.Combine(work, Shims), Path.Combine(work, Report)));
            }
            return new PlayerBuildPlan(inputs, references, runs);
        }

        private GeneratorRun MakeRun(string purpose, List<PlayerInput> inputs, List<string> common, string monoPath, string cpp, string cs, string report)
        {
            var args = new List<string> { Generator, "--cpp", cpp, "--cs", cs };
            if (report != null) args.AddRange(new[] { "--report", report });
            foreach (PlayerInput i in inputs) args.AddRange(new[] { "--assembly", i.Path, "--scan-il", i.Path });
            args.AddRange(common);
            return new GeneratorRun(purpose, args, monoPath);
        }

        /// <summary>
        /// Runs the step: the generator (with <paramref name="mono"/>, Unity's bundled Mono in the Editor) over the inputs
        /// <see cref="Plan"/> selects, into <see cref="WorkFolder"/>; then, only when every run succeeded, deletes what
        /// the step wrote before (<see cref="Clean"/>) and writes the output into <see cref="OutputFolder"/>. A failing
        /// generator is a <see cref="PlayerBuildException"/> with its message.
        /// </summary>
        public PlayerBuildResult Run(string mono, IEnumerable<PlayerInput> candidates, PlayerBuildOptions options)
        {
            if (!File.Exists(Generator))
                throw new PlayerBuildException("zts: the package's Player build tool is missing: " + Generator + " (reinstall com.code-philosophy.zts)");
            if (!File.Exists(Path.Combine(PluginFolder, "player_bridge.h")))
                throw new PlayerBuildException("zts: the package's Il2Cpp plugin is missing: " + PluginFolder + " (reinstall com.code-philosophy.zts)");
            if (!File.Exists(mono)) throw new PlayerBuildException("zts: no Mono to run the bridge generator at " + mono);
            PlayerBuildPlan plan = Plan(candidates, options);
            string work = Path.Combine(ProjectRoot, WorkFolder);
            if (Directory.Exists(work)) Directory.Delete(work, true);
            Directory.CreateDirectory(work);
            var summary = new List<string>();
            for (int r = 0; r < plan.Runs.Count; r++)
            {
                GeneratorRun run = plan.Runs[r];
                string stdout, stderr;
                int exit = Execute(mono, run, out stdout, out stderr);
                if (exit != 0)
                {
                    // The generator checks MarshalAs XML against the inputs of the run (TsMarshalXml.Validate): the C# run,
                    // which has no predefined input, fails on an entry that the first run accepted for one of their types.
                    string why = r > 0 && stderr.Contains("invalid MarshalAs XML entr")
                        ? "\nThe first run, with " + string.Join(", ", plan.Predefined.ToArray()) + ", accepted this MarshalAs XML; the C# run cannot have " +
                          "predefined assemblies as inputs, so an entry for one of their types fails there: give their own code [TsMarshalAs] attributes instead."
                        : "";
                    throw new PlayerBuildException("zts: the Player bridge generator failed (" + run.Purpose + ", exit " + exit + "):\n" +
                                                   (stderr + stdout).Trim() + why + "\ncommand: " + mono + " " + CommandLine(run.Arguments, IsWindows));
                }
                summary.AddRange(stdout.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("gen-bridges:", StringComparison.Ordinal)));
            }

            var notes = new List<string>();
            string report = File.ReadAllText(Path.Combine(work, Report));
            List<string> predefined = plan.Predefined.ToList();
            if (predefined.Count > 0)
            {
                string names = string.Join(", ", predefined.ToArray());
                notes.Add(names + ": member bridges only. No asmdef can reference a predefined assembly, so " + GeneratedAssembly +
                          " names none of its types: its delegate types have no C# -> JS shim, its methods with ref/out parameters no wrapper, " +
                          "its struct properties no Table accessor (binding one is a zts: error). Move the code scripts reach into an asmdef to cover them.");
                report = "# " + notes[0] + "\n" + report;
            }
            int leftOut = report.Split('\n').Count(l => l.Length > 0 && !l.StartsWith("#", StringComparison.Ordinal));

            Clean();
            var files = new List<string>();
            WriteFolder(OutputFolder, "", files);
            WriteFolder(PluginsFolder, PluginsDir, files);
            WriteText(AsmdefPath, AsmdefText(plan), files);
            WriteText(ShimsPath, File.ReadAllText(Path.Combine(work, Shims)), files);
            WriteText(LinkXmlPath, LinkXmlText(plan, options), files);
            WriteText(ReportPath, report, files);
            WriteText(BridgesPath, File.ReadAllText(Path.Combine(work, Bridges)), files);
            return new PlayerBuildResult(files, summary, leftOut, ReportPath, notes);
        }

        private int Execute(string mono, GeneratorRun run, out string stdout, out string stderr)
        {
            var psi = new ProcessStartInfo(mono, CommandLine(run.Arguments, IsWindows))
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                CreateNoWindow = true,
                WorkingDirectory = ProjectRoot,
            };
            psi.EnvironmentVariables["MONO_PATH"] = run.MonoPath;
            var output = new StringBuilder();
            var errors = new StringBuilder();
            using (var p = new Process { StartInfo = psi })
            {
                p.OutputDataReceived += (s, e) => { if (e.Data != null) lock (output) output.Append(e.Data).Append('\n'); };
                p.ErrorDataReceived += (s, e) => { if (e.Data != null) lock (errors) errors.Append(e.Data).Append('\n'); };
                try
                {
                    p.Start();
                }
                catch (System.ComponentModel.Win32Exception e)
                {
                    throw new PlayerBuildException("zts: cannot start " + mono + " for the bridge generator: " + e.Message);
                }
                p.BeginOutputReadLine();
                p.BeginErrorReadLine();
                p.WaitForExit(); // also until both streams are read to their end
                lock (output) stdout = output.ToString();
                lock (errors) stderr = errors.ToString();
                return p.ExitCode;
            }
        }

        // Every file the step writes, project-relative (without .meta).
        private IEnumerable<string> Owned()
        {
            return new List<string> { AsmdefPath, ShimsPath, LinkXmlPath, ReportPath, BridgesPath };
        }

        /// <summary>
        /// Deletes what the step writes (each file and its .meta, then Plugins/ and the folder when nothing else is in
        /// them; other files stay); true when there was something to delete. ZtsPlayerBuildStep calls it before it
        /// compiles the Player's scripts, which would otherwise compile the previous, possibly stale, shims too.
        /// </summary>
        public bool Clean()
        {
            bool deleted = false;
            foreach (string rel in Owned())
                foreach (string f in new[] { Full(rel), Full(rel) + ".meta" })
                    if (File.Exists(f))
                    {
                        File.Delete(f);
                        deleted = true;
                    }
            foreach (string folder in new[] { PluginsFolder, OutputFolder })
            {
                string dir = Full(folder);
                if (Directory.Exists(dir) && !Directory.GetFileSystemEntries(dir).Any())
                {
                    Directory.Delete(dir);
                    if (File.Exists(dir + ".meta")) File.Delete(dir + ".meta");
                    deleted = true;
                }
            }
            return deleted;
        }

        private string Full(string rel)
        {
            return Path.Combine(ProjectRoot, rel.Replace('/', Path.DirectorySeparatorChar));
        }

        private void WriteFolder(string rel, string key, List<string> files)
        {
            Directory.CreateDirectory(Full(rel));
            WriteText(rel + ".meta", MetaText(key, true), null);
            files.Add(rel + ".meta");
        }

        private void WriteText(string rel, string text, List<string> files)
        {
            File.WriteAllText(Full(rel), text, new UTF8Encoding(false));
            if (files == null) return;
            files.Add(rel);
            string key = rel.Substring(OutputFolder.Length + 1);
            File.WriteAllText(Full(rel) + ".meta", MetaText(key, false), new UTF8Encoding(false));
            files.Add(rel + ".meta");
        }

        /// <summary>The GUID of an output path relative to <see cref="OutputFolder"/> ("" for the folder): MD5 of
        /// "ZTS.Il2Cpp.Generated/path", so every build gives the same GUIDs (as the package's, tools/unity/package_rules.js).</summary>
        public static string GuidFor(string key)
        {
            using (MD5 md5 = MD5.Create())
            {
                byte[] hash = md5.ComputeHash(Encoding.UTF8.GetBytes(GeneratedAssembly + (key.Length > 0 ? "/" + key : "")));
                return string.Concat(hash.Select(b => b.ToString("x2")).ToArray());
            }
        }

        private const string MetaTail = "  userData: \n  assetBundleName: \n  assetBundleVariant: \n";

        /// <summary>The .meta of an output path relative to <see cref="OutputFolder"/> (the importers Unity gives such files).</summary>
        public static string MetaText(string key, bool folder)
        {
            string head = "fileFormatVersion: 2\nguid: " + GuidFor(key) + "\n";
            if (folder) return head + "folderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n" + MetaTail;
            if (key.EndsWith(".cs", StringComparison.Ordinal))
                return head + "MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n" +
                       "  icon: {instanceID: 0}\n" + MetaTail;
            if (key.EndsWith(".asmdef", StringComparison.Ordinal)) return head + "AssemblyDefinitionImporter:\n  externalObjects: {}\n" + MetaTail;
            if (key.EndsWith(".xml", StringComparison.Ordinal) || key.EndsWith(".txt", StringComparison.Ordinal))
                return head + "TextScriptImporter:\n  externalObjects: {}\n" + MetaTail;
            if (key.EndsWith(".cpp", StringComparison.Ordinal) || key.EndsWith(".h", StringComparison.Ordinal)) return head + NativeSourceImporter();
            throw new ArgumentException("zts: no importer for " + key);
        }

        // A C++ plugin source: off for Any and the Editor (the Editor cannot compile it), on for the desktop players.
        private static string NativeSourceImporter()
        {
            var sb = new StringBuilder("PluginImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  iconMap: {}\n  executionOrder: {}\n" +
                                       "  defineConstraints: []\n  isPreloaded: 0\n  isOverridable: 0\n  isExplicitlyReferenced: 0\n" +
                                       "  validateReferences: 1\n  platformData:\n");
            sb.Append("  - first:\n      : Any\n    second:\n      enabled: 0\n      settings:\n        Exclude Editor: 1\n");
            foreach (string[] p in Standalone) sb.Append("        Exclude ").Append(p[0]).Append(": 0\n");
            sb.Append("  - first:\n      Any: \n    second:\n      enabled: 0\n      settings: {}\n");
            sb.Append("  - first:\n      Editor: Editor\n    second:\n      enabled: 0\n      settings:\n        DefaultValueInitialized: true\n");
            foreach (string[] p in Standalone)
                sb.Append("  - first:\n      Standalone: ").Append(p[0]).Append("\n    second:\n      enabled: 1\n      settings:\n        CPU: ").Append(p[1]).Append('\n');
            return sb.Append(MetaTail).ToString();
        }

        /// <summary>
        /// ZTS.Il2Cpp.Generated.asmdef: the Il2Cpp players only (Editor excluded; ENABLE_IL2CPP, so a Mono player does
        /// not compile shims generated for an earlier Il2Cpp build), unsafe code, engine references (the shims may name
        /// engine types), the references of <see cref="PlayerBuildPlan.AsmdefReferences"/>, not auto-referenced (ZTS.Il2Cpp
        /// finds it by name).
        /// </summary>
        public static string AsmdefText(PlayerBuildPlan plan)
        {
            var sb = new StringBuilder("{\n");
            sb.Append("    \"name\": ").Append(Json(GeneratedAssembly)).Append(",\n");
            sb.Append("    \"rootNamespace\": \"\",\n");
            sb.Append("    \"references\": ").Append(JsonList(plan.AsmdefReferences)).Append(",\n");
            sb.Append("    \"includePlatforms\": [],\n");
            sb.Append("    \"excludePlatforms\": ").Append(JsonList(new[] { "Editor" })).Append(",\n");
            sb.Append("    \"allowUnsafeCode\": true,\n");
            sb.Append("    \"overrideReferences\": false,\n");
            sb.Append("    \"precompiledReferences\": [],\n");
            sb.Append("    \"autoReferenced\": false,\n");
            sb.Append("    \"defineConstraints\": ").Append(JsonList(new[] { "ENABLE_IL2CPP" })).Append(",\n");
            sb.Append("    \"versionDefines\": [],\n");
            sb.Append("    \"noEngineReferences\": false\n");
            return sb.Append("}\n").ToString();
        }

        private static string JsonList(IList<string> items)
        {
            if (items.Count == 0) return "[]";
            return "[\n" + string.Join(",\n", items.Select(i => "        " + Json(i)).ToArray()) + "\n    ]";
        }

        private static string Json(string s)
        {
            var sb = new StringBuilder("\"");
            foreach (char c in s)
            {
                if (c == '"' || c == '\\') sb.Append('\\').Append(c);
                else if (c < ' ') sb.Append("\\u").Append(((int)c).ToString("x4"));
                else sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        /// <summary>
        /// The link.xml: what Il2Cpp's managed code stripping must keep for the Player backend, which reaches it by
        /// reflection. Unity reads every link.xml under Assets/.
        /// </summary>
        public static string LinkXmlText(PlayerBuildPlan plan, PlayerBuildOptions options)
        {
            var sb = new StringBuilder();
            sb.Append("<!--\n");
            sb.Append("  Written by ZTS's Player build step (ZtsPlayerBuildStep) at each Il2Cpp build: do not edit. What managed code\n");
            sb.Append("  stripping must keep for the Player backend, which reaches it by reflection: ZTS.Il2Cpp.Generated (ZTS.Il2Cpp\n");
            sb.Append("  finds its Shims, MemberWrappers and TableAccessors by name), each input of the bridge generator (the binder\n");
            sb.Append("  binds their public members when scripts first use them) and the framework types it covered.\n");
            sb.Append("-->\n<linker>\n");
            sb.Append("  <assembly fullname=\"").Append(Xml(GeneratedAssembly)).Append("\" preserve=\"all\"/>\n");
            foreach (PlayerInput i in plan.Inputs) sb.Append("  <assembly fullname=\"").Append(Xml(i.Name)).Append("\" preserve=\"all\"/>\n");
            var framework = new SortedDictionary<string, SortedSet<string>>(StringComparer.Ordinal);
            foreach (Type t in TsFrameworkTypes.Defaults) Add(framework, t.Assembly.GetName().Name, t.FullName);
            foreach (string name in options.Types)
            {
                string[] parts = name.Split(',');
                if (parts.Length >= 2) Add(framework, parts[1].Trim(), parts[0].Trim().Replace('+', '/'));
            }
            foreach (KeyValuePair<string, SortedSet<string>> a in framework)
            {
                if (plan.Inputs.Any(i => i.Name == a.Key)) continue; // preserved whole above
                sb.Append("  <assembly fullname=\"").Append(Xml(a.Key)).Append("\">\n");
                foreach (string t in a.Value) sb.Append("    <type fullname=\"").Append(Xml(t)).Append("\" preserve=\"all\"/>\n");
                sb.Append("  </assembly>\n");
            }
            return sb.Append("</linker>\n").ToString();
        }

        private static void Add(SortedDictionary<string, SortedSet<string>> map, string assembly, string type)
        {
            SortedSet<string> types;
            if (!map.TryGetValue(assembly, out types)) map[assembly] = types = new SortedSet<string>(StringComparer.Ordinal);
            types.Add(type);
        }

        private static string Xml(string s)
        {
            return s.Replace("&", "&amp;").Replace("<", "&lt;").Replace(">", "&gt;").Replace("\"", "&quot;");
        }
    }
}
