using System;
using System.Collections.Generic;
using ZTS.Declarations;

namespace ZTS.Run
{
    /// <summary>
    /// `ztsrun gen-dts --assembly A.dll [--assembly ...] [--namespace NS ...] [--alias-xml F ...] [--marshal-xml F ...] [--policy FILE]
    /// [--nullable oblivious] [--host-api] --out DIR`: writes the TypeScript declarations of the assemblies
    /// (docs/DECLARATIONS.md). Exit codes as its usage says: 0 written, 1 generation failed, 3 an --assembly is missing
    /// or cannot be loaded, 64 bad usage.
    /// </summary>
    internal static class GenDtsCommand
    {
        /// <summary>The subcommand name (first argument).</summary>
        public const string Name = "gen-dts";

        /// <summary>Its line in the ztsrun usage text.</summary>
        public const string UsageLine =
            "       ztsrun gen-dts --assembly A.dll [--assembly ...] [--namespace NS ...] [--alias-xml F ...] [--marshal-xml F ...] [--policy FILE]\n" +
            "                      [--type 'T, Asm']... [--types FILE] [--no-default-types] [--nullable oblivious] [--host-api] --out DIR\n" +
            "                      write TypeScript declarations (.d.ts) of the assemblies' C# API (docs/DECLARATIONS.md)\n" +
            "         --nullable oblivious  unannotated reference types without | null (default: annotated, | null unless annotated)\n" +
            "         --host-api            also declare ztsrun's own API (import { Host } from 'csharp:ZTS.Run')\n" +
            "         --type, --types FILE  more framework types declared with their members (what `ztsrun build-player` covers too);\n" +
            "                               --no-default-types leaves out the default set (List, Dictionary, StringBuilder, Math, ...)\n" +
            "         exit codes: 0 written, 1 generation failed, 3 an --assembly is missing or cannot be loaded, 64 usage";

        /// <summary>Runs the subcommand; args[0] is "gen-dts".</summary>
        public static int Run(string[] args)
        {
            var options = new DtsOptions();
            string outDir = null;
            bool hostApi = false;
            for (int i = 1; i < args.Length; i++)
            {
                string a = args[i];
                string value = i + 1 < args.Length ? args[i + 1] : null;
                List<string> target;
                switch (a)
                {
                    case "-h":
                    case "--help":
                        Console.WriteLine("usage:" + UsageLine.Substring(6));
                        return 0;
                    case "--host-api":
                        options.Assemblies.Add(typeof(Host).Assembly.Location); // ztsrun.exe: namespace ZTS.Run
                        hostApi = true;
                        continue;
                    case "--no-default-types":
                        options.DefaultTypes = false;
                        continue;
                    case "--type":
                    case "--types":
                        if (string.IsNullOrEmpty(value)) return Fail(a + " needs a value");
                        i++;
                        try
                        {
                            if (a == "--type") options.Types.Add(TsFrameworkTypes.Resolve(value, ""));
                            else options.Types.AddRange(TsFrameworkTypes.Load(value));
                        }
                        catch (Exception e)
                        {
                            Console.Error.WriteLine("ztsrun gen-dts: " + e.Message);
                            return 1;
                        }
                        continue;
                    case "--nullable":
                        if (value != "oblivious" && value != "annotated") return Fail("--nullable takes oblivious or annotated");
                        options.NullableOblivious = value == "oblivious";
                        i++;
                        continue;
                    case "--assembly": target = options.Assemblies; break;
                    case "--namespace": target = options.Namespaces; break;
                    case "--alias-xml": target = options.AliasXmlPaths; break;
                    case "--marshal-xml": target = options.MarshalXmlPaths; break;
                    case "--out": target = null; break;
                    case "--policy":
                        if (string.IsNullOrEmpty(value)) return Fail(a + " needs a value");
                        i++;
                        try
                        {
                            options.Policy = TsScriptPolicyFile.Load(value); // the file the host loads (docs/POLICY.md)
                        }
                        catch (TsBindException e)
                        {
                            Console.Error.WriteLine("ztsrun gen-dts: " + e.Message.Substring(5));
                            return 1;
                        }
                        continue;
                    default: return Fail("unknown argument " + a);
                }
                if (string.IsNullOrEmpty(value)) return Fail(a + " needs a value");
                i++;
                if (target == null) outDir = value;
                else target.Add(value);
            }
            if (options.Assemblies.Count == 0) return Fail("missing --assembly" + DtsGenerator.AssemblyHint);
            if (outDir == null) return Fail("missing --out");
            if (hostApi && options.Namespaces.Count > 0 && !options.Namespaces.Contains("ZTS.Run")) options.Namespaces.Add("ZTS.Run");
            try
            {
                List<string> files = DtsGenerator.Write(options, outDir);
                Console.WriteLine("gen-dts: wrote " + files.Count + " files to " + outDir);
                return 0;
            }
            catch (DtsAssemblyException e)
            {
                Console.Error.WriteLine("ztsrun " + e.Message);
                return 3;
            }
            catch (Exception e)
            {
                Console.Error.WriteLine("ztsrun gen-dts: " + e.GetType().Name + ": " + e.Message);
                return 1;
            }
        }

        private static int Fail(string message)
        {
            Console.Error.WriteLine("ztsrun gen-dts: " + message);
            Console.Error.WriteLine("usage:" + UsageLine.Substring(6));
            return 64;
        }
    }
}
