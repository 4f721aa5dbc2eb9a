using System;
using System.Threading;
using ZTS;

// A domain on a 512 KB thread (Mono's smallest here: nunit-console's threads get 2 MB whatever they ask for, so
// this runs as a program of its own, Stack_SmallThread_RecursionIsRangeError): with the default StackSizeBytes,
// QuickJS's 1 MiB overflowed the thread natively ("Stack overflow in unmanaged", exit 1); the default now fits the
// thread's stack (native/core/runtime/thread_stack.h), and a size above it is capped with a warning.
namespace ZTS.SmallStack
{
    public static class Program
    {
        // The class of a stack overflow: RangeError over ZTS's patched QuickJS, InternalError over stock QuickJS (the test
        // sets ZTS_QUICKJS_PATCHES: tests/player/CMakeLists.txt).
        private static readonly string OverflowClass =
            Environment.GetEnvironmentVariable("ZTS_QUICKJS_PATCHES") == "0" ? "InternalError" : "RangeError";

        private static readonly string Source =
            "function depth(n) { try { return depth(n + 1); } catch (e) { if (!(e instanceof " + OverflowClass + ")) throw e; return n; } }\n" +
            "export function measure() { return depth(0); }\n" +
            "export function message() { function f() { return f() + 1; } try { f(); } catch (e) { return e.name + ': ' + e.message; } }";

        public static int Main()
        {
            TsConsole.Sink = (level, text) => Console.WriteLine(level + ": " + text.Split(new[] { " is more than" }, StringSplitOptions.None)[0]);
            var t = new Thread(() =>
            {
                Func<string, object> load = s => Source;
                TsAppDomain.Initialize(load);
                foreach (int size in new[] { 0, 8 << 20 })
                {
                    if (size != 0)
                    {
                        TsSettings.StackSizeBytes = size;
                        TsAppDomain.Reset(load);
                        TsFramePump.EndOfFrame(); // the Reset applies here, on this thread
                    }
                    int depth = TsAppDomain.GetFunction<Func<int>>("m", "measure")();
                    Console.WriteLine("StackSizeBytes " + size + ": " + TsAppDomain.GetFunction<Func<string>>("m", "message")() + ", depth > 100: " + (depth > 100));
                    TsFramePump.LateUpdate();
                }
            }, 512 * 1024);
            t.Start();
            t.Join();
            Console.WriteLine("done");
            return 0;
        }
    }
}
