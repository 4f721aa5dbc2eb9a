using System;
using System.IO;

namespace ZTS.Run
{
    /// <summary>
    /// `ztsrun build-player --assembly Game.dll ... --out DIR`: builds the Player launcher of a game (docs/PLAYER.md,
    /// "Building a game's Player"). The work is ZTS.GenBridges.exe's (tools/gen-bridges/PlayerBuild.cs, beside
    /// ztsrun.exe in dist/lib), run in this process: it loads the game's assemblies to reflect over them, and neither
    /// ztsrun nor a ZTS domain has loaded anything of the game's yet.
    /// </summary>
    internal static class BuildPlayerCommand
    {
        /// <summary>The subcommand name (first argument).</summary>
        public const string Name = "build-player";

        /// <summary>Its line in the ztsrun usage text.</summary>
        public const string UsageLine =
            "       ztsrun build-player --assembly Game.dll [--assembly ...] [--type 'T, Asm']... [--types FILE] [--marshal-xml FILE]...\n" +
            "                           [--scripts DIR] --out DIR\n" +
            "                      build the Player launcher of a game: DIR/zts-player and DIR/lib/ (`ztsrun build-player --help`)";

        /// <summary>Runs the subcommand; args[0] is "build-player".</summary>
        public static int Run(string[] args)
        {
            string tool = Path.Combine(Path.GetDirectoryName(typeof(BuildPlayerCommand).Assembly.Location), "ZTS.GenBridges.exe");
            if (!File.Exists(tool))
            {
                Console.Error.WriteLine("build-player: the installed build has no Player build tool: " + tool + " is missing (build ZTS with tools/setup.sh)");
                return 1;
            }
            return AppDomain.CurrentDomain.ExecuteAssembly(tool, args);
        }
    }
}
