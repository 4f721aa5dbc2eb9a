namespace ZTS.Bench.Targets
{
    /// <summary>C# members the JS -> C# benchmarks call (reached as CSharp.ZTS.Bench.Targets.*).</summary>
    public static class Calc
    {
        public static int Add(int a, int b) { return a + b; }

        private static readonly Point SharedPoint = new Point();
        public static Point Shared() { return SharedPoint; }
        public static Point Make(int x) { return new Point { X = x }; }
    }

    public class Point
    {
        public int X { get; set; }
    }
}
