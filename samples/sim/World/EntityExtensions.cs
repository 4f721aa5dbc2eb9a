using JetBrains.Annotations;
using ZTS;

// Scripts see the extension methods of Sim.Extensions on instances, as C# code with `using Sim.Extensions;` does.
[assembly: TsUsing("Sim.Extensions")]

namespace Sim.Extensions
{
    /// <summary>Extension methods scripts call on entities: <c>e.Label()</c>, <c>e.Is(Kind.Rock)</c>.</summary>
    public static class EntityExtensions
    {
        /// <summary>"Name#Id", as log lines show an entity.</summary>
        [NotNull]
        public static string Label([NotNull] this Entity e)
        {
            return e.Name + "#" + e.Id;
        }

        /// <summary>Whether the entity is of the given kind.</summary>
        public static bool Is([NotNull] this Entity e, Kind kind)
        {
            return e.Kind == kind;
        }
    }
}
