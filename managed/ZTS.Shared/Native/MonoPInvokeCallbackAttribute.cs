using System;

namespace ZTS.Shared.Native
{
    /// <summary>
    /// Marks a static method that native code calls through a function pointer made by
    /// <c>Marshal.GetFunctionPointerForDelegate</c>. Il2Cpp compiles a reverse P/Invoke wrapper only for such methods
    /// and throws NotSupportedException for any other delegate; UnityLinker keeps the methods that carry it. Both match
    /// the attribute by its name, not by its assembly, so this is declared as Unity declares
    /// <c>AOT.MonoPInvokeCallbackAttribute</c> (a <see cref="Type"/> argument naming the delegate type) and ZTS.Shared,
    /// which references no UnityEngine, needs no Unity type. It cannot clash with Unity's own: the full names differ
    /// (<c>ZTS.Shared.Native</c> against <c>AOT</c>) and it is internal to ZTS.Shared and the assemblies ZTS.Shared
    /// lets see its internals, so a game's <c>[MonoPInvokeCallback]</c> still names <c>AOT</c>'s.
    /// NUnit <c>Il2CppReadiness_NativeCallbacks_HaveMonoPInvokeCallback</c> checks that every method of the ZTS assemblies
    /// made into such a delegate carries it.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        /// <summary>The delegate type native code calls the method through.</summary>
        public Type DelegateType { get; private set; }

        /// <summary>Marks the method as called from native code through a delegate of <paramref name="delegateType"/>.</summary>
        public MonoPInvokeCallbackAttribute(Type delegateType)
        {
            DelegateType = delegateType;
        }
    }
}
