using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// Extension methods on instances (docs/EVERYDAY.md): the opted-in extension methods that show on a type's view
    /// (TsExtensionRules, shared with gen-dts) become instance methods of its prototype. Each calls the static
    /// method's ordinary bridge (from the backend) with `this` as its first argument, so there is no bridge of its
    /// own and every backend gets it. One whose other type parameters the other arguments give (TsExtensionRules
    /// .InfersPerCall) closes them at each call (GenericMethods.Inferring) and calls the closed method's bridge.
    /// </summary>
    internal static unsafe class ExtensionMethods
    {
        /// <summary>Adds the extension methods that show on t (type id typeId) to its member table.</summary>
        public static void Bind(JsDomain d, Type t, int typeId, List<IntPtr> strings)
        {
            foreach (MethodInfo m in TsMemberRules.Sorted(TsExtensionRules.For(t, TsExtensionRules.OptedIn(), d.Aliases.FinalName)))
            {
                MethodInfo method = m;
                string jsName = d.Aliases.FinalName(m);
                ParameterInfo[] ps = m.GetParameters();
                ParamSpec[] specs = TypeBinder.Specs(d, ps.Skip(1).ToArray(), strings);
                string memberName = TypeBinder.DisplayName(m.DeclaringType) + "." + jsName;
                // Type parameters that only the other arguments give: inferred at each call from them (`this` is
                // the receiver the view already closed over), as a generic method's call infers them.
                Func<HostFunction> make = TsExtensionRules.InfersPerCall(m)
                    ? (Func<HostFunction>)(() => new ThisAsFirst(GenericMethods.Inferring(m.IsGenericMethodDefinition ? m : m.GetGenericMethodDefinition(), memberName,
                                                                                          GivenByReceiver(m), 1)).Call)
                    : () => new ThisAsFirst(d.Bridges.Method(method, TypeBinder.Site(d, memberName, ps, method.ReturnType))).Call;
                // The policy judges the static method on its own class: a denied one throws the denial.
                int bridge = TypeBinder.Host(d, m.DeclaringType, method, jsName, make);
                TypeBinder.Check(d, ZtsNative.zts_type_add_method(d.Handle, typeId, ZtsNative.Utf8Z(jsName), 0u, bridge, specs.Length, specs));
            }
        }

        // The type arguments the view gave an extension closed per call (null where each call infers one).
        private static Type[] GivenByReceiver(MethodInfo m)
        {
            return m.GetGenericArguments().Select(a => a.IsGenericParameter && a.DeclaringMethod != null ? null : a).ToArray();
        }

        // Calls a static method's bridge with `this` as argument 0: argv gets this in front, and the gate data
        // [bridge id, this slot, argument slots...] becomes [bridge id, no this, this slot, argument slots...].
        private sealed class ThisAsFirst
        {
            private readonly HostFunction _static;

            public ThisAsFirst(HostFunction staticBridge)
            {
                _static = staticBridge;
            }

            public JsValue Call(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
            {
                JsValue* args = stackalloc JsValue[argc + 1];
                JsValue* slots = stackalloc JsValue[argc + 3];
                args[0] = thisVal;
                slots[0] = data[0];
                slots[1] = JsValue.FromInt32(-1);
                slots[2] = data[1];
                for (int i = 0; i < argc; i++)
                {
                    args[i + 1] = argv[i];
                    slots[i + 3] = data[i + 2];
                }
                return _static(d, JsValue.Undefined, argc + 1, args, magic, slots);
            }
        }
    }
}
