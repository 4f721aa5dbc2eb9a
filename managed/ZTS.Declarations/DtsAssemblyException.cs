using System;

namespace ZTS.Declarations
{
    /// <summary>An assembly given to gen-dts is missing or cannot be loaded (ztsrun gen-dts exits 3); the message has a hint.</summary>
    public sealed class DtsAssemblyException : Exception
    {
        /// <summary>Creates the exception with its message (hint included) and cause.</summary>
        public DtsAssemblyException(string message, Exception inner) : base(message, inner)
        {
        }
    }
}
