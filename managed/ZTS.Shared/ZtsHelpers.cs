using System;
using System.Collections.Generic;
using System.Linq;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// The CLR-backed `zts` helpers (SPEC_MAP D4): zts.typeof(T) -> System.Type, zts.cast(obj, T) -> the
    /// same object seen as T (checked), zts.generic(Def, ...Args) -> the closed type object. Which members the managed
    /// side defines, with their lengths, is the one table of the `zts` global (native/core/globals/zts_members.h, as
    /// ZtsGlobalMembers): Handlers only says which method implements each.
    /// </summary>
    internal static unsafe class ZtsHelpers
    {
        /// <summary>The implementation of each ZTS_GLOBAL_HOST member of the table, by name.</summary>
        internal static readonly Dictionary<string, HostFunction> Handlers = new Dictionary<string, HostFunction>
        {
            { "typeof", TypeOf }, { "cast", Cast }, { "generic", Generic }, { "to_delegate", ToDelegate },
            { "generic_method", GenericMethods.GenericMethod }, // docs/EVERYDAY.md
        };

        public static void Install(JsDomain d)
        {
            foreach (ZtsGlobalMembers.Member m in ZtsGlobalMembers.All.Where(m => m.Where == ZtsGlobalMembers.Where.Host))
            {
                HostFunction fn;
                if (!Handlers.TryGetValue(m.Name, out fn))
                    throw new InvalidOperationException("zts: zts." + m.Name + " is a managed member of the zts global (zts_members.h) without a handler in ZtsHelpers.Handlers");
                d.DefineFunction("zts." + m.Name, m.Length, 0, fn);
            }
            foreach (string name in Handlers.Keys)
                if (!ZtsGlobalMembers.All.Any(m => m.Name == name && m.Where == ZtsGlobalMembers.Where.Host))
                    throw new InvalidOperationException("zts: ZtsHelpers.Handlers has zts." + name + ", which zts_members.h does not list as a managed member of the zts global");
        }

        private static Type TypeArg(JsDomain d, JsValue* argv, int argc, int i, string helper)
        {
            int id;
            if (i >= argc || ZtsNative.zts_type_id_of(d.Handle, argv[i], out id) != ZtsStatus.Ok)
                throw new TsMarshalException("zts: " + helper + ": argument " + (i + 1) + " must be a C# type object");
            Type t = d.Types.ById[id];
            PolicyGate.CheckType(d, t); // a denied type reached some other way (a view's constructor) stops here
            return t;
        }

        private static JsValue TypeOf(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            Type t = TypeArg(d, argv, argc, 0, "zts.typeof");
            return d.Push(t, TypeBinder.Declare(d, typeof(Type)));
        }

        private static JsValue Cast(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            if (argc < 1 || argv[0].Tag == JsValue.TagNull || argv[0].Tag == JsValue.TagUndefined) return JsValue.Null;
            Type target = TypeArg(d, argv, argc, 1, "zts.cast");
            int slot, view;
            // A struct copy casts as a box of its bytes (a copy, as every crossing; seen as an interface it stays that box).
            object o = ZtsNative.zts_object_slot(d.Handle, argv[0], out slot, out view) == ZtsStatus.Ok ? d.Registry.Get(slot) : CopyLayout.BoxOf(d, argv[0]);
            if (o == null) throw new TsMarshalException("zts: zts.cast: argument 1 is not a C# object");
            if (!target.IsInstanceOfType(o))
                throw new InvalidCastException("zts: cannot cast " + o.GetType().FullName + " to " + (target.FullName ?? target.Name));
            return d.Push(o, TypeBinder.Declare(d, target));
        }

        private static JsValue ToDelegate(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            Type t = TypeArg(d, argv, argc, 1, "zts.to_delegate");
            if (!TypeBinder.IsDelegate(t))
                throw new TsMarshalException("zts: zts.to_delegate: " + TypeBinder.DisplayName(t) + " is not a delegate type");
            Delegate made = d.DelegateFor(argv[0], t);
            if (made == null) throw new TsMarshalException("zts: zts.to_delegate: argument 1 must be a function");
            return d.Push(made, TypeBinder.Declare(d, t));
        }

        private static JsValue Generic(JsDomain d, JsValue thisVal, int argc, JsValue* argv, int magic, JsValue* data)
        {
            Type def = TypeArg(d, argv, argc, 0, "zts.generic");
            if (!def.IsGenericTypeDefinition)
                throw new TsMarshalException("zts: zts.generic: " + TypeBinder.DisplayName(def) + " is not a generic type definition");
            var args = new Type[argc - 1];
            for (int i = 1; i < argc; i++) args[i - 1] = TypeArg(d, argv, argc, i, "zts.generic");
            if (args.Length != def.GetGenericArguments().Length)
                throw new TsMarshalException("zts: zts.generic: " + TypeBinder.DisplayName(def) + " takes " + def.GetGenericArguments().Length + " type arguments, not " + args.Length);
            Type closed = def.MakeGenericType(args); // constraint violations throw ArgumentException: a zts: error in JS
            JsValue result;
            int rc = ZtsNative.zts_type_object(d.Handle, TypeBinder.Declare(d, closed), out result);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "zts.generic");
            return result;
        }
    }
}
