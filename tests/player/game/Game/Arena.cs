using System;
using System.Collections.Generic;

// A small game's own API, as a new user writes it: no build file of the project lists this assembly as a Player
// input; `ztsrun build-player` covers it (tests/player/game/build_and_run.sh).
namespace Arena
{
    /// <summary>A delegate type the game declares (a C# event's handler).</summary>
    public delegate void HitHandler(string who, int damage);

    /// <summary>A component-like class scripts look up with TryGetComponent.</summary>
    public sealed class Mover
    {
        public string Name;
        public int Speed;

        public Mover(string name, int speed)
        {
            Name = name;
            Speed = speed;
        }

        public override string ToString()
        {
            return "Mover(" + Name + ", " + Speed + ")";
        }
    }

    /// <summary>A struct with a property, as Unity's Rect.</summary>
    public struct Area
    {
        public float X, Y;
        public Area(float x, float y) { X = x; Y = y; }
        public float Size { get { return X * Y; } }
    }

    /// <summary>The game's scene: the shapes Unity code uses daily.</summary>
    public sealed class Scene
    {
        private readonly List<object> _things = new List<object>();

        /// <summary>The scene scripts get from the host.</summary>
        public static Scene Current = new Scene();

        public readonly Dictionary<string, int> Scores = new Dictionary<string, int>();

        public event HitHandler Hit;

        /// <summary>Spawns count things named name; prototype is kept as the first one.</summary>
        public object Spawn(string name, object prototype, int count)
        {
            var m = new Mover(name, count);
            _things.Add(m);
            if (prototype != null) _things.Add(prototype);
            return m;
        }

        /// <summary>The first thing of type T (GameObject.TryGetComponent's shape).</summary>
        public bool TryGetComponent<T>(out T component) where T : class
        {
            foreach (object o in _things)
                if (o is T)
                {
                    component = (T)o;
                    return true;
                }
            component = null;
            return false;
        }

        public void Damage(string who, int amount)
        {
            HitHandler h = Hit;
            if (h != null) h(who, amount);
        }

        public long Ticks { get { return 1234567890123L; } }

        public int? Level(bool known) { return known ? 7 : (int?)null; }

        public Area Bounds = new Area(3, 4);

        public DateTime Started = new DateTime(2026, 1, 2, 3, 4, 5);

        public TimeSpan Elapsed(int seconds) { return TimeSpan.FromSeconds(seconds); }

        /// <summary>static int M(int, int, int): the signature the project's own test Player keeps out on purpose.</summary>
        public static int Add3(int a, int b, int c) { return a + b + c; }

        /// <summary>Nine parameters: more than a Player bridge takes, listed in player-coverage.txt.</summary>
        public static int Nine(int a, int b, int c, int d, int e, int f, int g, int h, int i) { return a + b + c + d + e + f + g + h + i; }

        /// <summary>Parses a span: the Player cannot express it; left out, and the build still succeeds.</summary>
        public static int Count(ReadOnlySpan<char> text) { return text.Length; }
    }
}
