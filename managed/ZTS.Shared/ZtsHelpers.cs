using System;
using ZTS.Shared.Clr;
using ZTS.Shared.Native;

namespace ZTS.Shared
{
    /// <summary>
    /// The CLR-backed `zts` helpers (SPEC_MAP D4): zts.typeof(T) -> System.Type, zts.cast(obj, T) -> the
    /// same object seen as T (checked), zts.generic(Def, ...Args) -> the closed type object.
    /// </summary>
    internal static unsafe class ZtsHelpers
    {
        public static void Install(JsDomain d)
        {
            d.DefineFunction("zts.typeof", 1, 0, TypeOf);
            d.DefineFunction("zts.cast", 2, 0, Cast);
            d.DefineFunction("zts.generic", 1, 0, Generic);
            d.DefineFunction("zts.to_delegate", 2, 0, ToDelegate);
            d.DefineFunction("zts.generic_method", 2, 0, GenericMethods.GenericMethod); // docs/EVERYDAY.md
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
