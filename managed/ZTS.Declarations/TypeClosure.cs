using System;
using System.Collections.Generic;
using System.Linq;

namespace ZTS.Declarations
{
    /// <summary>
    /// Which types get declared and how (docs/DECLARATIONS.md, "Closure"):
    /// <list type="number">
    /// <item>the requested types (every public type of the requested namespaces of the given assemblies),
    /// the core types (Object, String, the numeric primitives, Boolean, Char, Array, Type, Delegate,
    /// MulticastDelegate, ValueType) and every type named by a requested type's declaration are declared with
    /// their members;</item>
    /// <item>so are, transitively, the types those extend, the types they are nested in and the types their
    /// objects yield to for...of (a Dictionary's KeyValuePair);</item>
    /// <item>a type any declaration names beyond that is declared opaque: names and type object, no members;
    /// enums and delegates are the exception, they are always declared with their values / call signature.</item>
    /// </list>
    /// So the output stays bounded (one step beyond the requested API) and still type-checks: every name
    /// written resolves.
    /// </summary>
    internal sealed class TypeClosure
    {
        /// <summary>The core types, always declared with members (zts helpers and primitives refer to them).</summary>
        public static readonly Type[] Core =
        {
            typeof(object), typeof(string), typeof(bool), typeof(char), typeof(sbyte), typeof(byte), typeof(short), typeof(ushort),
            typeof(int), typeof(uint), typeof(long), typeof(ulong), typeof(float), typeof(double), typeof(Array), typeof(Type),
            typeof(Delegate), typeof(MulticastDelegate), typeof(ValueType),
        };

        /// <summary>Types declared with members (generic definitions for generic types).</summary>
        public readonly HashSet<Type> Full = new HashSet<Type>();

        /// <summary>
        /// Builds the full set from the roots: roots, core, what the roots name, then bases, declaring types and
        /// iterated element types (iterated: null for a type that is not enumerable).
        /// </summary>
        public static TypeClosure Build(IEnumerable<Type> roots, Func<Type, IEnumerable<Type>> namedBy, Func<Type, IEnumerable<Type>> bases,
                                        Func<Type, Type> iterated)
        {
            var c = new TypeClosure();
            List<Type> rootList = roots.ToList();
            foreach (Type t in rootList.Concat(Core)) c.Full.Add(t);
            foreach (Type t in rootList.ToList())
                foreach (Type n in namedBy(t))
                    if (n.IsVisible && TsTypeMapper.IsDeclarable(n)) c.Full.Add(n);
            var queue = new Queue<Type>(c.Full);
            while (queue.Count > 0)
            {
                Type t = queue.Dequeue();
                Type element = iterated(t);
                IEnumerable<Type> more = Decompose(element == null ? bases(t) : bases(t).Concat(new[] { element }));
                if (t.IsNested) more = more.Concat(new[] { t.DeclaringType });
                foreach (Type m in more)
                    if (m.IsVisible && TsTypeMapper.IsDeclarable(m) && c.Full.Add(m)) queue.Enqueue(m);
            }
            return c;
        }

        /// <summary>The named types (generic definitions) inside type expressions.</summary>
        public static IEnumerable<Type> Decompose(IEnumerable<Type> types)
        {
            foreach (Type t in types)
            {
                if (t.IsGenericParameter) continue;
                if (t.HasElementType)
                {
                    foreach (Type e in Decompose(new[] { t.GetElementType() })) yield return e;
                    continue;
                }
                if (t.IsGenericType && !t.IsGenericTypeDefinition)
                {
                    yield return t.GetGenericTypeDefinition();
                    foreach (Type a in Decompose(t.GetGenericArguments())) yield return a;
                    continue;
                }
                yield return t;
            }
        }
    }
}
