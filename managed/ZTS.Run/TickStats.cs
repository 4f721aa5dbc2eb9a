using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;

namespace ZTS.Run
{
    /// <summary>Durations of the tick calls (C# -> JS -> C# and back), for ztsrun --stats.</summary>
    internal sealed class TickStats
    {
        private readonly List<long> _ticks = new List<long>();

        /// <summary>Records one tick's duration in Stopwatch ticks.</summary>
        public void Add(long stopwatchTicks)
        {
            _ticks.Add(stopwatchTicks);
        }

        /// <summary>"N frames; tick µs: mean, p50, p99, max" over the frames after the first, which JIT-compiles and is shown apart.</summary>
        public string Describe()
        {
            if (_ticks.Count == 0) return "0 frames";
            var sorted = new List<long>(_ticks);
            long first = sorted[0];
            if (sorted.Count > 1) sorted.RemoveAt(0);
            sorted.Sort();
            double sum = 0;
            foreach (long t in sorted) sum += t;
            Func<double, string> us = t => (t * 1e6 / Stopwatch.Frequency).ToString("0.0", CultureInfo.InvariantCulture);
            Func<double, long> at = q => sorted[Math.Min(sorted.Count - 1, (int)(q * sorted.Count))];
            return string.Format(CultureInfo.InvariantCulture, "{0} frames; tick µs: mean {1}, p50 {2}, p99 {3}, max {4}, first frame {5}",
                _ticks.Count, us(sum / sorted.Count), us(at(0.5)), us(at(0.99)), us(sorted[sorted.Count - 1]), us(first));
        }
    }
}
