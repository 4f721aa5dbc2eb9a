using System;
using System.Collections.Generic;

namespace Hello
{
    /// <summary>The C# world API the sample's TypeScript-style logic calls (JS -> C#).</summary>
    public static class World
    {
        private static readonly List<Entity> _entities = new List<Entity>();

        /// <summary>Gravity the JS logic reads every frame.</summary>
        public static double Gravity { get; set; }

        /// <summary>Creates an entity the JS side keeps and moves.</summary>
        public static Entity Spawn(string name, double x)
        {
            var e = new Entity(name, x);
            _entities.Add(e);
            Console.WriteLine("  C# World.Spawn({0}, {1})", name, x);
            return e;
        }

        /// <summary>Number of entities spawned so far.</summary>
        public static int Count { get { return _entities.Count; } }
    }

    /// <summary>A game entity owned by C#, moved by JS.</summary>
    public class Entity
    {
        public Entity(string name, double x)
        {
            Name = name;
            X = x;
        }

        public string Name { get; private set; }
        public double X { get; set; }
        public double Vy { get; set; }
        public double Y { get; set; }

        public override string ToString() { return string.Format("{0}@({1:F2}, {2:F2})", Name, X, Y); }
    }
}
