using System;
using System.IO;
using ZTS;

namespace ZTS.Samples.Hello
{
    /// <summary>
    /// The main job: a headless host that does everything in 01-HOST-API §2.3, ticks game logic for a few
    /// frames, reserves a Reset with a new loader mid-run (hot reload), re-binds, and prints what it did.
    /// Usage: mono hello.exe [samples/hello]
    /// </summary>
    public static class Program
    {
        private static Func<string, object> FileLoader(string root)
        {
            return specifier =>
            {
                string path = Path.Combine(root, specifier.Replace('/', Path.DirectorySeparatorChar) + ".js");
                Console.WriteLine("  loader: {0} -> {1}", specifier, path);
                return File.ReadAllText(path);
            };
        }

        public static int Main(string[] args)
        {
            string root = args.Length > 0 ? args[0] : Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "hello");
            TsConsole.Sink = (level, text) => Console.WriteLine("  js {0}: {1}", level, text);
            global::Hello.World.Gravity = 0.5;

            Console.WriteLine("Initialize with scripts/");
            TsAppDomain.Initialize(FileLoader(Path.Combine(root, "scripts")));

            var add = TsAppDomain.GetFunction<Func<int, int, int>>("app", "add");
            Console.WriteLine("app.add(10, 20) = {0}", add(10, 20));
            var greet = TsAppDomain.GetFunction<Func<string, string>>("app", "greet");
            Console.WriteLine("app.greet(\"Unity\") = {0}", greet("Unity"));

            var onTick = TsAppDomain.GetFunction<Action<float>>("game/logic", "OnTick");
            var describe = TsAppDomain.GetFunction<Func<string>>("game/logic", "describe");

            const int frames = 8;
            for (int frame = 1; frame <= frames; frame++)
            {
                onTick(0.016f);
                TsFramePump.LateUpdate();
                if (frame == 4)
                {
                    Console.WriteLine("frame {0}: {1}", frame, describe());
                    Console.WriteLine("frame {0}: reserve Reset with scripts-v2/ (applied at EndOfFrame)", frame);
                    TsAppDomain.Reset(FileLoader(Path.Combine(root, "scripts-v2")));
                    onTick(0.016f); // still the old domain until EndOfFrame
                }
                if (TsFramePump.EndOfFrame())
                {
                    Console.WriteLine("frame {0}: Reset applied; old delegates are void", frame);
                    try
                    {
                        onTick(0.016f);
                    }
                    catch (ObjectDisposedException e)
                    {
                        Console.WriteLine("  old OnTick threw ObjectDisposedException: {0}", e.Message.Split('\n')[0]);
                    }
                    onTick = TsAppDomain.GetFunction<Action<float>>("game/logic", "OnTick");
                    describe = TsAppDomain.GetFunction<Func<string>>("game/logic", "describe");
                    greet = TsAppDomain.GetFunction<Func<string, string>>("app", "greet");
                    Console.WriteLine("app.greet(\"Unity\") = {0}", greet("Unity"));
                }
            }
            Console.WriteLine("after {0} frames: {1}", frames, describe());

            try
            {
                TsAppDomain.GetFunction<Action>("game/missing", "Run");
            }
            catch (TsModuleLoadException e)
            {
                Console.WriteLine("GetFunction of a missing module: {0}: {1}", e.GetType().Name, e.Message);
            }
            Console.WriteLine("done");
            return 0;
        }
    }
}
