using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace ZTS.Samples.Arena
{
    /// <summary>A position or velocity. A struct: scripts get a copy, so they change one by setting it back.</summary>
    public struct Point2
    {
        /// <summary>Horizontal component, in arena units.</summary>
        public float X;

        /// <summary>Vertical component, in arena units.</summary>
        public float Y;

        /// <summary>Creates a point.</summary>
        public Point2(float x, float y)
        {
            X = x;
            Y = y;
        }

        /// <summary>"(x, y)" with one decimal.</summary>
        public override string ToString()
        {
            return "(" + X.ToString("0.0", System.Globalization.CultureInfo.InvariantCulture) + ", " +
                   Y.ToString("0.0", System.Globalization.CultureInfo.InvariantCulture) + ")";
        }
    }

    /// <summary>A side of the arena.</summary>
    public enum Side
    {
        /// <summary>The left side (its goal is at x = 0).</summary>
        Left,
        /// <summary>The right side (its goal is at x = Width).</summary>
        Right,
    }

    /// <summary>What <see cref="Arena.Goal"/> passes: the side that scored and its new score.</summary>
    public delegate void GoalHandler(Side side, int score);

    /// <summary>
    /// A ball bouncing between two goals: the C# API of the Events, Structs and Tasks sample. Scripts subscribe to
    /// <see cref="Goal"/> (an event), read and write <see cref="Ball"/> (a struct), await <see cref="NextGoalAsync"/>
    /// (a Task) and step it every frame.
    /// </summary>
    public sealed class Arena
    {
        private static readonly List<Arena> LiveArenas = new List<Arena>();
        private TaskCompletionSource<Side> _nextGoal;

        /// <summary>An arena of <paramref name="width"/> x <paramref name="height"/> units, the ball in its centre.</summary>
        public Arena(float width, float height)
        {
            if (width <= 0 || height <= 0) throw new ArgumentOutOfRangeException("width", "an arena needs a positive size");
            Width = width;
            Height = height;
            Ball = new Point2(width / 2, height / 2);
            LiveArenas.Add(this);
        }

        /// <summary>Raised when the ball leaves the arena through a side: the other side scores.</summary>
        public event GoalHandler Goal;

        /// <summary>Width in arena units.</summary>
        public float Width { get; private set; }

        /// <summary>Height in arena units.</summary>
        public float Height { get; private set; }

        /// <summary>Where the ball is (a copy: set the whole point to move it).</summary>
        public Point2 Ball { get; set; }

        /// <summary>The ball's velocity in units per second.</summary>
        public Point2 Velocity { get; set; }

        /// <summary>The left side's score.</summary>
        public int Left { get; private set; }

        /// <summary>The right side's score.</summary>
        public int Right { get; private set; }

        /// <summary>
        /// Arenas created and not closed. C# state like this outlives a script reload, which is why the sample's
        /// script closes its arenas in its <c>dispose</c> export.
        /// </summary>
        public static int Live
        {
            get { return LiveArenas.Count; }
        }

        /// <summary>Closes every arena (what a script's <c>dispose</c> calls to undo its <c>start</c>).</summary>
        public static void CloseAll()
        {
            foreach (Arena a in LiveArenas.ToArray()) a.Close();
        }

        /// <summary>Stops the arena: it leaves <see cref="Live"/> and a pending <see cref="NextGoalAsync"/> is cancelled.</summary>
        public void Close()
        {
            LiveArenas.Remove(this);
            TaskCompletionSource<Side> pending = _nextGoal;
            _nextGoal = null;
            if (pending != null) pending.TrySetCanceled();
        }

        /// <summary>A task that completes with the side of the next goal.</summary>
        public Task<Side> NextGoalAsync()
        {
            if (_nextGoal == null) _nextGoal = new TaskCompletionSource<Side>();
            return _nextGoal.Task;
        }

        /// <summary>Moves the ball by <paramref name="dt"/> seconds: it bounces off the top and bottom, and scores at the sides.</summary>
        public void Step(float dt)
        {
            Point2 b = Ball, v = Velocity;
            b.X += v.X * dt;
            b.Y += v.Y * dt;
            if (b.Y < 0 || b.Y > Height)
            {
                v.Y = -v.Y;
                b.Y = b.Y < 0 ? -b.Y : 2 * Height - b.Y;
            }
            // Leaving through the left goal scores for the right side, and the other way round.
            Side? side = b.X < 0 ? Side.Right : b.X > Width ? Side.Left : (Side?)null;
            if (side.HasValue)
            {
                // Serve again from the centre, towards the side that scored.
                b = new Point2(Width / 2, Height / 2);
                v.X = -v.X;
            }
            Ball = b;
            Velocity = v;
            if (!side.HasValue) return;
            int score = side.Value == Side.Left ? ++Left : ++Right;
            GoalHandler goal = Goal;
            if (goal != null) goal(side.Value, score);
            TaskCompletionSource<Side> pending = _nextGoal;
            _nextGoal = null;
            if (pending != null) pending.SetResult(side.Value);
        }
    }
}
