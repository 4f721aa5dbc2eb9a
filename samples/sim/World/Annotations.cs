using System;

// JetBrains-style nullability annotations, declared in the project the way Unity projects carry them
// (internal, so they cannot clash with UnityEngine's own JetBrains.Annotations types). `ztsrun gen-dts` matches them by simple name:
// a [NotNull] result, parameter or property is declared without `| null` (docs/DECLARATIONS.md, "Nullability").
namespace JetBrains.Annotations
{
    /// <summary>The value is never null: a result C# guarantees, or an argument C# requires.</summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Parameter | AttributeTargets.Property | AttributeTargets.Delegate |
                    AttributeTargets.Field | AttributeTargets.Event | AttributeTargets.Class | AttributeTargets.Interface |
                    AttributeTargets.GenericParameter)]
    internal sealed class NotNullAttribute : Attribute
    {
    }

    /// <summary>The value may be null: callers must check it.</summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Parameter | AttributeTargets.Property | AttributeTargets.Delegate |
                    AttributeTargets.Field | AttributeTargets.Event | AttributeTargets.Class | AttributeTargets.Interface |
                    AttributeTargets.GenericParameter)]
    internal sealed class CanBeNullAttribute : Attribute
    {
    }

    /// <summary>The elements of a collection (here: an array) are never null.</summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Parameter | AttributeTargets.Property | AttributeTargets.Delegate |
                    AttributeTargets.Field)]
    internal sealed class ItemNotNullAttribute : Attribute
    {
    }
}
