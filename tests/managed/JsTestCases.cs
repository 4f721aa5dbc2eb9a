using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;

namespace ZTS.Tests
{
    /// <summary>
    /// The JS case files both conformance runners use: every <c>export function test_*</c> of the *.js files of a
    /// folder is one case ("module/test_Name"), and the files are loaded as modules under a prefix.
    /// </summary>
    internal static class JsTestCases
    {
        /// <summary>"module/test_Name" for every case, in ordinal file order; modules named in skip are helpers.</summary>
        public static IEnumerable<string> In(string dir, params string[] skip)
        {
            if (!Directory.Exists(dir)) yield break;
            foreach (string file in Directory.GetFiles(dir, "*.js").OrderBy(f => f, StringComparer.Ordinal))
            {
                string module = Path.GetFileNameWithoutExtension(file);
                if (skip.Contains(module)) continue;
                foreach (Match m in Regex.Matches(File.ReadAllText(file), @"export (async )?function (test_\w+)\s*\("))
                    yield return module + "/" + m.Groups[2].Value + (m.Groups[1].Success ? Async : "");
            }
        }

        /// <summary>Puts every *.js file of dir into modules as prefix + its name without extension.</summary>
        public static void Load(IDictionary<string, object> modules, string dir, string prefix)
        {
            foreach (string file in Directory.GetFiles(dir, "*.js"))
                modules[prefix + Path.GetFileNameWithoutExtension(file)] = File.ReadAllText(file);
        }

        /// <summary>The suffix of an `export async function test_*` case: run to its end by the frame pump.</summary>
        public const string Async = " (async)";

        /// <summary>Frames an async case may take (on a clock that advances 16 ms per frame).</summary>
        public const int AsyncFrames = 200;

        /// <summary>Runs case "module/test_Name" of the modules loaded under prefix, then the frame pump. An async case
        /// is bound as Func&lt;Task&gt; (its Promise as a Task) and pumped frame by frame, on a clock that advances 16 ms
        /// per frame, until the Task completes (docs/EVERYDAY.md).</summary>
        public static void Run(string prefix, string testCase)
        {
            bool async = testCase.EndsWith(Async, StringComparison.Ordinal);
            string[] parts = testCase.Substring(0, testCase.Length - (async ? Async.Length : 0)).Split('/');
            if (!async)
            {
                TsAppDomain.GetFunction<Action>(prefix + parts[0], parts[1])();
                TsFramePump.LateUpdate();
                return;
            }
            double now = 0;
            Func<double> saved = TsFramePump.TimeSource;
            TsFramePump.TimeSource = () => now;
            try
            {
                TsFramePump.LateUpdate(); // the clock starts at 0 for the case's timers
                Task done = TsAppDomain.GetFunction<Func<Task>>(prefix + parts[0], parts[1])();
                for (int frame = 0; frame < AsyncFrames && !done.IsCompleted; frame++)
                {
                    now += 16;
                    Thread.Sleep(done.IsCompleted ? 0 : 1); // C# tasks of the case complete on other threads
                    TsFramePump.LateUpdate();
                }
                if (!done.IsCompleted) throw new TimeoutException(testCase + " did not settle within " + AsyncFrames + " frames");
                done.GetAwaiter().GetResult(); // a rejection throws its TsException
            }
            finally
            {
                TsFramePump.TimeSource = saved;
            }
        }
    }
}
