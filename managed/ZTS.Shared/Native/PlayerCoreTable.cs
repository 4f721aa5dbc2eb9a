namespace ZTS.Shared.Native
{
    /// <summary>The core's table of the Player runtime (zts_player_core of zts.h, from ZtsNative.zts_player_core_get):
    /// managed code only hands it over, so only its version is mirrored (Abi_ConstantMirror_MatchesHeader).</summary>
    internal static class PlayerCoreTable
    {
        /// <summary>ZTS_PLAYER_CORE_VERSION.</summary>
        public const int Version = 2;
    }
}
