using JetBrains.Annotations;

namespace Sim
{
    /// <summary>A 2D vector. A struct: JS gets a copy (ByVal), so scripts write it back through a property.</summary>
    public struct Vec2
    {
        /// <summary>Horizontal component, in world units.</summary>
        public float X;

        /// <summary>Vertical component, in world units.</summary>
        public float Y;

        /// <summary>Creates a vector.</summary>
        public Vec2(float x, float y)
        {
            X = x;
            Y = y;
        }

        /// <summary>Euclidean length.</summary>
        public float Length
        {
            get { return (float)System.Math.Sqrt(X * X + Y * Y); }
        }

        /// <summary>"(x, y)" with one decimal.</summary>
        [NotNull]
        public override string ToString()
        {
            return string.Format(System.Globalization.CultureInfo.InvariantCulture, "({0:0.0}, {1:0.0})", X, Y);
        }
    }
}
