using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;

namespace ZTS.GenBridges
{
    /// <summary>The external programs build-player runs (mcs, the C++ compiler, node), found on PATH, each run with
    /// its arguments as a list (no shell) and its output kept for the one-line error a failure gives.</summary>
    internal sealed class Toolchain
    {
        /// <summary>A build step failed; Message is the one line build-player prints.</summary>
        public sealed class Failure : Exception
        {
            public Failure(string message) : base(message) { }
        }

        /// <summary>The full path of program on PATH (or program itself when it names a file), or null.</summary>
        public static string Find(string program)
        {
            if (program.IndexOf('/') >= 0) return File.Exists(program) ? program : null;
            foreach (string dir in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':'))
            {
                if (dir.Length == 0) continue;
                string path = Path.Combine(dir, program);
                if (File.Exists(path)) return path;
            }
            return null;
        }

        /// <summary>The full path of program, or the failure that says how to install it.</summary>
        public static string Require(string program, string what, string install)
        {
            string path = Find(program);
            if (path == null) throw new Failure("no " + what + ": '" + program + "' is not on PATH (" + install + ")");
            return path;
        }

        /// <summary>A started program; Wait gives its exit code, Output its stdout and stderr.</summary>
        public sealed class Run
        {
            private readonly Process _p;
            private readonly StringBuilder _out = new StringBuilder();
            public readonly string Command;

            public Run(string program, IEnumerable<string> args)
            {
                var info = new ProcessStartInfo(program, string.Join(" ", args.Select(Quote)))
                {
                    UseShellExecute = false,
                    RedirectStandardOutput = true,
                    RedirectStandardError = true,
                };
                Command = Path.GetFileName(program);
                _p = new Process { StartInfo = info };
                _p.OutputDataReceived += (s, e) => { if (e.Data != null) lock (_out) _out.Append(e.Data).Append('\n'); };
                _p.ErrorDataReceived += (s, e) => { if (e.Data != null) lock (_out) _out.Append(e.Data).Append('\n'); };
                _p.Start();
                _p.BeginOutputReadLine();
                _p.BeginErrorReadLine();
            }

            public int Wait()
            {
                _p.WaitForExit();
                return _p.ExitCode;
            }

            public string Output
            {
                get { lock (_out) return _out.ToString(); }
            }

            /// <summary>Waits; a non-zero exit is a Failure naming the step and the program's first error line.</summary>
            public void Check(string step)
            {
                if (Wait() == 0) return;
                string[] lines = Output.Split('\n').Where(l => l.Trim().Length > 0).ToArray();
                string first = lines.FirstOrDefault(l => l.IndexOf("error", StringComparison.OrdinalIgnoreCase) >= 0) ?? lines.FirstOrDefault() ?? "no output";
                throw new Failure(step + " failed (" + Command + " exit " + _p.ExitCode + "): " + first.Trim());
            }
        }

        // Mono's Process splits Arguments as a Windows command line: double quotes group, a backslash escapes a quote.
        private static string Quote(string a)
        {
            if (a.Length > 0 && a.IndexOfAny(new[] { ' ', '\t', '"', '\'', '\\' }) < 0) return a;
            return "\"" + a.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"";
        }
    }
}
