// The game's own asmdef assembly of the sample project (Game.Logic): what the Player build step covers with
// bridges, shims, wrappers and accessors (UnityPackage_PlayerBuildStep_*, tests/unity/player_step).
using System;
using FixtureEngine;

namespace Game
{
    public class Mover : Behaviour
    {
        public Vec2 Position { get; set; }
        public Stats Stats { get; set; }

        public event EngineEvent Moved;

        public override void Tick(float dt)
        {
            Position = new Vec2(Position.X + dt, Position.Y);
            if (Moved != null) Moved(Position);
        }

        // ref/out: a managed wrapper in the generated C#.
        public bool TryStep(float dt, out Vec2 next)
        {
            next = new Vec2(Position.X + dt, Position.Y);
            return dt > 0;
        }

        public static int Doubled(int x)
        {
            // Action<Stats> appears in no signature, only here: its shim comes from reading the IL (--scan-il).
            Action<Stats> touch = s => { };
            touch(new Stats());
            return x * 2;
        }
    }

    // Struct properties: Table accessors in the generated C#.
    public struct Stats
    {
        public int Hits { get; set; }
        public float Heat { get; set; }
    }

    // A delegate type of the game: a C# -> JS shim.
    public delegate int Scorer(Mover m, int bonus);

    public static class Rules
    {
        public static int Score(Scorer s, Mover m)
        {
            return s(m, 1);
        }

        // Named by the sample's MarshalAs XML (Assets/ZTS/marshal.xml).
        public static int Total(Stats s)
        {
            return s.Hits;
        }
    }
}
