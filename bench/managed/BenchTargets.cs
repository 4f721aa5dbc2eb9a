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

namespace ZTS.Bench.Targets
{
    public struct Vec3f
    {
        public float X, Y, Z;
        public Vec3f(float x, float y, float z) { X = x; Y = y; Z = z; }
    }

    /// <summary>Struct and delegate targets of the values benchmarks.</summary>
    public static class Values
    {
        public static Vec3f Make(float x) { return new Vec3f(x, 1, 2); }
        public static float Sum(Vec3f v) { return v.X + v.Y + v.Z; }

        /// <summary>Sum as Mono inlines it into the bridge: Sum's 24 IL bytes are over Mono's inlining limit (20).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static float SumInlined(Vec3f v) { return v.X + v.Y + v.Z; }

        [return: TsMarshalAs(TsMarshalType.Table)]
        public static Vec3f MakeTable(float x) { return new Vec3f(x, 1, 2); }
        public static float SumTable([TsMarshalAs(TsMarshalType.Table)] Vec3f v) { return v.X + v.Y + v.Z; }

        public static System.Func<int, int> Doubler() { return x => x * 2; }
    }

    public delegate void Accumulate(ref int total, int add);

    /// <summary>A Vector3-like struct for the Unity-style frame (bench unity_style_frame).</summary>
    public struct V3
    {
        public float x, y, z;
        public V3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
        public static V3 Add(V3 a, V3 b) { return new V3(a.x + b.x, a.y + b.y, a.z + b.z); }
        public static V3 Scale(V3 a, float s) { return new V3(a.x * s, a.y * s, a.z * s); }
    }

    /// <summary>A game object with a position and a velocity (properties, as Unity's Transform.position).</summary>
    public class Entity
    {
        public V3 Position { get; set; }
        public V3 Velocity { get; set; }
        public Entity(float i) { Position = new V3(i, 0, 0); Velocity = new V3(1, 2, 3); }
    }
}
