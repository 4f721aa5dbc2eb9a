using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

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
                foreach (Match m in Regex.Matches(File.ReadAllText(file), @"export function (test_\w+)\s*\("))
                    yield return module + "/" + m.Groups[1].Value;
            }
        }

        /// <summary>Puts every *.js file of dir into modules as prefix + its name without extension.</summary>
        public static void Load(IDictionary<string, object> modules, string dir, string prefix)
        {
            foreach (string file in Directory.GetFiles(dir, "*.js"))
                modules[prefix + Path.GetFileNameWithoutExtension(file)] = File.ReadAllText(file);
        }

        /// <summary>Runs case "module/test_Name" of the modules loaded under prefix, then the frame pump.</summary>
        public static void Run(string prefix, string testCase)
        {
            string[] parts = testCase.Split('/');
            TsAppDomain.GetFunction<Action>(prefix + parts[0], parts[1])();
            TsFramePump.LateUpdate();
        }
    }
}
