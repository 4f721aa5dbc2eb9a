using System;

namespace ZTS.Shared.Conversion
{
    /// <summary>
    /// What the rules ask of a class, interface, array, delegate or struct target on every conversion, worked out
    /// once per ClrRule: Mono answers Type.IsValueType, IsGenericType and IsAssignableFrom through the runtime in
    /// 25-50 ns each, several times per object argument (a JS array argument spent ~150 ns on them).
    /// </summary>
    internal sealed class ObjectFacts
    {
        private readonly Type _target;
        private Type _accepted; // the last runtime type found assignable to the target (a benign race: recomputed)

        public ObjectFacts(Type target)
        {
            _target = target;
            IsValueType = target.IsValueType;
            IsTask = Tasks.TaskBridge.IsTaskType(target);
            IsDelegate = Clr.TypeBinder.IsDelegate(target);
        }

        /// <summary>Whether the target is a value type (null and undefined do not convert to it).</summary>
        public readonly bool IsValueType;

        /// <summary>Whether the target is Task or Task&lt;T&gt; (a JS promise converts to it).</summary>
        public readonly bool IsTask;

        /// <summary>Whether the target is a delegate type (a JS function converts to it).</summary>
        public readonly bool IsDelegate;

        /// <summary>Whether o (not null) is an instance of the target, as Type.IsInstanceOfType, remembering the last
        /// runtime type that was.</summary>
        public bool Accepts(object o)
        {
            Type t = o.GetType();
            if (t == _accepted) return true;
            if (!_target.IsAssignableFrom(t)) return false;
            _accepted = t;
            return true;
        }
    }
}
