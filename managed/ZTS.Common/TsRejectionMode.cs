namespace ZTS
{
    /// <summary>What happens to a Promise rejection that no handler took (<see cref="TsSettings.UnhandledRejections"/>).</summary>
    public enum TsRejectionMode
    {
        /// <summary>Logged as a TsConsole error (<c>zts: unhandled Promise rejection: ...</c>); the frame goes on.</summary>
        Log = 0,

        /// <summary>
        /// <see cref="TsFramePump.LateUpdate"/> throws <see cref="TsUnhandledRejectionException"/> after the frame's
        /// Promise jobs ran, as Node (since v15) ends the process.
        /// </summary>
        Throw = 1,
    }
}
