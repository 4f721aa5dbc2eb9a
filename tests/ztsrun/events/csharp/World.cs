using System;

namespace ReloadWorld
{
    /// <summary>A C# event that scripts subscribe to at load time (subscriptions undone at Reset).</summary>
    public static class World
    {
        /// <summary>Raised by Raise.</summary>
        public static event Action<int> Changed;

        /// <summary>Raises Changed with value; returns the number of handlers it has.</summary>
        public static int Raise(int value)
        {
            Action<int> handlers = Changed;
            if (handlers != null) handlers(value);
            return handlers == null ? 0 : handlers.GetInvocationList().Length;
        }

        /// <summary>Managed heap bytes after a full collection (finalizers run).</summary>
        public static double ManagedBytes()
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            return GC.GetTotalMemory(true);
        }
    }
}
