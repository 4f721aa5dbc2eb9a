using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace ZTS.Declarations
{
    /// <summary>
    /// The TS type of a C# type as ZTS marshals it (SPEC_MAP D5, docs/MARSHAL.md, docs/DECLARATIONS.md):
    /// primitives as number/boolean/string, reference types with <c>| null</c> (unless the site is annotated not null,
    /// <see cref="Nullability"/>), delegates as a JS function
    /// type or the callable delegate object (JS -> C#) and as the delegate object (C# -> JS), arrays as <c>zts.Array</c> (JS -> C#: T[] and the list types also as a JS array <c>T[]</c>), ref/out as
    /// <c>zts.Ref</c> boxes, named types through the import alias of their namespace's module. Every named
    /// type it writes is reported to <see cref="Referenced"/>, so the closure sees exactly what is used.
    /// </summary>
    internal sealed class TsTypeMapper
    {
        /// <summary>While set: the TS text of generic parameters, instead of their names (a generic method closed over
        /// the values of zts.generic_method's type arguments, MemberCollector.Closed).</summary>
        public Dictionary<Type, string> Substitutions;

        /// <summary>Called with each named type (a generic definition for generic types) a written type names.</summary>
        public Action<Type> Referenced = t => { };

        /// <summary>Whether a type can cross to JS at all (pointers, by-ref-like and TypedReference cannot).</summary>
        public static bool CanCross(Type t)
        {
            while (t.IsByRef || t.IsArray) t = t.GetElementType();
            if (ZTS.TsMemberRules.IsUncrossable(t)) return false;
            return !t.IsGenericType || t.GetGenericArguments().All(CanCross);
        }

        /// <summary>Nullability-oblivious mode (<see cref="DtsOptions.NullableOblivious"/>): unannotated reference types
        /// have no <c>| null</c>.</summary>
        public bool Oblivious;

        /// <summary>The TS type of a value of type t flowing one way (a reference type with <c>| null</c>, unless Oblivious).</summary>
        public string Map(Type t, Flow flow)
        {
            return Map(t, flow, Oblivious);
        }

        /// <summary>
        /// The TS type of a value of type t flowing one way; notNull (an annotated site, see <see cref="Nullability"/>)
        /// leaves out the top-level <c>| null</c> of a reference type. Value types, Nullable&lt;T&gt; and nested
        /// types (generic arguments, array elements) are not affected.
        /// </summary>
        public string Map(Type t, Flow flow, bool notNull)
        {
            return Map(t, flow, notNull, Oblivious);
        }

        /// <summary>
        /// The TS type of a value at an annotated site (a ParameterInfo, the return parameter, a PropertyInfo,
        /// FieldInfo): <see cref="Nullability"/> decides the top-level <c>| null</c> and that of the element of a
        /// single-dimensional array of a reference type.
        /// </summary>
        public string Map(Type t, Flow flow, ICustomAttributeProvider site)
        {
            return Map(t, flow, site, false);
        }

        private string Map(Type t, Flow flow, ICustomAttributeProvider site, bool view)
        {
            bool element = t.IsArray && t.GetArrayRank() == 1 && !t.GetElementType().IsValueType && !t.GetElementType().IsGenericParameter &&
                           (Oblivious ? Nullability.Element(site) != 2 : Nullability.Element(site) == 1);
            return Map(t, flow, Oblivious ? Nullability.State(site) != 2 : Nullability.IsNotNull(site), element, view);
        }

        private string Map(Type t, Flow flow, bool notNull, bool elementNotNull)
        {
            return Map(t, flow, notNull, elementNotNull, false);
        }

        // view: t is read from C# (a member's result, not a parameter, constructor or type argument), so a struct
        // with something to write is its read-only view (see Result).
        private string Map(Type t, Flow flow, bool notNull, bool elementNotNull, bool view)
        {
            if (t == typeof(void)) return "void";
            if (!t.IsByRef && !CanCross(t)) return "never"; // pointers, by-ref-like: such members are not declared
            if (t.IsGenericParameter)
            {
                string closed;
                return Substitutions != null && Substitutions.TryGetValue(t, out closed) ? closed : TsNames.Parameter(t.Name, 0);
            }
            if (t.IsByRef) return "zts.Ref<" + Map(t.GetElementType(), Flow.ToJs) + ">";
            if (t == typeof(bool)) return "boolean";
            if (t == typeof(char)) return "string";
            string orNull = notNull ? "" : " | null";
            if (t == typeof(string)) return "string" + orNull;
            if (IsNumber(t)) return "number";
            if (t == typeof(object))
                return flow == Flow.ToJs ? "number | string | boolean | " + Named(typeof(object)) + orNull
                                         : "number | string | boolean | zts.Object" + orNull;
            Type nullable = Nullable.GetUnderlyingType(t);
            if (nullable != null) return Map(nullable, flow, Oblivious, Oblivious, view) + " | null";
            if (t.IsEnum) return Named(t);
            // JS -> C#: T[] and the list types also take a JS array (a copy, ZTS.TsJsArrays).
            Type jsElement = flow == Flow.FromJs ? ZTS.TsJsArrays.ElementType(t) : null;
            string jsArray = jsElement == null ? "" : ArrayOf(Map(jsElement, Flow.FromJs, elementNotNull)) + " | ";
            if (t.IsArray)
            {
                if (t.GetArrayRank() != 1) return Named(typeof(Array)) + orNull;
                // Each element read of a C# array is a copy too: a struct element is its read-only view (`a[0].x = 5` would
                // change the copy; assigning `a[0] = v` writes the element).
                return jsArray + "zts.Array<" + Map(t.GetElementType(), Flow.ToJs, elementNotNull, Oblivious, true) + ">" + orNull;
            }
            if (TsMarshalRules.IsTask(t))
            {
                // A Task crosses as a Promise; JS -> C# any value or thenable becomes the task (docs/EVERYDAY.md).
                Type awaited = TsMarshalRules.TaskResult(t);
                string result = awaited == typeof(void) ? "void" : Map(awaited, flow);
                // Declared without | null: a method that returns a null Task is a bug in C# too (docs/DECLARATIONS.md).
                return flow == Flow.ToJs ? "Promise<" + result + ">" : "PromiseLike<" + result + "> | " + result;
            }
            if (ZTS.TsMemberRules.IsDelegate(t) && !t.IsGenericTypeDefinition)
            {
                // JS -> C#: a JS function of the delegate's function type, or a C# delegate of that type (it passes
                // as itself; branded, so a lambda still gets the function type as its contextual type).
                if (flow == Flow.FromJs && InvokeCrosses(t)) return "(" + FunctionType(t) + ") | zts.Delegate<" + FunctionType(t) + ">" + orNull;
                return Named(t) + orNull;
            }
            if (t.IsValueType) return view && HasWritableMembers(t) ? "Readonly<" + Named(t) + ">" : Named(t);
            return jsArray + Named(t) + orNull;
        }

        private readonly Dictionary<Type, bool> _writable = new Dictionary<Type, bool>();

        /// <summary>
        /// Whether a struct shows something JS can write: a public instance field that is neither readonly nor const, or
        /// a public instance property (not an indexer) with a public setter, of a type that crosses. Only such a
        /// struct's results are worth a read-only view: <c>Readonly&lt;S&gt;</c> of one without (DateTime,
        /// KeyValuePair) would refuse nothing more, and would only make the declarations harder to read.
        /// </summary>
        public bool HasWritableMembers(Type t)
        {
            bool writable;
            if (_writable.TryGetValue(t, out writable)) return writable;
            HashSet<MethodInfo> accessors;
            writable = ZTS.TsMemberRules.Fields(t).Any(f => !f.IsStatic && !f.IsInitOnly && !f.IsLiteral && CanCross(f.FieldType)) ||
                       ZTS.TsMemberRules.AccessorProperties(t, out accessors).Any(a => !a.IsStatic && a.Setter != null && CanCross(a.Property.PropertyType));
            _writable[t] = writable;
            return writable;
        }

        // The TS array type of an element type: "number[]", "(string | null)[]".
        private static string ArrayOf(string element)
        {
            return element.IndexOf(' ') >= 0 ? "(" + element + ")[]" : element + "[]";
        }

        /// <summary>Whether JS can implement (and call) a delegate type: its Invoke has only types that cross.</summary>
        public static bool InvokeCrosses(Type delegateType)
        {
            MethodInfo invoke = delegateType.GetMethod("Invoke");
            return invoke != null && CanCross(invoke.ReturnType) && invoke.GetParameters().All(p => CanCross(p.ParameterType));
        }

        /// <summary>Whether a type can be declared: its JS name is an identifier (not a compiler-generated name
        /// such as a fixed buffer's "&lt;buf&gt;e__FixedBuffer"), and so are those of its declaring types.</summary>
        public static bool IsDeclarable(Type t)
        {
            for (Type n = t; n != null; n = n.IsNested ? n.DeclaringType : null)
                if (!TsNames.IsIdentifier(ZTS.TsMemberRules.JsName(n))) return false;
            return true;
        }

        /// <summary>The value type a type object stands for (zts.ValueOf): what a value of t is in JS.</summary>
        public string ValueOf(Type t)
        {
            if (t.IsGenericTypeDefinition) return Map(t.MakeGenericType(t.GetGenericArguments()), Flow.ToJs);
            return Map(t, Flow.ToJs);
        }

        /// <summary>The named TS type of t: "$NS.Outer.Inner&lt;args&gt;" (generic arguments of the whole nesting chain).</summary>
        public string Named(Type t)
        {
            Type def = t.IsGenericType && !t.IsGenericTypeDefinition ? t.GetGenericTypeDefinition() : t;
            if (!IsDeclarable(def)) return "zts.Object";
            Referenced(def);
            string path = TsNames.Alias(Namespace(def)) + "." + LocalPath(def);
            if (!t.IsGenericType) return path;
            return path + "<" + string.Join(", ", t.GetGenericArguments().Select(a => Map(a, Flow.ToJs)).ToArray()) + ">";
        }

        /// <summary>The namespace (module) a type belongs to: that of its outermost declaring type.</summary>
        public static string Namespace(Type t)
        {
            while (t.IsNested) t = t.DeclaringType;
            return t.Namespace ?? "";
        }

        /// <summary>The declared path of a type inside its module ("Bag.Counter", reserved words suffixed).</summary>
        public static string LocalPath(Type t)
        {
            string name = TsNames.Local(ZTS.TsMemberRules.JsName(t));
            return t.IsNested ? LocalPath(t.DeclaringType) + "." + name : name;
        }

        /// <summary>A delegate type as the TS function type a JS function must have to become it.</summary>
        public string FunctionType(Type delegateType)
        {
            MethodInfo invoke = delegateType.GetMethod("Invoke");
            return "(" + string.Join(", ", DelegateParameters(invoke).ToArray()) + ") => " + Result(invoke.ReturnParameter, invoke.ReturnType, Flow.FromJs);
        }

        /// <summary>
        /// The parameters JS receives when C# invokes a delegate (docs/MARSHAL.md): ref/out and
        /// [TsMarshalAs(OpaqueValue)] as opaque handles, Table as objects, UnpackedValues expanded.
        /// </summary>
        public IEnumerable<string> DelegateParameters(MethodInfo invoke)
        {
            ParameterInfo[] ps = invoke.GetParameters();
            bool opaqueScope = ps.Any(p => p.ParameterType.IsByRef || IsOpaque(p));
            for (int i = 0; i < ps.Length; i++)
            {
                ParameterInfo p = ps[i];
                Type t = p.ParameterType;
                string name = TsNames.Parameter(p.Name, i);
                if (t.IsByRef || IsOpaque(p))
                {
                    yield return name + ": zts.OpaqueHandle<" + Map(t.IsByRef ? t.GetElementType() : t, Flow.ToJs) + ">";
                    continue;
                }
                string problem;
                MemberInfo[] unpacked = opaqueScope ? null : TsMarshalRules.UnpackedFor(p, t, out problem);
                if (unpacked != null)
                {
                    foreach (MemberInfo m in unpacked)
                        yield return TsNames.Parameter(name + "_" + m.Name, i) + ": " + Map(TsMarshalRules.MemberType(m), Flow.ToJs);
                    continue;
                }
                MemberInfo[] table = TsMarshalRules.TableFor(p, t);
                yield return name + ": " + (table != null ? Table(table, t, Flow.ToJs) : Map(t, Flow.ToJs, p));
            }
        }

        /// <summary>
        /// The TS type of a result (method return, getter, delegate result) with its [TsMarshalAs] and nullability annotation.
        /// C# -> JS, a struct is its read-only view (docs/DECLARATIONS.md "Struct results are read-only"): every read of a
        /// struct from C# is a fresh copy, so <c>p.Position.x = 5</c> would change a temporary (C# refuses it: CS1612).
        /// <c>Readonly&lt;S&gt;</c> (a Table: <c>{ readonly X: number; }</c>) refuses that write, and still passes where
        /// an S is taken: TS does not check readonly in assignability, so <c>const v: S = p.Position; v.x = 5</c> works.
        /// </summary>
        public string Result(ICustomAttributeProvider provider, Type t, Flow flow)
        {
            return Result(provider, t, flow, flow == Flow.ToJs);
        }

        /// <summary>As <see cref="Result(ICustomAttributeProvider, Type, Flow)"/>; view false gives the writable struct type.</summary>
        public string Result(ICustomAttributeProvider provider, Type t, Flow flow, bool view)
        {
            MemberInfo[] table = TsMarshalRules.TableFor(provider, t);
            return table != null ? Table(table, t, flow, view) : Map(t, flow, provider, view);
        }

        /// <summary>
        /// A [TsMarshalAs(Table)] struct as a plain object type. C# -> JS it has every listed member; JS -> C#
        /// each member is optional (a missing one keeps its default). A Nullable struct adds null.
        /// </summary>
        public string Table(MemberInfo[] members, Type t, Flow flow)
        {
            return Table(members, t, flow, false);
        }

        // view: a result (see Result): its members are readonly, as a ByVal struct result is Readonly<S>.
        private string Table(MemberInfo[] members, Type t, Flow flow, bool view)
        {
            string optional = flow == Flow.FromJs ? "?" : "";
            string prefix = view ? "readonly " : "";
            string body = members.Length == 0 ? "{}" : "{ " + string.Join(" ", members.Select(m =>
                prefix + TsNames.Key(m.Name) + optional + ": " + Map(TsMarshalRules.MemberType(m), flow) + ";").ToArray()) + " }";
            return Nullable.GetUnderlyingType(t) != null ? body + " | null" : body;
        }

        private static bool IsOpaque(ParameterInfo p)
        {
            TsMarshalAsAttribute a = TsMarshalRules.Of(p);
            return a != null && a.Type == TsMarshalType.OpaqueValue;
        }

        private static bool IsNumber(Type t)
        {
            return t == typeof(sbyte) || t == typeof(byte) || t == typeof(short) || t == typeof(ushort) || t == typeof(int) ||
                   t == typeof(uint) || t == typeof(long) || t == typeof(ulong) || t == typeof(float) || t == typeof(double) ||
                   t == typeof(IntPtr) || t == typeof(UIntPtr); // native handles: numbers within ±(2^53-1)
        }
    }
}
