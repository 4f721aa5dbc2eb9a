using System;

namespace ZTS
{
    /// <summary>
    /// A module could not be loaded: the host loader threw, returned null or a value that is neither
    /// <c>string</c> nor <c>byte[]</c>, or the specifier is malformed (SPEC_MAP D2).
    /// </summary>
    public class TsModuleLoadException : TsException
    {
        /// <summary>Creates the exception for a specifier and the module that imported it.</summary>
        public TsModuleLoadException(string message, string specifier, string importer, string jsStack = "",
                                     Exception inner = null)
            : base(message, "Error", jsStack, inner)
        {
            Specifier = specifier ?? "";
            Importer = importer ?? "";
        }

        /// <summary>The canonical specifier that failed to load.</summary>
        public string Specifier { get; private set; }

        /// <summary>The canonical name of the importing module; "" when the host imported it (GetFunction).</summary>
        public string Importer { get; private set; }
    }
}
