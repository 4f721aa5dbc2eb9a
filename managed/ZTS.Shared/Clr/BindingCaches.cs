using System;
using System.Collections.Generic;
using System.Reflection;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// What one domain's binding computes once and reuses: the bridges of generic methods closed at run time, the
    /// Table member atoms per shape, the batched enumerator steps and the policy's push-time answers. Each entry
    /// names core ids or atoms of that domain, so the caches are cleared when the domain is freed (JsDomain.Dispose).
    /// </summary>
    internal sealed class BindingCaches
    {
        /// <summary>The bridges of generic methods closed at run time (GenericMethods), bound to this domain's sites. A
        /// field, not a ConditionalWeakTable keyed by the domain: Mono's Boehm build never clears such entries, so every
        /// Reset kept its old domain alive.</summary>
        public readonly Dictionary<MethodInfo, HostFunction> GenericBridges = new Dictionary<MethodInfo, HostFunction>();

        /// <summary>Table member names interned as this domain's atoms, per shape (zts_atoms_intern).</summary>
        public readonly Dictionary<TableShape, uint[]> TableAtoms = new Dictionary<TableShape, uint[]>();

        /// <summary>The batched for...of step per enumerator view type id (null: the view keeps MoveNext/Current).</summary>
        public readonly Dictionary<int, EnumeratorStep> EnumeratorSteps = new Dictionary<int, EnumeratorStep>();

        /// <summary>Push-time answers of the policy by runtime type (true: a public type the policy denies); PolicyGate.</summary>
        public readonly Dictionary<Type, bool> DeniedRuntimeTypes = new Dictionary<Type, bool>();

        /// <summary>Forgets every entry (domain teardown).</summary>
        public void Clear()
        {
            GenericBridges.Clear();
            TableAtoms.Clear();
            EnumeratorSteps.Clear();
            DeniedRuntimeTypes.Clear();
        }
    }
}
