namespace ZTS
{
    /// <summary>
    /// The timers of a backend: setTimeout/setInterval run when TsFramePump.LateUpdate advances them on
    /// the host's clock (<see cref="TsFramePump.TimeSource"/>).
    /// </summary>
    internal interface ITsRuntimeTimers
    {
        /// <summary>Runs the timers due at host time nowMs (milliseconds), each followed by its Promise jobs.</summary>
        void AdvanceTimers(double nowMs);
    }
}
