using System;

namespace ZTS
{
    /// <summary>How a value crosses between C# and JS (01-HOST-API §3; docs/MARSHAL.md).</summary>
    public enum TsMarshalType
    {
        /// <summary>The default rules of SPEC_MAP D5.</summary>
        Default = 0,

        /// <summary>C# -> JS: an opaque handle (zts.opaque_get/opaque_set) valid during the call, also for by-value classes and structs.</summary>
        OpaqueValue = 1,

        /// <summary>Structs (and Nullable of struct): a plain JS object with the listed <see cref="TsMarshalAsAttribute.Members"/> (all public fields and properties when none are listed).</summary>
        Table = 2,

        /// <summary>Structs as parameters: their listed members as consecutive JS arguments (not for results).</summary>
        UnpackedValues = 3,
    }

    /// <summary>
    /// Chooses the marshalling of a parameter, a return value, a field or a property (01-HOST-API §3).
    /// Never on a method: binding then fails with <see cref="TsMarshalAsConfigurationException"/>. On the Mono
    /// backend an invalid combination (Table on a class, an unknown member) logs an error and falls back to Default.
    /// </summary>
    [AttributeUsage(AttributeTargets.Parameter | AttributeTargets.ReturnValue | AttributeTargets.Field |
                    AttributeTargets.Property | AttributeTargets.Method, Inherited = false)]
    public sealed class TsMarshalAsAttribute : Attribute
    {
        /// <summary>Creates the attribute.</summary>
        public TsMarshalAsAttribute(TsMarshalType type)
        {
            Type = type;
        }

        /// <summary>The marshalling.</summary>
        public TsMarshalType Type { get; private set; }

        /// <summary>Table / UnpackedValues: the struct members, in order (null: all public fields, then properties).</summary>
        public string[] Members { get; set; }
    }

    /// <summary>[TsMarshalAs] was put where it is not allowed (on a method).</summary>
    public class TsMarshalAsConfigurationException : TsBindException
    {
        /// <summary>Creates the exception.</summary>
        public TsMarshalAsConfigurationException(string message) : base(message)
        {
        }
    }
}
