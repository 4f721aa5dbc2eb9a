using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using JetBrains.Annotations;

namespace Sim
{
    /// <summary>What <see cref="World.Changed"/> reports: the entity and what happened to it, never null.</summary>
    public delegate void EntityChanged([NotNull] Entity entity, [NotNull] string what);

    /// <summary>
    /// The C# world API the TypeScript logic drives: spawning, physics queries, and an event scripts
    /// subscribe to with a JS function (it becomes an <see cref="EntityChanged"/>). Annotated with JetBrains'
    /// [NotNull]/[CanBeNull], so the generated declarations leave `| null` out where C# never gives null.
    /// </summary>
    public sealed class World
    {
        private readonly List<Entity> _entities = new List<Entity>();
        private int _nextId = 1;

        /// <summary>Creates an empty world of the given size.</summary>
        public World(float width, float height)
        {
            if (width <= 0 || height <= 0) throw new ArgumentOutOfRangeException("width", "the world needs a positive size");
            Width = width;
            Height = height;
        }

        /// <summary>The world the host created (scripts may also make their own).</summary>
        public static World Current { get; set; }

        /// <summary>Horizontal size in world units.</summary>
        public float Width { get; private set; }

        /// <summary>Vertical size in world units.</summary>
        public float Height { get; private set; }

        /// <summary>Number of live entities.</summary>
        public int Count
        {
            get { return _entities.Count; }
        }

        /// <summary>Raised as (entity, what happened) when the world changes an entity.</summary>
        public event EntityChanged Changed;

        /// <summary>Adds an entity; the position must be inside the world.</summary>
        [NotNull]
        public Entity Spawn([NotNull] string name, Kind kind, Vec2 position, Vec2 velocity, float radius = 0.5f)
        {
            if (position.X < 0 || position.X > Width || position.Y < 0 || position.Y > Height)
                throw new ArgumentOutOfRangeException("position", name + " would spawn outside the world at " + position);
            var e = new Entity(_nextId++, name, kind, position, velocity, radius);
            _entities.Add(e);
            Raise(e, "spawned");
            return e;
        }

        /// <summary>Removes an entity; it stays readable but no longer Alive.</summary>
        public void Despawn([CanBeNull] Entity e, [NotNull] string reason)
        {
            if (e == null || !e.Alive) return;
            e.Alive = false;
            _entities.Remove(e);
            Raise(e, reason);
        }

        /// <summary>Live entities of a kind (a fresh array).</summary>
        [NotNull, ItemNotNull]
        public Entity[] All(Kind kind)
        {
            return _entities.FindAll(e => e.Kind == kind).ToArray();
        }

        /// <summary>The live entity of a kind nearest to a point, or null.</summary>
        [CanBeNull]
        public Entity Nearest(Vec2 from, Kind kind)
        {
            Entity best = null;
            float bestDistance = float.MaxValue;
            foreach (Entity e in _entities)
            {
                if (e.Kind != kind) continue;
                float d = Distance(from, e.Position);
                if (d < bestDistance)
                {
                    best = e;
                    bestDistance = d;
                }
            }
            return best;
        }

        /// <summary>
        /// Counts the live entities of a kind on a worker thread (a stand-in for loading a level): scripts await
        /// the Task as a Promise, which the frame pump settles on the script thread.
        /// </summary>
        [NotNull]
        public Task<int> SurveyAsync(Kind kind)
        {
            Entity[] snapshot = All(kind);
            return Task.Run(() => snapshot.Length);
        }

        /// <summary>Whether two live entities overlap.</summary>
        public bool Touching([NotNull] Entity a, [NotNull] Entity b)
        {
            return a.Alive && b.Alive && Distance(a.Position, b.Position) <= a.Radius + b.Radius;
        }

        /// <summary>Moves an entity by velocity * dt and reflects it off the walls; returns the walls hit.</summary>
        public int Integrate([NotNull] Entity e, float dt)
        {
            Vec2 p = e.Position, v = e.Velocity;
            p.X += v.X * dt;
            p.Y += v.Y * dt;
            int hits = 0;
            if (p.X < 0 || p.X > Width)
            {
                v.X = -v.X;
                p.X = Math.Max(0, Math.Min(Width, p.X));
                hits++;
            }
            if (p.Y < 0 || p.Y > Height)
            {
                v.Y = -v.Y;
                p.Y = Math.Max(0, Math.Min(Height, p.Y));
                hits++;
            }
            e.Position = p;
            e.Velocity = v;
            return hits;
        }

        /// <summary>Distance between two points.</summary>
        public static float Distance(Vec2 a, Vec2 b)
        {
            float dx = a.X - b.X, dy = a.Y - b.Y;
            return (float)Math.Sqrt(dx * dx + dy * dy);
        }

        private void Raise(Entity e, string what)
        {
            EntityChanged handler = Changed;
            if (handler != null) handler(e, what);
        }
    }
}
