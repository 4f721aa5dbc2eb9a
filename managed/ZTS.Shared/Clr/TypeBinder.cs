using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;
using ZTS.Shared.Bridges;
using ZTS.Shared.Native;

namespace ZTS.Shared.Clr
{
    /// <summary>
    /// Shows CLR types to the core: declares a type (its base chain and declaring type first), and on first
    /// use binds its public members (EnsureBinding): methods grouped by final name after [TsAlias],
    /// constructors, properties and fields as accessors, enum values, array element access. Each member
    /// gets a bridge from the backend (IBridgeProvider) registered as a host function of the domain.
    /// Candidate order within an overload set is deterministic: fewer parameters first, then the
    /// parameter type names, ordinal (docs/OVERLOADS.md).
    /// </summary>
    internal static class TypeBinder
    {
        // What a type shows (its own members, inherited statics, inherited overloads, interface views with
        // their base interfaces' members) is the shared rule TsMemberRules in ZTS.Common, which the
        // declaration generator (ZTS.Declarations) uses too.

        /// <summary>The core's id of t in domain d, declaring t (not binding it) on first use.</summary>
        public static int Declare(JsDomain d, Type t)
        {
            int id;
            if (d.Types.Ids.TryGetValue(t, out id)) return id;
            Type baseType = t.BaseType;
            while (baseType != null && !IsVisible(baseType)) baseType = baseType.BaseType;
            int baseId = baseType != null ? Declare(d, baseType) : 0;
            int outerId = t.IsNested && !t.IsGenericParameter ? Declare(d, t.DeclaringType) : 0;
            if (d.Types.Ids.TryGetValue(t, out id)) return id; // declared while declaring its base or outer type
            uint flags = 0;
            if (t.IsAbstract && t.IsSealed && !t.IsInterface) flags |= ZtsTypeFlags.Static;
            if (t.IsInterface) flags |= ZtsTypeFlags.Interface;
            else if (t.IsAbstract) flags |= ZtsTypeFlags.Abstract;
            if (t.IsArray) flags |= ZtsTypeFlags.Array;
            if (t.IsEnum) flags |= ZtsTypeFlags.Enum;
            if (t.IsGenericTypeDefinition) flags |= ZtsTypeFlags.GenericDef;
            if (IsDelegate(t)) flags |= ZtsTypeFlags.Delegate; // callable in JS: d(...) calls Invoke
            if (TsMemberRules.IsEnumerable(t))
            {
                flags |= ZtsTypeFlags.Enumerable; // iterable in JS: [Symbol.iterator] over GetEnumerator()
                if (!t.IsGenericTypeDefinition && TsMemberRules.ParameterlessInstanceMethod(t, "GetEnumerator", d.Aliases.FinalName) == null)
                    flags |= ZtsTypeFlags.EnumerableViaInterface; // no public GetEnumerator() on the view: iterate the System.Collections.IEnumerable view
            }
            string full = t.FullName ?? t.ToString();
            int rc = ZtsNative.zts_type_declare(d.Handle, ZtsNative.Utf8Z(full), ZtsNative.Utf8Z(DisplayName(t)), baseId, outerId, flags, out id);
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "declare " + full);
            d.Types.Ids[t] = id;
            d.Types.ById[id] = t;
            if (!t.IsInterface && !t.IsGenericTypeDefinition)
            {
                // Interfaces it implements, for overload scoring (an object matches an IFoo parameter only if it is one).
                foreach (Type iface in t.GetInterfaces())
                {
                    if (!iface.IsVisible || iface.ContainsGenericParameters) continue;
                    ZtsNative.zts_type_add_interface(d.Handle, id, Declare(d, iface));
                }
            }
            if (d.Policy != null) PolicyGate.DenyThis(d, t, id); // `this` of this view through another type's function
            return id;
        }

        /// <summary>The JS name a type shows in members and errors ("List$1", "List$1[Int32]", "Int32[]").</summary>
        public static string DisplayName(Type t)
        {
            if (t.IsArray) return DisplayName(t.GetElementType()) + "[]";
            if (t.IsGenericType && !t.IsGenericTypeDefinition)
                return TypeCatalog.JsName(t) + "[" + string.Join(", ", t.GetGenericArguments().Select(a => DisplayName(a)).ToArray()) + "]";
            return TypeCatalog.JsName(t);
        }

        /// <summary>A concrete delegate type (not Delegate/MulticastDelegate themselves).</summary>
        public static bool IsDelegate(Type t)
        {
            return TsMemberRules.IsDelegate(t);
        }

        private static bool IsVisible(Type t)
        {
            return t.IsVisible;
        }

        /// <summary>Adds every public member of type id to the core (the type_bind callback's work).</summary>
        public static void Bind(JsDomain d, int typeId)
        {
            Type t = d.Types.ById[typeId];
            string owner = DisplayName(t);
            var strings = new List<IntPtr>();
            try
            {
                if (t.IsEnum)
                {
                    foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.Static))
                        Check(d, ZtsNative.zts_type_add_constant(d.Handle, typeId, ZtsNative.Utf8Z(f.Name), Convert.ToDouble(f.GetRawConstantValue())));
                    return;
                }
                if (t.IsArray && t.GetArrayRank() == 1)
                {
                    int get = Host(d, t, null, null, () => d.Bridges.ArrayElement(t, "get", Site(d, owner + "[]", new[] { Param(typeof(int)) }, t.GetElementType())));
                    int set = Host(d, t, null, null, () => d.Bridges.ArrayElement(t, "set", Site(d, owner + "[]", new[] { Param(typeof(int)), Param(t.GetElementType()) }, null)));
                    int length = Host(d, t, null, null, () => d.Bridges.ArrayElement(t, "length", Site(d, owner + ".length", null, typeof(int))));
                    Check(d, ZtsNative.zts_type_add_array_access(d.Handle, typeId, get, set, length));
                }
                if (!t.IsAbstract && !t.IsInterface && !t.IsGenericTypeDefinition && !TsMemberRules.IsNativeInt(t))
                {
                    foreach (ConstructorInfo c in Sorted(t.GetConstructors(BindingFlags.Public | BindingFlags.Instance)))
                    {
                        ConstructorInfo ctor = c;
                        ParamSpec[] specs = Specs(d, c.GetParameters(), strings);
                        int bridge = Host(d, t, ctor, "constructor", () => d.Bridges.Constructor(ctor, Site(d, owner + ".constructor", ctor.GetParameters(), t)));
                        Check(d, ZtsNative.zts_type_add_constructor(d.Handle, typeId, bridge, specs.Length, specs));
                    }
                    if (t.IsValueType)
                    {
                        int bridge = Host(d, t, null, null, () => d.Bridges.DefaultStruct(t, Site(d, owner + ".constructor", null, t)));
                        Check(d, ZtsNative.zts_type_add_constructor(d.Handle, typeId, bridge, 0, new ParamSpec[0]));
                    }
                }
                if (t.IsGenericTypeDefinition) return; // members come with the closed type (zts.generic)
                HashSet<MethodInfo> accessors;
                foreach (TsAccessorProperty a in TsMemberRules.AccessorProperties(t, out accessors))
                {
                    PropertyInfo p = a.Property;
                    MethodInfo getter = a.Getter, setter = a.Setter;
                    string name = owner + "." + p.Name;
                    TableShape table = MarshalAsReader.TableFor(p, p.PropertyType, name);
                    int g = getter == null ? -1 : Host(d, t, getter, p.Name, () => d.Bridges.Method(getter, Table(Site(d, name, null, p.PropertyType), table, null)));
                    int s = setter == null ? -1 : Host(d, t, setter, p.Name, () => d.Bridges.Method(setter, Table(Site(d, name, setter.GetParameters(), null), null, table)));
                    Check(d, ZtsNative.zts_type_add_property(d.Handle, typeId, ZtsNative.Utf8Z(p.Name), a.IsStatic ? ZtsMemberFlags.Static : 0u, g, s));
                }
                // A struct whose values cross as native copies (CopyLayout): the core reads and writes the fields that
                // keep their plain bridges (not denied by the policy, not marshalled as a Table) on the copy itself.
                CopyLayout copy = t.IsValueType ? CopyLayout.For(t) : null;
                var plainFields = copy != null ? new HashSet<FieldInfo>() : null;
                foreach (FieldInfo f in TsMemberRules.Fields(t))
                {
                    FieldInfo field = f;
                    string name = owner + "." + f.Name;
                    TableShape table = MarshalAsReader.TableFor(f, f.FieldType, name);
                    if (plainFields != null && table == null && PolicyGate.Denied(d, t, f, f.Name) == null) plainFields.Add(f);
                    int g = Host(d, t, field, field.Name, () => d.Bridges.FieldGet(field, Table(Site(d, name, null, field.FieldType), table, null)));
                    int s = f.IsInitOnly || f.IsLiteral ? -1 : Host(d, t, field, field.Name, () => d.Bridges.FieldSet(field, Table(Site(d, name, new[] { Param(field.FieldType) }, null), null, table)));
                    Check(d, ZtsNative.zts_type_add_property(d.Handle, typeId, ZtsNative.Utf8Z(f.Name), f.IsStatic ? ZtsMemberFlags.Static : 0u, g, s));
                }
                if (copy != null) copy.Describe(d, typeId, plainFields.Contains);
                foreach (MethodInfo m in Sorted(TsMemberRules.BindableMethods(t, accessors)))
                {
                    MarshalAsReader.CheckMethod(m);
                    MethodInfo method = m;
                    string jsName = d.Aliases.FinalName(m);
                    ParamSpec[] specs = Specs(d, m.GetParameters(), strings);
                    string memberName = owner + "." + jsName;
                    Func<HostFunction> make = m.IsGenericMethodDefinition
                        ? (Func<HostFunction>)(() => GenericMethods.Inferring(method, memberName)) // docs/EVERYDAY.md
                        : () => ScriptSubscriptions.Track(method, d.Bridges.Method(method, Table(Site(d, memberName, method.GetParameters(), method.ReturnType),
                                                                                         MarshalAsReader.TableFor(method.ReturnParameter, method.ReturnType, memberName + " return value"), null)));
                    int bridge = Host(d, t, method, jsName, make);
                    Check(d, ZtsNative.zts_type_add_method(d.Handle, typeId, ZtsNative.Utf8Z(jsName), m.IsStatic ? ZtsMemberFlags.Static : 0u, bridge, specs.Length, specs));
                }
                ExtensionMethods.Bind(d, t, typeId, strings); // [assembly: TsUsing] extension methods on instances
                if (t.IsGenericType && !t.ContainsGenericParameters) BindClosedNested(d, t, typeId);
            }
            finally
            {
                foreach (IntPtr p in strings) Marshal.FreeHGlobal(p);
            }
        }

        // The nested types of a closed generic type, closed as C# closes them: G<string>.Inner is G`1+Inner[[String]].
        // The core resolves a nested type by the path "<outer path>.<name>", and a closed type's path is its
        // definition's, so these are given to it as members (zts_type_add_nested). A nested type with type parameters
        // of its own stays the definition the path gives (close it with zts.generic); one the policy hides, or whose
        // constraints the arguments break, is left to that path too.
        private static void BindClosedNested(JsDomain d, Type t, int typeId)
        {
            Type[] args = t.GetGenericArguments();
            foreach (Type n in t.GetGenericTypeDefinition().GetNestedTypes(BindingFlags.Public))
            {
                if (!n.IsGenericTypeDefinition || n.GetGenericArguments().Length != args.Length) continue;
                Type closed;
                try
                {
                    closed = n.MakeGenericType(args);
                }
                catch (ArgumentException)
                {
                    continue;
                }
                if (!PolicyGate.Shows(d, closed)) continue;
                Check(d, ZtsNative.zts_type_add_nested(d.Handle, typeId, ZtsNative.Utf8Z(TypeCatalog.JsName(n)), Declare(d, closed)));
            }
        }

        private static IEnumerable<T> Sorted<T>(IEnumerable<T> members) where T : MethodBase
        {
            return TsMemberRules.Sorted(members);
        }

        // A member the script policy denies (PolicyGate) is bound as a host function that throws the denial,
        // at bind time; an allowed member gets its bridge, so calls pay nothing for the policy.
        internal static int Host(JsDomain d, Type t, MemberInfo m, string jsName, Func<HostFunction> make)
        {
            string denied = PolicyGate.Denied(d, t, m, jsName);
            return denied != null ? d.AddHostFunction(PolicyGate.Thrower(denied)) : Host(d, make);
        }

        // A bridge that cannot be emitted still gets a host function: calling it throws TsBindException,
        // loudly, instead of the member silently missing or falling back to reflection.
        internal static int Host(JsDomain d, Func<HostFunction> make)
        {
            HostFunction fn;
            try
            {
                fn = make();
            }
            catch (TypeInitializationException e)
            {
                // The member's type cannot be initialized: making the bridge ran its static constructor, which threw
                // (Mono's JIT initializes a beforefieldinit type when it compiles code that reads its static fields).
                // A call of any member of that type throws this same exception, so this one does too, at the call,
                // and ErrorBoundary names the cause (tests/player/backend/PlayerCheck.cs "Faulty" cases).
                ExceptionDispatchInfo failure = ExceptionDispatchInfo.Capture(e);
                unsafe
                {
                    fn = (domain, thisVal, argc, argv, magic, data) => { failure.Throw(); return JsValue.Undefined; };
                }
            }
            catch (Exception e)
            {
                string message = e is TsBindException ? e.Message : "zts: cannot bind a member: " + e.GetType().FullName + ": " + e.Message;
                unsafe
                {
                    fn = (domain, thisVal, argc, argv, magic, data) => { throw new TsBindException(message); };
                }
            }
            return d.AddHostFunction(fn);
        }

        internal static MemberSite Site(JsDomain d, string name, ParameterInfo[] ps, Type result)
        {
            // A Nullable<S> result that has a value is a boxed S (the runtime's boxing rule), seen as S: the view of
            // Nullable<S> itself shows none of S's members (docs/MARSHAL.md "Nullable<T>": as T).
            Type seen = result == null ? null : Nullable.GetUnderlyingType(result) ?? result;
            int view = seen == null || seen == typeof(void) || !NeedsView(seen) ? 0 : Declare(d, seen);
            var site = new MemberSite(name, ps, result, view);
            if (ps != null)
            {
                site.CopyIds = new int[ps.Length];
                for (int i = 0; i < ps.Length; i++)
                {
                    Type p = ps[i].ParameterType;
                    if (!p.IsByRef && p.IsValueType && CopyLayout.For(p) != null) site.CopyIds[i] = Declare(d, p);
                }
            }
            return site;
        }

        // Sets the [TsMarshalAs(Table)] shapes of a site's result and of its (setter) parameter 0.
        internal static MemberSite Table(MemberSite site, TableShape result, TableShape param0)
        {
            if (result != null) site.ResultTable = result;
            if (param0 != null && site.ParamTables.Length > 0) site.ParamTables[0] = param0;
            return site;
        }

        private static bool NeedsView(Type t)
        {
            if (t.IsPrimitive || t.IsEnum || t == typeof(string) || t.IsPointer || t.IsByRef) return false;
            return !t.ContainsGenericParameters;
        }

        private static ParameterInfo Param(Type t)
        {
            return new SyntheticParameter(t);
        }

        private sealed class SyntheticParameter : ParameterInfo
        {
            public SyntheticParameter(Type t)
            {
                ClassImpl = t;
                DefaultValueImpl = DBNull.Value;
            }
        }

        internal static ParamSpec[] Specs(JsDomain d, ParameterInfo[] ps, List<IntPtr> strings)
        {
            var specs = new List<ParamSpec>();
            for (int i = 0; i < ps.Length; i++)
            {
                Type t = ps[i].ParameterType;
                JsKinds accept, exact;
                TableShape unpacked = MarshalAsReader.UnpackedFor(ps[i], t, DisplayName(ps[i].Member.DeclaringType) + "." + ps[i].Member.Name + " parameter " + (i + 1));
                if (unpacked != null)
                {
                    // UnpackedValues: one JS argument per listed member (docs/MARSHAL.md).
                    for (int k = 0; k < unpacked.Count; k++)
                    {
                        Type mt = unpacked.MemberType(k);
                        ParamKinds.Of(mt, out accept, out exact);
                        IntPtr memberName = Marshal.StringToHGlobalAnsi(DisplayName(mt));
                        strings.Add(memberName);
                        var memberSpec = new ParamSpec { Accept = accept, Exact = exact, TypeName = memberName };
                        memberSpec.Filters(mt);
                        specs.Add(memberSpec);
                    }
                    continue;
                }
                if (t.IsByRef)
                {
                    accept = exact = JsKinds.Ref; // ref/out: a zts.ref() box, written back after the call
                }
                else if (t.IsPointer)
                {
                    accept = JsKinds.Any; // the bridge throws TsBindException when chosen
                    exact = JsKinds.None;
                }
                else if (MarshalAsReader.TableFor(ps[i], t, DisplayName(ps[i].Member.DeclaringType) + "." + ps[i].Member.Name + " parameter " + (i + 1)) != null)
                {
                    accept = JsKinds.JsObject | (Nullable.GetUnderlyingType(t) != null ? JsKinds.Null | JsKinds.Undefined : JsKinds.None);
                    exact = JsKinds.JsObject; // a plain object with the struct's members
                }
                else
                {
                    ParamKinds.Of(t, out accept, out exact);
                }
                bool omittable = TsMemberRules.CanOmit(ps[i]); // optional, or params (then empty, docs/OVERLOADS.md)
                if (omittable) accept |= JsKinds.Undefined; // undefined takes the default
                IntPtr name = Marshal.StringToHGlobalAnsi(DisplayName(t.IsByRef ? t.GetElementType() : t));
                strings.Add(name);
                var spec = new ParamSpec
                {
                    Accept = accept,
                    Exact = exact,
                    TypeId = (accept & JsKinds.Object) != 0 && t != typeof(object) && !t.IsByRef && !t.IsPointer && !t.ContainsGenericParameters
                        ? Declare(d, Nullable.GetUnderlyingType(t) ?? t) : 0,
                    Optional = omittable ? 1 : 0,
                    TypeName = name,
                };
                if (!t.IsByRef) spec.Filters(t);
                specs.Add(spec);
            }
            return specs.ToArray();
        }

        internal static void Check(JsDomain d, int rc)
        {
            if (rc != ZtsStatus.Ok) throw d.TakeError(rc, "bind");
        }
    }
}
