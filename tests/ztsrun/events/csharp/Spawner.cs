namespace ReloadWorld
{
    /// <summary>C# state that outlives a reload of the scripts: what they spawned, and how often they were loaded.</summary>
    public static class Spawner
    {
        private static int _loads;

        /// <summary>Objects spawned and not destroyed.</summary>
        public static int Count { get; private set; }

        /// <summary>Counts a load of the scripts; returns its number (1 for the first).</summary>
        public static int NextLoad()
        {
            return ++_loads;
        }

        /// <summary>Spawns one object.</summary>
        public static void Spawn()
        {
            Count++;
        }

        /// <summary>Destroys every spawned object; returns how many there were.</summary>
        public static int DestroyAll()
        {
            int n = Count;
            Count = 0;
            return n;
        }
    }
}
