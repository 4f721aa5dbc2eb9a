using System;

namespace ZTS.Tests
{
    /// <summary>
    /// What the core under test was built over, for the tests whose expectation differs by build: CMake puts
    /// ZTS_QUICKJS_PATCHES (1: ZTS's patched QuickJS, 0: stock QuickJS, -DZTS_QUICKJS_PATCHES=OFF) in the environment of
    /// every NUnit ctest (tests/managed/CMakeLists.txt). docs/ARCHITECTURE.md "QuickJS and ZTS's patches" lists what differs.
    /// </summary>
    internal static class BuildFlags
    {
        public static bool QuickJSPatched
        {
            get
            {
                string v = Environment.GetEnvironmentVariable("ZTS_QUICKJS_PATCHES");
                if (v != "0" && v != "1")
                    throw new InvalidOperationException("ZTS_QUICKJS_PATCHES is not set to 0 or 1: run the tests through ctest");
                return v == "1";
            }
        }

        /// <summary>The error class of a stack overflow: V8's RangeError with quickjs-stack-overflow-rangeerror.patch,
        /// QuickJS's own InternalError without.</summary>
        public static string StackOverflowClass { get { return QuickJSPatched ? "RangeError" : "InternalError"; } }

        /// <summary>`name: message` of a stack overflow.</summary>
        public static string StackOverflowText
        {
            get { return QuickJSPatched ? "RangeError: Maximum call stack size exceeded" : "InternalError: stack overflow"; }
        }
    }
}
