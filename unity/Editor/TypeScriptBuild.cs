using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace ZTS.EditorTools
{
    /// <summary>How to run the project's TypeScript compiler: Node, tsc's entry script, and the arguments.</summary>
    public sealed class TscCommand
    {
        /// <summary>The Node executable.</summary>
        public string Node { get; internal set; }

        /// <summary>The project's node_modules/.bin/tsc (tsc.cmd on Windows), as npm installed it.</summary>
        public string BinTsc { get; internal set; }

        /// <summary>The script Node runs: node_modules/typescript/bin/tsc next to <see cref="BinTsc"/>.</summary>
        public string TscScript { get; internal set; }

        /// <summary>The TypeScript project folder (the one with tsconfig.json); tsc runs there.</summary>
        public string ProjectFolder { get; internal set; }

        /// <summary>The project's copy-packages.mjs (the TypeScript Project sample's: it copies the npm packages the
        /// scripts import next to the compiled scripts), run after a successful tsc; null when the project has none.</summary>
        public string CopyPackagesScript { get; internal set; }

        /// <summary>The arguments after Node's: the tsc script, <c>-p</c> the project, <c>--pretty false</c>.</summary>
        public string Arguments
        {
            get { return Quote(TscScript) + " -p " + Quote(ProjectFolder) + " --pretty false"; }
        }

        private static string Quote(string s)
        {
            return "\"" + s.Replace("\"", "\\\"") + "\"";
        }
    }

    /// <summary>What one tsc run gave: its exit code, its output, and the diagnostics read from it.</summary>
    public sealed class TscResult
    {
        /// <summary>tsc's exit code: 0 when it wrote the scripts (noEmitOnError: nothing is written on an error).</summary>
        public int ExitCode { get; internal set; }

        /// <summary>Everything tsc printed (stdout, then stderr).</summary>
        public string Output { get; internal set; }

        /// <summary>The errors and warnings, one per diagnostic, with their file positions.</summary>
        public List<TscDiagnostic> Diagnostics { get; internal set; }

        /// <summary>True when tsc succeeded.</summary>
        public bool Succeeded { get { return ExitCode == 0; } }
    }

    /// <summary>One tsc diagnostic: <c>src/main.ts(3,5): error TS2322: ...</c>.</summary>
    public sealed class TscDiagnostic
    {
        /// <summary>The file, as tsc names it (relative to the TypeScript project folder), or "" for a global one.</summary>
        public string File { get; internal set; }

        /// <summary>1-based line (0 for a global diagnostic).</summary>
        public int Line { get; internal set; }

        /// <summary>1-based column (0 for a global diagnostic).</summary>
        public int Column { get; internal set; }

        /// <summary>True for an error, false for a warning or message.</summary>
        public bool IsError { get; internal set; }

        /// <summary>"TS2322: Type ... is not assignable ...", with the lines tsc indents below it.</summary>
        public string Text { get; internal set; }

        /// <summary>"file(line,col): TS...: text", the form Unity's Console opens at the position on double click.</summary>
        public override string ToString()
        {
            return File.Length == 0 ? Text : File + "(" + Line + "," + Column + "): " + Text;
        }
    }

    /// <summary>
    /// The plain half of Tools > ZTS > Compile TypeScript (TypeScriptMenu): finds Node and the project's tsc, runs
    /// it, and reads its diagnostics; it needs no Unity, so tests/unity/editor_ts runs it with the repository's tsc.
    /// The TypeScript project is the folder of Project Settings > ZTS > TypeScript folder (default TypeScript, the
    /// package's TypeScript Project sample copied to the project's root).
    /// </summary>
    public static class TypeScriptBuild
    {
        /// <summary>Where Node is looked for after PATH: the Editor started from the Dock or a desktop launcher
        /// often has a PATH without the folder the Node installer or Homebrew uses.</summary>
        public static readonly string[] WellKnownNodeFolders =
        {
            "/usr/local/bin", "/opt/homebrew/bin", "/usr/bin", @"C:\Program Files\nodejs", @"C:\Program Files (x86)\nodejs",
        };

        /// <summary>
        /// The command that compiles the TypeScript project in <paramref name="projectFolder"/>. Throws
        /// <see cref="InvalidOperationException"/> with a <c>zts:</c> text saying what to do when there is no
        /// tsconfig.json, no tsc in node_modules (of the folder or a parent), or no Node.
        /// </summary>
        /// <param name="projectFolder">The folder of tsconfig.json.</param>
        /// <param name="nodePath">Node as set in Project Settings > ZTS (empty: search).</param>
        /// <param name="pathVariable">The PATH to search (Environment.GetEnvironmentVariable("PATH")).</param>
        /// <param name="windows">Whether this is Windows (node.exe, tsc.cmd, ';' between PATH entries).</param>
        /// <param name="nodeFolders">Where to look for Node after PATH (null: <see cref="WellKnownNodeFolders"/>).</param>
        public static TscCommand Plan(string projectFolder, string nodePath, string pathVariable, bool windows,
                                      string[] nodeFolders = null)
        {
            string folder = Path.GetFullPath(projectFolder);
            if (!File.Exists(Path.Combine(folder, "tsconfig.json")))
                throw new InvalidOperationException("zts: no tsconfig.json in " + folder + ": copy the folder TypeScript~ of the " +
                    "package's TypeScript Project sample (Window > Package Manager > ZTS > Samples) there, or set Project " +
                    "Settings > ZTS > TypeScript folder");
            string binTsc = FindTsc(folder, windows);
            if (binTsc == null)
                throw new InvalidOperationException("zts: no TypeScript compiler in node_modules/.bin of " + folder +
                    " or a folder above it: run `npm install` in " + folder + " (its package.json names typescript)");
            // node_modules/.bin/tsc is a link (a .cmd on Windows) to typescript/bin/tsc; Node runs that script directly, so
            // neither a shell nor the script's `#!/usr/bin/env node` line (which needs node on the Editor's PATH) is involved.
            string script = Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(binTsc)), "typescript", "bin", "tsc");
            if (!File.Exists(script))
                throw new InvalidOperationException("zts: " + binTsc + " is there but not " + script +
                    ": run `npm install` in " + folder + " again");
            string node = FindNode(nodePath, pathVariable, windows, nodeFolders);
            if (node == null)
                throw new InvalidOperationException("zts: Node.js was not found (" + (string.IsNullOrEmpty(nodePath)
                    ? "searched PATH and " + string.Join(", ", nodeFolders ?? WellKnownNodeFolders)
                    : "Project Settings > ZTS > Node executable is " + nodePath + ", which does not exist") +
                    "): install Node.js (https://nodejs.org), or set Project Settings > ZTS > Node executable");
            string copy = Path.Combine(folder, "copy-packages.mjs");
            return new TscCommand { Node = node, BinTsc = binTsc, TscScript = script, ProjectFolder = folder,
                                    CopyPackagesScript = File.Exists(copy) ? copy : null };
        }

        /// <summary>node_modules/.bin/tsc (tsc.cmd on Windows) of <paramref name="folder"/> or the nearest folder above
        /// it that has one (npm workspaces install into the root's node_modules), or null.</summary>
        public static string FindTsc(string folder, bool windows)
        {
            for (string dir = Path.GetFullPath(folder); dir != null; dir = Path.GetDirectoryName(dir))
            {
                string candidate = Path.Combine(Path.Combine(Path.Combine(dir, "node_modules"), ".bin"), windows ? "tsc.cmd" : "tsc");
                if (File.Exists(candidate)) return candidate;
            }
            return null;
        }

        /// <summary>Node: <paramref name="nodePath"/> when set (null when it does not exist), else the first node
        /// (node.exe) in <paramref name="pathVariable"/>, then in <paramref name="nodeFolders"/> (null:
        /// <see cref="WellKnownNodeFolders"/>); null when none.</summary>
        public static string FindNode(string nodePath, string pathVariable, bool windows, string[] nodeFolders = null)
        {
            if (!string.IsNullOrEmpty(nodePath)) return File.Exists(nodePath) ? Path.GetFullPath(nodePath) : null;
            string exe = windows ? "node.exe" : "node";
            IEnumerable<string> folders = (pathVariable ?? "").Split(windows ? ';' : ':')
                .Select(p => p.Trim().Trim('"')).Where(p => p.Length > 0).Concat(nodeFolders ?? WellKnownNodeFolders);
            foreach (string dir in folders)
            {
                string candidate;
                try
                {
                    candidate = Path.Combine(dir, exe);
                }
                catch (ArgumentException)
                {
                    continue; // a PATH entry with characters a path cannot have
                }
                if (File.Exists(candidate)) return candidate;
            }
            return null;
        }

        /// <summary>A process that runs Node with <paramref name="arguments"/> in the project folder, its output redirected.</summary>
        public static ProcessStartInfo StartInfo(TscCommand command, string arguments)
        {
            return new ProcessStartInfo(command.Node, arguments)
            {
                WorkingDirectory = command.ProjectFolder,
                UseShellExecute = false,
                CreateNoWindow = true,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                StandardOutputEncoding = Encoding.UTF8,
                StandardErrorEncoding = Encoding.UTF8,
            };
        }

        /// <summary>Runs tsc and waits for it (at most <paramref name="timeoutMs"/>; then it is killed and the
        /// result says so), then, when it succeeded, the project's copy-packages.mjs.</summary>
        public static TscResult Run(TscCommand command, int timeoutMs)
        {
            TscResult tsc = RunNode(command, command.Arguments, timeoutMs);
            if (!tsc.Succeeded || command.CopyPackagesScript == null) return tsc;
            TscResult copy = RunNode(command, "\"" + command.CopyPackagesScript + "\"", timeoutMs);
            return Result(copy.ExitCode, tsc.Output + copy.Output);
        }

        private static TscResult RunNode(TscCommand command, string arguments, int timeoutMs)
        {
            using (Process p = Process.Start(StartInfo(command, arguments)))
            {
                // Both streams read at once: a full pipe would stall tsc.
                var stderr = p.StandardError.ReadToEndAsync();
                var stdout = p.StandardOutput.ReadToEndAsync();
                if (!p.WaitForExit(timeoutMs))
                {
                    try { p.Kill(); } catch (InvalidOperationException) { } // it ended meanwhile
                    p.WaitForExit();
                    return Result(-1, stdout.Result + stderr.Result + "zts: node " + arguments + " did not finish in " + timeoutMs / 1000 + " s and was stopped\n");
                }
                p.WaitForExit(); // the redirected streams are complete after the parameterless wait
                return Result(p.ExitCode, stdout.Result + stderr.Result);
            }
        }

        /// <summary>The result of a finished tsc run with this exit code and output.</summary>
        public static TscResult Result(int exitCode, string output)
        {
            return new TscResult { ExitCode = exitCode, Output = output, Diagnostics = Parse(output) };
        }

        private static readonly Regex Located = new Regex(@"^(.+)\((\d+),(\d+)\): (error|warning|message) (TS\d+: .*)$");
        private static readonly Regex Global = new Regex(@"^(error|warning|message) (TS\d+: .*)$");

        /// <summary>
        /// The diagnostics in tsc's output (<c>--pretty false</c>): "file(line,col): error TS1234: text" or "error
        /// TS1234: text", each with the indented lines that follow it.
        /// </summary>
        public static List<TscDiagnostic> Parse(string output)
        {
            var list = new List<TscDiagnostic>();
            TscDiagnostic last = null;
            foreach (string raw in (output ?? "").Replace("\r\n", "\n").Split('\n'))
            {
                Match m = Located.Match(raw);
                if (m.Success)
                {
                    last = new TscDiagnostic { File = m.Groups[1].Value, Line = int.Parse(m.Groups[2].Value),
                                               Column = int.Parse(m.Groups[3].Value), IsError = m.Groups[4].Value == "error",
                                               Text = m.Groups[5].Value };
                    list.Add(last);
                    continue;
                }
                m = Global.Match(raw);
                if (m.Success)
                {
                    last = new TscDiagnostic { File = "", IsError = m.Groups[1].Value == "error", Text = m.Groups[2].Value };
                    list.Add(last);
                    continue;
                }
                if (last != null && raw.StartsWith(" ", StringComparison.Ordinal)) last.Text += "\n" + raw;
                else if (raw.Trim().Length > 0) last = null;
            }
            return list;
        }

        /// <summary>The write time of the newest TypeScript source or config of the project (.ts, .tsx, .mts,
        /// tsconfig*.json, package.json; node_modules skipped), or DateTime.MinValue: what the watcher compares.</summary>
        public static DateTime NewestSource(string projectFolder)
        {
            DateTime newest = DateTime.MinValue;
            if (!Directory.Exists(projectFolder)) return newest;
            var pending = new Stack<string>();
            pending.Push(projectFolder);
            while (pending.Count > 0)
            {
                string dir = pending.Pop();
                foreach (string sub in Directory.GetDirectories(dir))
                {
                    string name = Path.GetFileName(sub);
                    if (name != "node_modules" && !name.StartsWith(".", StringComparison.Ordinal)) pending.Push(sub);
                }
                foreach (string file in Directory.GetFiles(dir))
                {
                    string name = Path.GetFileName(file);
                    bool source = name.EndsWith(".ts", StringComparison.Ordinal) || name.EndsWith(".tsx", StringComparison.Ordinal) ||
                                  name.EndsWith(".mts", StringComparison.Ordinal) || name == "package.json" ||
                                  (name.StartsWith("tsconfig", StringComparison.Ordinal) && name.EndsWith(".json", StringComparison.Ordinal));
                    if (!source) continue;
                    DateTime t = File.GetLastWriteTimeUtc(file);
                    if (t > newest) newest = t;
                }
            }
            return newest;
        }
    }
}
