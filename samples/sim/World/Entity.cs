using JetBrains.Annotations;

namespace Sim
{
    /// <summary>A thing in the world. The C# side owns it; scripts hold it as a ByObj exotic.</summary>
    public sealed class Entity
    {
        internal Entity(int id, [NotNull] string name, Kind kind, Vec2 position, Vec2 velocity, float radius)
        {
            Id = id;
            Name = name;
            Kind = kind;
            Position = position;
            Velocity = velocity;
            Radius = radius;
            Alive = true;
        }

        /// <summary>Unique per world, from 1.</summary>
        public int Id { get; private set; }

        /// <summary>Display name.</summary>
        [NotNull]
        public string Name { get; private set; }

        /// <summary>What it is.</summary>
        public Kind Kind { get; private set; }

        /// <summary>Where it is (world units; the world is [0, Width] x [0, Height]).</summary>
        public Vec2 Position { get; set; }

        /// <summary>Units per second.</summary>
        public Vec2 Velocity { get; set; }

        /// <summary>Collision radius.</summary>
        public float Radius { get; private set; }

        /// <summary>False once despawned.</summary>
        public bool Alive { get; internal set; }

        /// <summary>"Name#Id".</summary>
        [NotNull]
        public override string ToString()
        {
            return Name + "#" + Id;
        }
    }
}
