namespace Sim
{
    /// <summary>What an entity is; scripts see the underlying numbers.</summary>
    public enum Kind
    {
        /// <summary>The player's ship, steered by the script.</summary>
        Ship,

        /// <summary>Bounces around; the ship avoids it.</summary>
        Rock,

        /// <summary>Collected when the ship touches it.</summary>
        Crystal
    }
}
