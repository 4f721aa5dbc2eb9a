namespace ZTS
{
    /// <summary>
    /// A script reached C# that the script policy does not allow (<see cref="TsScriptPolicy"/>). Its message
    /// is the one denial text, <c>zts: access to 'NS.T.M' is not allowed by the script policy</c>, on every backend.
    /// </summary>
    public class TsPolicyException : TsException
    {
        /// <summary>Creates the denial of <paramref name="path"/> (a type "NS.T" or a member "NS.T.M").</summary>
        public TsPolicyException(string path) : base(TsScriptPolicy.DenialText(path))
        {
            Path = path;
        }

        /// <summary>What was denied: "NS.T" or "NS.T.M".</summary>
        public string Path { get; private set; }
    }
}
