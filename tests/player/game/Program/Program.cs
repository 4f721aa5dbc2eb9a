using System;
using System.IO;
using Arena;
using ZTS;

// The game's host program: the same output under `mono Program.exe` (Editor backend) and under the launcher
// `ztsrun build-player` made for it (Player backend), tests/player/game/build_and_run.sh.
namespace ArenaHost
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            string scripts = Path.Combine(Path.GetDirectoryName(typeof(Program).Assembly.Location), "scripts");
            TsAppDomain.Initialize(new TsFileLoader(scripts).Load);
            var run = TsAppDomain.GetFunction<Func<Scene, string>>("main", "run");
            Console.WriteLine(run(Scene.Current));
            var onHit = TsAppDomain.GetFunction<HitHandler>("main", "onHit");
            onHit("host", 2);
            Scene.Current.Damage("boss", 9);
            var errors = TsAppDomain.GetFunction<Func<string>>("main", "errors");
            Console.WriteLine(errors());
            TsFramePump.LateUpdate();
            TsFramePump.EndOfFrame();
            Console.WriteLine("done");
            return 0;
        }
    }
}
