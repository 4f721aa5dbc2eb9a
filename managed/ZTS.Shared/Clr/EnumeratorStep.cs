using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// The batched step of for...of over a C# enumerator (docs/MARSHAL.md, "C# collections"): MoveNext and Current
    /// in one host call per element instead of two. It applies to an enumerator view only when its public
    /// MoveNext() and Current are the implementations of IEnumerator&lt;T&gt; (or IEnumerator), so it calls exactly
    /// what the MoveNext/Current loop would, and converts Current by its declared type T; any other view keeps
    /// that loop. One step per enumerator view type, cached per domain.
    /// </summary>
    internal abstract class EnumeratorStep
    {
        /// <summary>The host function behind zts_domain_set_enumerator_step: data[1] is the enumerator's slot,
        /// argv = (view type id, mode): mode 0 answers whether a step applies, mode 1 steps (undefined when done).</summary>
        public static unsafe JsValue Step(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            int view = argv[0].Int32;
            EnumeratorStep step;
            if (!d.Caches.EnumeratorSteps.TryGetValue(view, out step))
            {
                Type t;
                step = d.Types.ById.TryGetValue(view, out t) ? Allowed(d, t, For(t)) : null;
                d.Caches.EnumeratorSteps[view] = step;
            }
            if (argv[1].Int32 == 0) return JsValue.FromBool(step != null);
            object e = d.Registry.Get(data[1].Int32);
            if (step == null || e == null) throw new InvalidOperationException("zts: the batched step does not apply to this enumerator");
            return step.Next(d, e);
        }

        /// <summary>MoveNext, then Current converted to an owned JS value; undefined when done.</summary>
        protected abstract JsValue Next(JsDomain d, object enumerator);

        private sealed class Typed<T> : EnumeratorStep
        {
            private static readonly Func<T, JsValue> Direct = Conversion.ValueRules.Direct<T>(); // no boxing for int, bool, ...
            private static readonly Conversion.ClrRule Rule = Conversion.ClrRule.Of(typeof(T));
            private readonly string _where;

            public Typed(Type view) { _where = "Current of '" + TypeBinder.DisplayName(view) + "'"; }

            protected override JsValue Next(JsDomain d, object enumerator)
            {
                var e = (IEnumerator<T>)enumerator; // a boxed struct enumerator advances in its box, as the member bridges do
                if (!e.MoveNext()) return JsValue.Undefined;
                return Direct != null ? Direct(e.Current) : ValueConvert.ToJs(d, e.Current, Rule, _where);
            }
        }

        private sealed class Untyped : EnumeratorStep
        {
            private readonly string _where;

            public Untyped(Type view) { _where = "Current of '" + TypeBinder.DisplayName(view) + "'"; }

            protected override JsValue Next(JsDomain d, object enumerator)
            {
                var e = (IEnumerator)enumerator;
                if (!e.MoveNext()) return JsValue.Undefined;
                return ValueConvert.ToJs(d, e.Current, typeof(object), _where);
            }
        }

        // The step calls MoveNext and Current as the member calls would, so it applies only where the script policy lets
        // the view's MoveNext and Current be called; otherwise the generator calls them, and the first call throws the
        // denial before any element is read (tests/policy/cases/policy.js, Policy_ForOf_*). Per view, cached per domain.
        private static EnumeratorStep Allowed(JsDomain d, Type view, EnumeratorStep step)
        {
            if (step == null || d.Policy == null) return step;
            MethodInfo moveNext = typeof(IEnumerator).GetMethod("MoveNext");
            PropertyInfo current = null;
            if (!view.IsInterface)
            {
                moveNext = view.GetMethod("MoveNext", BindingFlags.Public | BindingFlags.Instance, null, Type.EmptyTypes, null);
                current = view.GetProperty("Current", BindingFlags.Public | BindingFlags.Instance);
            }
            else
            {
                current = view.GetProperty("Current") ?? typeof(IEnumerator).GetProperty("Current");
            }
            if (PolicyGate.Denied(d, view, moveNext, "MoveNext") != null) return null;
            if (PolicyGate.Denied(d, view, current, "Current") != null) return null;
            return step;
        }

        // The step for an enumerator view, or null when its public MoveNext/Current are not the interface's.
        private static EnumeratorStep For(Type view)
        {
            if (view.IsInterface)
            {
                if (view == typeof(IEnumerator)) return new Untyped(view);
                // IEnumerator<T>'s view shows its own Current (T) and IEnumerator's MoveNext (TsMemberRules.Properties).
                if (view.IsGenericType && view.GetGenericTypeDefinition() == typeof(IEnumerator<>)) return Make(view.GetGenericArguments()[0], view);
                return null;
            }
            MethodInfo moveNext;
            PropertyInfo current;
            try
            {
                moveNext = view.GetMethod("MoveNext", BindingFlags.Public | BindingFlags.Instance, null, Type.EmptyTypes, null);
                current = view.GetProperty("Current", BindingFlags.Public | BindingFlags.Instance);
            }
            catch (AmbiguousMatchException)
            {
                return null;
            }
            MethodInfo getter = current == null ? null : current.GetGetMethod();
            if (moveNext == null || getter == null || moveNext.ReturnType != typeof(bool)) return null;
            if (!Implements(view, typeof(IEnumerator), "MoveNext", moveNext)) return null;
            Type generic = typeof(IEnumerator<>).MakeGenericType(current.PropertyType);
            if (generic.IsAssignableFrom(view) && Implements(view, generic, "get_Current", getter)) return Make(current.PropertyType, view);
            if (current.PropertyType == typeof(object) && Implements(view, typeof(IEnumerator), "get_Current", getter)) return new Untyped(view);
            return null;
        }

        // Whether `method` of view is the implementation of iface's method `name`.
        private static bool Implements(Type view, Type iface, string name, MethodInfo method)
        {
            if (!iface.IsAssignableFrom(view)) return false;
            InterfaceMapping map = view.GetInterfaceMap(iface);
            for (int i = 0; i < map.InterfaceMethods.Length; i++)
                if (map.InterfaceMethods[i].Name == name) return map.TargetMethods[i] == method;
            return false;
        }

        private static EnumeratorStep Make(Type element, Type view)
        {
            if (element.ContainsGenericParameters || element.IsByRef || element.IsPointer || TsMemberRules.IsUncrossable(element)) return null;
            return (EnumeratorStep)Activator.CreateInstance(typeof(Typed<>).MakeGenericType(element), view);
        }
    }
}
