using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using NUnit.Framework;
using ZTS.EditorTools;

namespace ZTS.UnityTests
{
    /// <summary>
    /// A Unity project as the Player build step sees it, in a temporary folder whose name has a space and an
    /// apostrophe (the generator's command line must quote it): Assets/ with the sample's scripts and a MarshalAs XML,
    /// Library/ZTS/PlayerScriptAssemblies/ with what ZtsPlayerBuildStep compiles there (the package's ZTS.Common,
    /// ZTS.Shared and ZTS.Il2Cpp as UnityPackage_Import_Checks compiled them from the package's asmdefs, the game's
    /// Game.Logic asmdef assembly, the sim sample's Sim.World.dll, a predefined Assembly-CSharp), and an engine module
    /// outside the project (Unity Editor/Data/Managed/UnityEngine/), referenced by the game's scripts. The package is the
    /// built one (build/dist/unity/com.code-philosophy.zts), its generator the real one.
    /// </summary>
    internal sealed class SampleProject : IDisposable
    {
        public readonly string Root;
        public readonly string Project;
        public readonly string EngineFolder;
        public readonly string Package = Env("ZTS_UNITY_PACKAGE");
        public readonly string PackageAssemblies = Env("ZTS_UNITY_ASSEMBLIES");
        public readonly List<PlayerInput> Candidates = new List<PlayerInput>();
        public readonly ZtsProjectSettings Settings = new ZtsProjectSettings();

        public SampleProject()
        {
            Root = Path.Combine(Path.GetTempPath(), "zts-unity-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            Project = Path.Combine(Root, "Player's Project");
            EngineFolder = Path.Combine(Root, "Unity Editor", "Data", "Managed", "UnityEngine");
            string sources = Env("ZTS_UNITY_PROJECT_SOURCES");
            Directory.CreateDirectory(EngineFolder);
            Directory.CreateDirectory(Scripts);
            Directory.CreateDirectory(Path.Combine(Project, "ProjectSettings"));
            foreach (string dir in new[] { "Engine", "Game", "AssemblyCSharp" })
            {
                string to = Path.Combine(Project, "Assets", "Scripts", dir);
                Directory.CreateDirectory(to);
                foreach (string f in Directory.GetFiles(Path.Combine(sources, dir))) File.Copy(f, Path.Combine(to, Path.GetFileName(f)));
            }
            File.WriteAllText(Path.Combine(Project, "Assets", "Scripts", "marshal.xml"),
                "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<TsMarshalAs>\n  <type name=\"Game.Rules\">\n    <method name=\"Total\">\n" +
                "      <param name=\"s\" marshal=\"Table\"/>\n    </method>\n  </type>\n</TsMarshalAs>\n");

            foreach (string own in new[] { "ZTS.Common", "ZTS.Shared", "ZTS.Il2Cpp" })
            {
                File.Copy(Path.Combine(PackageAssemblies, own + ".dll"), Path.Combine(Scripts, own + ".dll"));
                Candidates.Add(new PlayerInput(own, Path.Combine(Scripts, own + ".dll"), PlayerInputKind.Asmdef));
            }
            string engine = Path.Combine(EngineFolder, "Fixture.EngineModule.dll");
            Mcs(engine, new string[0], Path.Combine(Project, "Assets", "Scripts", "Engine"));
            Mcs(Path.Combine(Scripts, "Game.Logic.dll"), new[] { engine }, Path.Combine(Project, "Assets", "Scripts", "Game"));
            File.Copy(Env("ZTS_SIM_WORLD_DLL"), Path.Combine(Scripts, "Sim.World.dll"));
            Mcs(Path.Combine(Scripts, "Assembly-CSharp.dll"), new[] { engine, Path.Combine(Scripts, "Game.Logic.dll") },
                Path.Combine(Project, "Assets", "Scripts", "AssemblyCSharp"));
            Candidates.Add(new PlayerInput("Game.Logic", Path.Combine(Scripts, "Game.Logic.dll"), PlayerInputKind.Asmdef));
            Candidates.Add(new PlayerInput("Sim.World", Path.Combine(Scripts, "Sim.World.dll"), PlayerInputKind.Asmdef));
            Candidates.Add(new PlayerInput("Assembly-CSharp", Path.Combine(Scripts, "Assembly-CSharp.dll"), PlayerInputKind.Predefined));
            Candidates.Add(new PlayerInput("Fixture.EngineModule", engine, PlayerInputKind.Reference));

            Settings.playerReferenceAssemblies = new[] { "Fixture.EngineModule" };
            Settings.playerTypes = new[] { "System.Uri, System" };
            Settings.marshalXmlFiles = new[] { "Assets/Scripts/marshal.xml" };
        }

        /// <summary>Where ZtsPlayerBuildStep compiles the Player's scripts.</summary>
        public string Scripts
        {
            get { return Path.Combine(Project, PlayerBuildLayout.PlayerScriptsFolder); }
        }

        public PlayerBuildLayout Layout()
        {
            return new PlayerBuildLayout(Project, Package, Settings.playerBridgesFolder);
        }

        public PlayerBuildResult Run()
        {
            return Layout().Run(Mono, Candidates, Settings.PlayerOptions());
        }

        public string Full(string projectRelative)
        {
            return Path.Combine(Project, projectRelative);
        }

        public string Read(string projectRelative)
        {
            return File.ReadAllText(Full(projectRelative));
        }

        /// <summary>Every file under a project folder, project-relative with '/', sorted.</summary>
        public List<string> FilesUnder(string projectRelative)
        {
            string dir = Full(projectRelative);
            var files = Directory.GetFiles(dir, "*", SearchOption.AllDirectories).Select(f => f.Substring(Project.Length + 1).Replace('\\', '/')).ToList();
            if (File.Exists(dir + ".meta")) files.Add(projectRelative + ".meta");
            files.Sort(StringComparer.Ordinal);
            return files;
        }

        public void Dispose()
        {
            if (Directory.Exists(Root)) Directory.Delete(Root, true);
        }

        /// <summary>The Mono that runs the generator here (the Editor uses its bundled MonoBleedingEdge).</summary>
        public static string Mono
        {
            get
            {
                foreach (string dir in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator))
                    if (File.Exists(Path.Combine(dir, "mono"))) return Path.Combine(dir, "mono");
                throw new InvalidOperationException("no mono on PATH");
            }
        }

        public static string Env(string name)
        {
            string v = Environment.GetEnvironmentVariable(name);
            if (string.IsNullOrEmpty(v)) throw new InvalidOperationException(name + " is not set (tests/unity/CMakeLists.txt sets it)");
            return v;
        }

        private static void Mcs(string output, string[] references, string sources)
        {
            var args = new List<string> { "-nologo", "-noconfig", "-target:library", "-nowarn:67", "-r:System.dll", "-r:System.Core.dll", "-out:" + output };
            args.AddRange(references.Select(r => "-r:" + r));
            args.AddRange(Directory.GetFiles(sources, "*.cs"));
            Tool.Check("mcs", args);
        }
    }

    /// <summary>Runs a tool of the machine (its own quoting: not the code under test's).</summary>
    internal static class Tool
    {
        public static int Run(string file, IEnumerable<string> args, out string output, string workingDirectory = null, IDictionary<string, string> env = null)
        {
            var psi = new ProcessStartInfo(file, string.Join(" ", args.Select(a => "'" + a.Replace("'", "'\\''") + "'").ToArray()))
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                WorkingDirectory = workingDirectory ?? Environment.CurrentDirectory,
            };
            if (env != null) foreach (KeyValuePair<string, string> e in env) psi.EnvironmentVariables[e.Key] = e.Value;
            var text = new StringBuilder();
            using (Process p = Process.Start(psi))
            {
                p.ErrorDataReceived += (s, e) => { if (e.Data != null) lock (text) text.Append(e.Data).Append('\n'); };
                p.BeginErrorReadLine();
                string stdout = p.StandardOutput.ReadToEnd();
                p.WaitForExit();
                lock (text) output = stdout + text;
                return p.ExitCode;
            }
        }

        public static string Check(string file, IEnumerable<string> args, string workingDirectory = null)
        {
            string output;
            List<string> list = args.ToList();
            int exit = Run(file, list, out output, workingDirectory);
            if (exit != 0) Assert.Fail(file + " " + string.Join(" ", list.ToArray()) + " exited " + exit + ":\n" + output);
            return output;
        }
    }
}
