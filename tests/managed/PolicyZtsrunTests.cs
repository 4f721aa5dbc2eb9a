using System;
using System.Diagnostics;
using System.IO;
using NUnit.Framework;

namespace ZTS.Tests
{
    /// <summary>
    /// ztsrun --policy with a mod-style policy (tests/policy/mod): the script's attempts to write a file and
    /// to call Environment.Exit are both denied with the zts: text, and the run goes on to its last frame.
    /// </summary>
    [TestFixture]
    public class Policy_Ztsrun
    {
        // build/dist/lib: ztsrun.exe and the fixture assemblies sit next to this test assembly.
        private static string Dist
        {
            get { return Path.GetDirectoryName(typeof(Policy_Ztsrun).Assembly.Location); }
        }

        private static string Run(string workDir, string arguments, out int exitCode)
        {
            string dist = Dist;
            // ztsrun runs the way this process runs: under mono, or under the Player launcher (its backend needs it).
            string host = Process.GetCurrentProcess().MainModule.FileName;
            var info = new ProcessStartInfo(host, "\"" + Path.Combine(dist, "ztsrun.exe") + "\" " + arguments)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                WorkingDirectory = workDir,
            };
            info.EnvironmentVariables["MONO_PATH"] = dist;
            // The folders this process found its natives in stay behind dist: the 32-bit launcher's i386 Mono libraries
            // (libmono-native.so, which File's reads call) are found there (docs/PLATFORMS.md, "The 32-bit Player").
            string inherited = Environment.GetEnvironmentVariable("LD_LIBRARY_PATH");
            info.EnvironmentVariables["LD_LIBRARY_PATH"] = string.IsNullOrEmpty(inherited) ? dist : dist + ":" + inherited;
            using (Process p = Process.Start(info))
            {
                string stderr = null;
                var readErr = new System.Threading.Thread(() => stderr = p.StandardError.ReadToEnd());
                readErr.Start();
                string stdout = p.StandardOutput.ReadToEnd();
                p.WaitForExit();
                readErr.Join();
                exitCode = p.ExitCode;
                return stdout + stderr;
            }
        }

        [Test]
        public void Policy_Ztsrun_ModScript_FileWriteAndExitDenied_RunContinues()
        {
            string mod = Path.Combine(Policy_Conformance.PolicyDir, "mod");
            string work = Path.Combine(Path.GetTempPath(), "zts-policy-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(work);
            try
            {
                string fixtures = Path.Combine(Dist, "ZTS.Fixtures.Policy.dll");
                int exit;
                string output = Run(work, "\"" + mod + "\" --policy \"" + Path.Combine(mod, "mod.policy") + "\" --assembly \"" + fixtures +
                                          "\" --frames 3 --fps 0", out exit);
                StringAssert.Contains("write: zts: access to 'System.IO.File' is not allowed by the script policy\n", output);
                StringAssert.Contains("exit: zts: access to 'System.Environment' is not allowed by the script policy\n", output);
                StringAssert.Contains("reflect: zts: access to 'System.Object.GetType' is not allowed by the script policy\n", output);
                StringAssert.Contains("frame 1: 101\nframe 2: 102\nframe 3: 103\n", output, "the run continues");
                Assert.AreEqual(0, exit, output);
                Assert.IsFalse(File.Exists(Path.Combine(work, "mod-wrote.txt")), "no file was written");

                // The same script without the policy reaches both (Environment.Exit(7) ends the process).
                output = Run(work, "\"" + mod + "\" --assembly \"" + fixtures + "\" --frames 3 --fps 0", out exit);
                Assert.AreEqual(7, exit, output);
                Assert.IsTrue(File.Exists(Path.Combine(work, "mod-wrote.txt")), "without a policy the write happens");
            }
            finally
            {
                Directory.Delete(work, true);
            }
        }

        [Test]
        public void Policy_Ztsrun_BadPolicyFile_IsUsageError()
        {
            string work = Path.GetTempPath();
            string file = Path.Combine(work, "zts-bad-" + Guid.NewGuid().ToString("N") + ".policy");
            File.WriteAllText(file, "allow everything now\n");
            try
            {
                int exit;
                string output = Run(work, "\"" + work + "\" --policy \"" + file + "\"", out exit);
                Assert.AreEqual(64, exit, output);
                StringAssert.Contains(":1: cannot allow 'everything'", output);
            }
            finally
            {
                File.Delete(file);
            }
        }
    }
}
