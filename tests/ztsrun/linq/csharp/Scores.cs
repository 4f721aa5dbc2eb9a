using System.Collections.Generic;
using ZTS;

// The scripts' `using System.Linq;`: LINQ's extension methods on instances (docs/EVERYDAY.md "Extension methods").
[assembly: TsUsing("System.Linq")]

namespace LinqWorld
{
    /// <summary>A list of scores for the scripts to query with LINQ.</summary>
    public static class Scores
    {
        /// <summary>3, 8, 5, 10, 1.</summary>
        public static List<int> All() { return new List<int> { 3, 8, 5, 10, 1 }; }

        /// <summary>Names.</summary>
        public static List<string> Names() { return new List<string> { "ada", "bob", "cy" }; }
    }
}
