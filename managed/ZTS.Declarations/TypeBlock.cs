using System;
using System.Collections.Generic;

namespace ZTS.Declarations
{
    /// <summary>
    /// The declarations of one C# type, before the module around it is assembled: the lines of its
    /// instance side and type-object side, and where nested types are listed once the written set is known.
    /// </summary>
    internal sealed class TypeBlock
    {
        /// <summary>Creates an empty block for t.</summary>
        public TypeBlock(Type t)
        {
            Type = t;
            Lines = new List<string>();
            ObjectLines = new List<string>();
        }

        /// <summary>The C# type (a generic definition for generic types).</summary>
        public Type Type { get; private set; }

        /// <summary>Doc comment and instance interface (or enum alias), complete.</summary>
        public List<string> Lines { get; private set; }

        /// <summary>Opening line of the interface that holds the nested type objects (the $Type or $Definition interface).</summary>
        public string ObjectHeader;

        /// <summary>Members of that interface; nested types are appended when the module is assembled.</summary>
        public List<string> ObjectLines { get; private set; }

        /// <summary>Lines after it: other interfaces of the type object and the const (top-level types only).</summary>
        public List<string> Trailer = new List<string>();

        /// <summary>The registry entry of a generic definition for zts.generic ("\"NS.T$1\": ..."), or null.</summary>
        public string GenericEntry;

        /// <summary>The zts.GenericMethods registry entries of the type's explicitly closed generic methods (TsMember.GenericMethodEntry).</summary>
        public readonly List<string> GenericMethodEntries = new List<string>();
    }
}
