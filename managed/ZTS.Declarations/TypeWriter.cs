using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace ZTS.Declarations
{
    /// <summary>
    /// Writes one C# type as TS declarations (docs/DECLARATIONS.md):
    /// <list type="bullet">
    /// <item>the instance side: <c>interface T extends Base, IFace { members }</c> (generic: <c>T$1&lt;A&gt;</c>);
    /// a delegate's interface is callable;</item>
    /// <item>the type object: <c>interface T$Type extends zts.TypeObject&lt;T | null&gt; { new (...): T; statics; nested }</c>
    /// and <c>const T: T$Type</c>; a generic definition is <c>const T$1: T$1$Definition</c> whose closed type
    /// object <c>T$1$Type&lt;A&gt;</c> comes from <c>zts.generic</c> through the <c>zts.Generics</c> registry;</item>
    /// <item>an enum: <c>type E = number</c> and its values on <c>E$Type</c>;</item>
    /// <item>an opaque type (outside the closure): the names only, branded, without members.</item>
    /// </list>
    /// </summary>
    internal sealed class TypeWriter
    {
        private readonly TsTypeMapper _map;
        private readonly MemberCollector _members;
        private readonly TypeShape _shape;
        private readonly TsScriptPolicy _policy;

        /// <summary>Creates a writer; every type it names is reported through map.Referenced.</summary>
        public TypeWriter(TsTypeMapper map, TsAliasTable aliases, TsScriptPolicy policy = null)
        {
            _map = map;
            _policy = policy;
            _members = new MemberCollector(map, aliases, policy);
            _shape = new TypeShape(aliases, map.Oblivious);
        }

        /// <summary>The types t's declaration extends (for the closure).</summary>
        public List<Type> Bases(Type t)
        {
            return _shape.Bases(t);
        }

        /// <summary>The type for...of yields over t's objects (the enumerator's Current), or null when t is not enumerable.</summary>
        public Type Iterated(Type t)
        {
            PropertyInfo current = _members.IteratedCurrent(t);
            return current == null ? null : current.PropertyType;
        }

        /// <summary>A type with its members.</summary>
        public TypeBlock Full(Type t)
        {
            var block = new TypeBlock(t);
            string local = Local(t);
            string typeParams = TypeParameters(t);
            string self = _map.Named(t);
            block.Lines.Add("/** " + Describe(t) + " */");
            if (t.IsEnum)
            {
                // Branded: a value of another enum is no E under strict tsc, while numbers (and a [Flags] mask made
                // with |) still are, as the runtime takes them (zts.Enum in zts.d.ts).
                block.Lines.Add("type " + local + " = number & zts.Enum<" + TsNames.Quote(t.FullName) + ">;");
                block.ObjectHeader = "interface " + local + "$Type extends zts.TypeObject<" + self + ">";
                foreach (TsMember m in _members.Members(t)) block.ObjectLines.AddRange(m.Lines.Select(l => "    " + l));
                Finish(block, local, "$Type");
                return block;
            }
            List<TsMember> members = _members.Members(t);
            block.GenericMethodEntries.AddRange(members.Where(m => m.GenericMethodEntry != null).Select(m => m.GenericMethodEntry));
            List<TsMember> instance = members.Where(m => !m.IsStatic).ToList();
            var extends = new List<string>();
            foreach (KeyValuePair<Type, List<string>> b in _shape.Extends(t, instance))
            {
                // A base the policy denies is a branded interface (Denied): two of them cannot both be extended
                // (their brands differ, TS2320), and scripts reach none of its members anyway.
                if (_policy != null && !_policy.AllowsType(b.Key)) continue;
                string named = _map.Named(b.Key);
                extends.Add(b.Value.Count == 0 ? named : "Omit<" + named + ", " + string.Join(" | ", b.Value.Select(OmitKey).ToArray()) + ">");
            }
            if (extends.Count == 0) extends.Add("zts.Object");
            bool isDelegate = ZTS.TsMemberRules.IsDelegate(t) && TsTypeMapper.InvokeCrosses(t); // else: an ordinary object
            if (isDelegate) extends.Add("zts.Delegate<" + _map.FunctionType(t) + ">");
            block.Lines.Add("interface " + local + typeParams + " extends " + string.Join(", ", extends.Distinct().ToArray()) + " {");
            if (isDelegate) block.Lines.Add("    " + _members.Signature(t.GetMethod("Invoke")) + ";");
            foreach (TsMember m in instance)
                foreach (string line in m.Lines) block.Lines.Add("    " + line);
            block.Lines.Add("}");

            string objectBase = isDelegate ? "zts.DelegateType<" + _map.ValueOf(t) + ", " + _map.FunctionType(t) + ">"
                                           : "zts.TypeObject<" + _map.ValueOf(t) + ">";
            var typeObject = new List<string>();
            typeObject.Add("interface " + local + "$Type" + typeParams + " extends " + objectBase + " {");
            foreach (string line in _members.Constructors(t, self)) typeObject.Add("    " + line);
            typeObject.Add("    readonly prototype: " + self + ";");
            foreach (TsMember m in members.Where(m => m.IsStatic))
                foreach (string line in m.Lines) typeObject.Add("    " + line);
            AddTypeObject(block, t, local, typeObject);
            return block;
        }

        /// <summary>A type outside the closure: its names and type object, no members, no bases.</summary>
        public TypeBlock Opaque(Type t)
        {
            return Opaque(t, "(opaque: outside the declaration closure, members not declared)");
        }

        /// <summary>
        /// A type the script policy denies: the branded instance interface only, so a denied object still
        /// passes through; no members, and no value (no const, no zts.generic entry), so using the type does not type-check.
        /// </summary>
        public TypeBlock Denied(Type t)
        {
            TypeBlock block = Opaque(t, "(denied by the script policy: not reachable, members not declared)");
            block.Trailer.RemoveAll(line => line.StartsWith("const ", StringComparison.Ordinal) || line.StartsWith("export {", StringComparison.Ordinal));
            block.GenericEntry = null;
            return block;
        }

        private TypeBlock Opaque(Type t, string note)
        {
            var block = new TypeBlock(t);
            string local = Local(t);
            string typeParams = TypeParameters(t);
            string self = _map.Named(t);
            string path = ZTS.TsMemberRules.JsPath(t);
            block.Lines.Add("/** " + Describe(t) + " " + note + " */");
            block.Lines.Add("interface " + local + typeParams + " extends zts.Opaque<" + TsNames.Quote(path) + "> {}");
            var typeObject = new List<string>();
            typeObject.Add("interface " + local + "$Type" + typeParams + " extends zts.TypeObject<" + _map.ValueOf(t) + "> {");
            typeObject.Add("    readonly prototype: " + self + ";");
            AddTypeObject(block, t, local, typeObject);
            return block;
        }

        /// <summary>The line a type object lists a nested type with ("readonly Inner: $NS.Outer.Inner$Type;").</summary>
        public string NestedLine(Type nested)
        {
            string suffix = nested.IsGenericTypeDefinition ? "$Definition" : "$Type";
            return "readonly " + TsNames.Key(ZTS.TsMemberRules.JsName(nested)) + ": " + TsNames.Alias(TsTypeMapper.Namespace(nested)) + "." +
                   TsTypeMapper.LocalPath(nested) + suffix + ";";
        }

        /// <summary>The line the closed type object of a generic definition lists a nested type with, closed over the same
        /// type arguments ("readonly Inner: $NS.Outer$1.Inner$Type&lt;T&gt;;": zts.generic(Outer$1, String).Inner is the
        /// closed nested type, TypeBinder.BindClosedNested), or null for a nested type with type parameters of its own.</summary>
        public string ClosedNestedLine(Type nested)
        {
            Type outer = nested.DeclaringType;
            if (outer == null || !outer.IsGenericTypeDefinition || !nested.IsGenericTypeDefinition ||
                nested.GetGenericArguments().Length != outer.GetGenericArguments().Length) return null;
            return "readonly " + TsNames.Key(ZTS.TsMemberRules.JsName(nested)) + ": " + TsNames.Alias(TsTypeMapper.Namespace(nested)) + "." +
                   TsTypeMapper.LocalPath(nested) + "$Type" + TypeParameters(outer) + ";";
        }

        // Generic definitions: the closed type object is T$Type<A> (from zts.generic); the definition object
        // (T$Definition) holds the nested types. Other types: T$Type holds them.
        private void AddTypeObject(TypeBlock block, Type t, string local, List<string> typeObject)
        {
            if (t.IsGenericTypeDefinition)
            {
                typeObject.Add("}");
                block.Trailer.AddRange(typeObject);
                block.ObjectHeader = "interface " + local + "$Definition extends zts.GenericDefinition<" + TsNames.Quote(ZTS.TsMemberRules.JsPath(t)) + ", " +
                                     t.GetGenericArguments().Length + ">";
                string[] args = Enumerable.Range(0, t.GetGenericArguments().Length).Select(i => "V[" + i + "]").ToArray();
                block.GenericEntry = TsNames.Quote(ZTS.TsMemberRules.JsPath(t)) + ": " + TsNames.Alias(TsTypeMapper.Namespace(t)) + "." +
                                     TsTypeMapper.LocalPath(t) + "$Type<" + string.Join(", ", args) + ">;";
                Finish(block, local, "$Definition");
                return;
            }
            block.ObjectHeader = typeObject[0].Substring(0, typeObject[0].Length - 2);
            block.ObjectLines.AddRange(typeObject.Skip(1));
            Finish(block, local, "$Type");
        }

        // The const of a top-level type (nested types are reached through their outer type object). A name TS
        // reserves is declared with a '$' suffix and exported under its JS name.
        private static void Finish(TypeBlock block, string local, string objectSuffix)
        {
            if (block.Type.IsNested) return;
            string jsName = ZTS.TsMemberRules.JsName(block.Type);
            if (local == jsName) block.Trailer.Add("const " + local + ": " + local + objectSuffix + ";");
            else
            {
                block.Trailer.Add("const " + local + ": " + local + objectSuffix + ";");
                block.Trailer.Add("export { " + local + " as " + jsName + " };");
            }
        }

        private static string OmitKey(string member)
        {
            return member == MemberCollector.IteratorName ? "typeof Symbol.iterator" : TsNames.Quote(member);
        }

        private static string Local(Type t)
        {
            return TsNames.Local(ZTS.TsMemberRules.JsName(t));
        }

        private static string TypeParameters(Type t)
        {
            if (!t.IsGenericTypeDefinition) return "";
            return "<" + string.Join(", ", t.GetGenericArguments().Select(a => TsNames.Parameter(a.Name, 0)).ToArray()) + ">";
        }

        // "class Fixtures.Box<T> where T : IComparable<T>": the C# view, constraints as documentation
        // (TS does not check them: zts.generic reports a violated constraint at run time).
        private static string Describe(Type t)
        {
            string kind = t.IsEnum ? "enum" : t.IsInterface ? "interface" : ZTS.TsMemberRules.IsDelegate(t) ? "delegate" :
                          t.IsValueType ? "struct" : t.IsAbstract && t.IsSealed ? "static class" : t.IsAbstract ? "abstract class" : "class";
            string text = kind + " " + CSharpName(t);
            if (t.IsEnum) return text + " : " + CSharpName(Enum.GetUnderlyingType(t));
            if (t.IsGenericTypeDefinition)
            {
                foreach (Type a in t.GetGenericArguments())
                {
                    var parts = new List<string>();
                    GenericParameterAttributes g = a.GenericParameterAttributes;
                    if ((g & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0) parts.Add("struct");
                    else if ((g & GenericParameterAttributes.ReferenceTypeConstraint) != 0) parts.Add("class");
                    parts.AddRange(a.GetGenericParameterConstraints().Where(c => c != typeof(ValueType)).Select(CSharpName));
                    if ((g & GenericParameterAttributes.DefaultConstructorConstraint) != 0 && (g & GenericParameterAttributes.NotNullableValueTypeConstraint) == 0)
                        parts.Add("new()");
                    if (parts.Count > 0) text += " where " + a.Name + " : " + string.Join(", ", parts.ToArray());
                }
            }
            string why = MemberCollector.BindFails(t);
            return why == null ? text : text + " (not bindable: " + why + ")";
        }

        private static string CSharpName(Type t)
        {
            if (t.IsGenericParameter) return t.Name;
            string name = t.IsNested ? CSharpName(t.DeclaringType) + "." + t.Name : (t.Namespace == null ? t.Name : t.Namespace + "." + t.Name);
            int tick = name.LastIndexOf('`');
            if (tick >= 0) name = name.Substring(0, tick);
            if (!t.IsGenericType) return name;
            Type[] args = t.GetGenericArguments();
            Type[] outer = t.IsNested && t.DeclaringType.IsGenericType ? t.DeclaringType.GetGenericArguments() : new Type[0];
            Type[] own = args.Skip(outer.Length).ToArray();
            return own.Length == 0 ? name : name + "<" + string.Join(", ", own.Select(CSharpName).ToArray()) + ">";
        }
    }
}
