using System;

namespace ZTS
{
    /// <summary>
    /// The script limits of a new domain, read from <see cref="TsSettings"/> and checked once for every backend
    /// (the backend passes them to the core: call budget, heap limit, stack size, job drain bound).
    /// </summary>
    public sealed class TsLimits
    {
        /// <summary>Time budget of each outermost C# -> JS call in microseconds (0: none).</summary>
        public long CallBudgetMicroseconds { get; private set; }

        /// <summary>JS heap limit in bytes (0: none).</summary>
        public long HeapLimitBytes { get; private set; }

        /// <summary>JS stack size in bytes (0: QuickJS's default).</summary>
        public long StackSizeBytes { get; private set; }

        /// <summary>Promise jobs per drain at most (0: no limit).</summary>
        public int MaxJobsPerPump { get; private set; }

        /// <summary>The smallest non-zero <see cref="TsSettings.HeapLimitBytes"/>: below it the runtime cannot even
        /// be made (a fresh domain with console and zts helpers uses a few hundred KiB).</summary>
        public const long MinHeapLimitBytes = 1L << 20;

        /// <summary>The current settings; throws ArgumentOutOfRangeException ("zts: ...") for a negative one or a heap
        /// limit too small to make a domain. Read before a Reset tears the old domain down, so a bad setting leaves the
        /// old domain working (ScriptRuntime.Reset).</summary>
        public static TsLimits FromSettings()
        {
            Check(TsSettings.CallBudgetMilliseconds, "CallBudgetMilliseconds");
            Check(TsSettings.HeapLimitBytes, "HeapLimitBytes");
            if (TsSettings.HeapLimitBytes > 0 && TsSettings.HeapLimitBytes < MinHeapLimitBytes)
                throw new ArgumentOutOfRangeException("HeapLimitBytes", TsSettings.HeapLimitBytes,
                    "zts: TsSettings.HeapLimitBytes must be 0 or at least " + MinHeapLimitBytes + " (a domain needs that much to start)");
            Check(TsSettings.StackSizeBytes, "StackSizeBytes");
            Check(TsSettings.MaxJobsPerPump, "MaxJobsPerPump");
            return new TsLimits
            {
                CallBudgetMicroseconds = TsSettings.CallBudgetMilliseconds * 1000L,
                HeapLimitBytes = TsSettings.HeapLimitBytes,
                StackSizeBytes = TsSettings.StackSizeBytes,
                MaxJobsPerPump = TsSettings.MaxJobsPerPump,
            };
        }

        private static void Check(long value, string name)
        {
            if (value < 0)
                throw new ArgumentOutOfRangeException(name, value, "zts: TsSettings." + name + " must be >= 0 (0 turns the limit off)");
        }
    }
}
