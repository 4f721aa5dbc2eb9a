namespace ZTS.Declarations
{
    /// <summary>Which way a value crosses: the TS type of a value C# gives JS can differ from what JS may pass.</summary>
    internal enum Flow
    {
        /// <summary>C# -> JS: results, getters, arguments of a JS function called as a delegate.</summary>
        ToJs,

        /// <summary>JS -> C#: arguments, setters, the result of a JS function called as a delegate.</summary>
        FromJs,
    }
}
