using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using ZTS.Shared.Bridges;
using ZTS.Shared.Conversion;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// Generic methods (docs/EVERYDAY.md), decided here for every backend; a backend only makes the bridge of a closed
    /// MethodInfo (IBridgeProvider.Method).
    /// - Called directly (<c>MathUtil.Max(3, 5)</c>, <c>inv.FindFirst(...)</c>): a generic method definition is a
    ///   candidate of its overload set; its host function infers the type arguments from the arguments (a C# object:
    ///   its runtime type; a number: Int32 when integral and in range, else Double, as for `object`; a string, a
    ///   boolean; T[] and generic types through the argument's array element type, base classes and interfaces),
    ///   closes the method and calls the closed method's bridge with the same arguments.
    /// - Closed explicitly: <c>zts.generic_method(Owner, "Name", T1, ...)</c> returns a function over the
    ///   instantiations of Owner's generic methods of that name with that many type parameters (static ones, else
    ///   instance ones, called with <c>this</c>: <c>f.call(obj, ...)</c>).
    /// A type argument that cannot be inferred, or that violates a constraint, is a zts: error naming the member.
    /// </summary>
    internal static unsafe class GenericMethods
    {
        /// <summary>The host function of generic method definition def in a member table (memberName: "T.M").</summary>
        public static HostFunction Inferring(MethodInfo def, string memberName)
        {
            return Inferring(def, memberName, null, 0);
        }

        /// <summary>The same with the type arguments `given` already fixed (null entries are inferred) and the first
        /// `skip` arguments not read for inference: an extension method on an instance, whose view gave what its
        /// receiver (argument 0) gives (ExtensionMethods).</summary>
        public static HostFunction Inferring(MethodInfo def, string memberName, Type[] given, int skip)
        {
            return (d, thisVal, argc, argv, magic, data) =>
            {
                Type[] typeArgs = Infer(d, def, argc, argv, data, memberName, given, skip);
                foreach (Type a in typeArgs) PolicyGate.CheckType(d, a); // as zts.generic's arguments (docs/POLICY.md)
                MethodInfo closed = Close(def, typeArgs, memberName);
                return BridgeOf(d, closed, memberName)(d, thisVal, argc, argv, magic, data);
            };
        }

        /// <summary>zts.generic_method(owner, name, ...typeArgs): the closed method set as a JS function.</summary>
        public static JsValue GenericMethod(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            const string helper = "zts.generic_method";
            int ownerId;
            if (argc < 1 || ZtsNative.zts_type_id_of(d.Handle, argv[0], out ownerId) != ZtsStatus.Ok)
                throw new TsMarshalException("zts: " + helper + ": argument 1 must be a C# type object");
            Type owner = d.Types.ById[ownerId];
            string name = argc > 1 && argv[1].IsString ? ValueRules.Text(d, argv[1]) : null;
            if (name == null) throw new TsMarshalException("zts: " + helper + ": argument 2 must be a method name");
            var typeArgs = new Type[Math.Max(0, argc - 2)];
            for (int i = 2; i < argc; i++)
            {
                int id;
                if (ZtsNative.zts_type_id_of(d.Handle, argv[i], out id) != ZtsStatus.Ok)
                    throw new TsMarshalException("zts: " + helper + ": argument " + (i + 1) + " must be a C# type object");
                typeArgs[i - 2] = d.Types.ById[id];
                PolicyGate.CheckType(d, typeArgs[i - 2]); // as zts.generic's arguments
            }
            string memberName = TypeBinder.DisplayName(owner) + "." + name;
            List<MethodInfo> defs = Definitions(d, owner, name, typeArgs.Length, true);
            bool isStatic = defs.Count > 0;
            if (!isStatic) defs = Definitions(d, owner, name, typeArgs.Length, false);
            if (defs.Count == 0)
                throw new TsBindException("zts: " + helper + ": '" + memberName + "' is not a generic method with " + typeArgs.Length + " type parameter(s)");
            foreach (MethodInfo def in defs)
            {
                string denied = PolicyGate.Denied(d, owner, def, name);
                if (denied != null) throw new TsPolicyException(denied);
            }
            MethodInfo[] closed = defs.Select(m => Close(m, typeArgs, memberName)).ToArray();
            var call = new ClosedCall(owner, isStatic, closed, memberName + "[" + string.Join(", ", typeArgs.Select(TypeBinder.DisplayName).ToArray()) + "]");
            JsValue fn;
            int rc = ZtsNative.zts_function_new_gated(d.Handle, ZtsNative.Utf8Z(name), closed.Max(m => m.GetParameters().Length), 0,
                                                      d.AddHostFunction(call.Call), out fn);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, helper);
            return fn;
        }

        // The generic method definitions named `name` (final name) with `arity` type parameters that the view of owner shows.
        private static List<MethodInfo> Definitions(JsDomain d, Type owner, string name, int arity, bool isStatic)
        {
            return TsMemberRules.Sorted(TsMemberRules.Methods(owner).Where(m => m.IsGenericMethodDefinition && m.IsStatic == isStatic &&
                                                                                 m.GetGenericArguments().Length == arity &&
                                                                                 d.Aliases.FinalName(m) == name)).ToList();
        }

        private static MethodInfo Close(MethodInfo def, Type[] typeArgs, string memberName)
        {
            try
            {
                return def.MakeGenericMethod(typeArgs);
            }
            catch (ArgumentException e)
            {
                throw new TsBindException("zts: '" + memberName + "' cannot take the type arguments (" +
                                          string.Join(", ", typeArgs.Select(TypeBinder.DisplayName).ToArray()) + "): " + e.Message);
            }
        }

        private static HostFunction BridgeOf(JsDomain d, MethodInfo closed, string memberName)
        {
            Dictionary<MethodInfo, HostFunction> bridges = d.Caches.GenericBridges;
            HostFunction bridge;
            if (bridges.TryGetValue(closed, out bridge)) return bridge;
            string name = memberName + "[" + string.Join(", ", closed.GetGenericArguments().Select(TypeBinder.DisplayName).ToArray()) + "]";
            bridge = d.Bridges.Method(closed, TypeBinder.Site(d, name, closed.GetParameters(), closed.ReturnType));
            bridges[closed] = bridge;
            return bridge;
        }

        // ---- inference ---------------------------------------------------------------------------------

        private static Type[] Infer(JsDomain d, MethodInfo def, int argc, JsValue* argv, JsValue* data, string memberName, Type[] given, int skip)
        {
            Type[] parameters = def.GetGenericArguments();
            Type[] found = given != null ? (Type[])given.Clone() : new Type[parameters.Length];
            ParameterInfo[] ps = def.GetParameters();
            for (int i = skip; i < ps.Length && i < argc; i++)
            {
                Type actual = ValueType(d, argv[i], data + 2 + i);
                if (actual != null) Unify(ps[i].ParameterType, actual, found, memberName);
            }
            for (int k = 0; k < found.Length; k++)
            {
                if (found[k] == null)
                    throw new TsBindException("zts: cannot infer the type argument " + parameters[k].Name + " of '" + memberName +
                                              "' from the arguments; close it with zts.generic_method(" + memberName.Replace(".", ", \"") + "\", " +
                                              string.Join(", ", parameters.Select(p => p.Name).ToArray()) + ")");
            }
            return found;
        }

        // The CLR type a JS argument gives for inference, or null when it gives none (null, undefined, JS objects, functions).
        private static Type ValueType(JsDomain d, JsValue v, JsValue* entry)
        {
            Type copy;
            if (entry->Tag == JsValue.StructRefTag && d.Types.ById.TryGetValue(((ZtsStructRef*)entry->Ptr)->TypeId, out copy)) return copy;
            int slot = Bridges.ArgReader.SlotAt(entry);
            switch (v.Tag)
            {
                case JsValue.TagInt: return typeof(int);
                case JsValue.TagFloat64: return ValueRules.NumberAsObject(v.Float64).GetType();
                case JsValue.TagBool: return typeof(bool);
            }
            if (v.IsString) return typeof(string);
            object o = slot >= 0 ? d.Registry.Get(slot) : null;
            return o != null ? o.GetType() : null;
        }

        private static void Unify(Type declared, Type actual, Type[] found, string memberName)
        {
            if (declared.IsGenericParameter)
            {
                if (declared.DeclaringMethod != null) Merge(found, declared, actual, memberName);
                return;
            }
            if (declared.IsByRef) declared = declared.GetElementType();
            if (declared.IsArray)
            {
                if (actual.IsArray && actual.GetArrayRank() == declared.GetArrayRank()) Unify(declared.GetElementType(), actual.GetElementType(), found, memberName);
                return;
            }
            if (!declared.IsGenericType || !declared.ContainsGenericParameters) return;
            Type match = Implementation(actual, declared.GetGenericTypeDefinition());
            if (match == null) return;
            Type[] want = declared.GetGenericArguments(), have = match.GetGenericArguments();
            for (int i = 0; i < want.Length; i++) Unify(want[i], have[i], found, memberName);
        }

        // actual itself, a base class or an interface of it that is a closed `definition`; null when none.
        private static Type Implementation(Type actual, Type definition)
        {
            for (Type c = actual; c != null; c = c.BaseType)
                if (c.IsGenericType && c.GetGenericTypeDefinition() == definition) return c;
            return actual.GetInterfaces().FirstOrDefault(i => i.IsGenericType && i.GetGenericTypeDefinition() == definition);
        }

        private static void Merge(Type[] found, Type parameter, Type actual, string memberName)
        {
            int k = parameter.GenericParameterPosition;
            Type had = found[k];
            if (had == null || had == actual || had.IsAssignableFrom(actual)) found[k] = had ?? actual;
            else if (actual.IsAssignableFrom(had)) found[k] = actual;
            else if ((had == typeof(int) && actual == typeof(double)) || (had == typeof(double) && actual == typeof(int))) found[k] = typeof(double);
            else
                throw new TsBindException("zts: cannot infer the type argument " + parameter.Name + " of '" + memberName + "': the arguments give " +
                                          TypeBinder.DisplayName(had) + " and " + TypeBinder.DisplayName(actual));
        }

        // The function zts.generic_method returns: picks the closed candidate by argument count and calls its bridge
        // with the registry slots of `this` and the arguments, as the core's member dispatch passes them.
        private sealed class ClosedCall
        {
            private readonly Type _owner;
            private readonly bool _isStatic;
            private readonly MethodInfo[] _closed;
            private readonly string _name;

            public ClosedCall(Type owner, bool isStatic, MethodInfo[] closed, string name)
            {
                _owner = owner;
                _isStatic = isStatic;
                _closed = closed;
                _name = name;
            }

            public JsValue Call(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
            {
                MethodInfo[] fitting = _closed.Where(m => Fits(m, argc)).ToArray();
                if (fitting.Length != 1)
                    throw new TsBindException("zts: '" + _name + "' has " + (fitting.Length == 0 ? "no overload" : fitting.Length + " overloads") +
                                              " taking " + argc + " argument(s)");
                JsValue* slots = stackalloc JsValue[argc + 2];
                slots[0] = data[0];
                slots[1] = JsValue.FromInt32(-1);
                if (!_isStatic)
                {
                    int thisSlot = SlotOf(d, thisVal);
                    object self = thisSlot >= 0 ? d.Registry.Get(thisSlot) : null;
                    if (self == null || !_owner.IsInstanceOfType(self))
                        throw new TsBindException("zts: '" + _name + "' needs a " + TypeBinder.DisplayName(_owner) + " instance as this (call it with f.call(obj, ...))");
                    slots[1] = JsValue.FromInt32(thisSlot);
                }
                for (int i = 0; i < argc; i++) slots[2 + i] = JsValue.FromInt32(SlotOf(d, argv[i]));
                JsValue r = BridgeOf(d, fitting[0], _name.Substring(0, _name.IndexOf('[')))(d, thisVal, argc, argv, magic, slots);
                return d.Materialize(r); // a gated function, not the core's member dispatch: push a tagged object result here
            }

            private static bool Fits(MethodInfo m, int argc)
            {
                ParameterInfo[] ps = m.GetParameters();
                return argc <= ps.Length && argc >= ps.Count(p => !TsMemberRules.CanOmit(p));
            }

            private static int SlotOf(JsDomain d, JsValue v)
            {
                int slot, view;
                if (v.Tag != JsValue.TagObject || ZtsNative.zts_object_slot(d.Handle, v, out slot, out view) != ZtsStatus.Ok) return -1;
                return slot;
            }
        }
    }
}
