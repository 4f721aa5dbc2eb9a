using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace ZTS.Declarations
{
    /// <summary>
    /// zts.d.ts: the `zts` helpers (SPEC_MAP D4), `console`, the timers, and the `CSharp` namespace tree over the declared
    /// modules, so that <c>CSharp.NS.T</c> has the type of <c>import { T } from "csharp:NS"</c>. The brands
    /// (unique symbols local to this module file) make C# objects, type objects, generic definitions and
    /// ref boxes nominal: a plain JS object or array does not pass where ZTS would reject it. They exist in
    /// types only; nothing at run time carries them.
    /// </summary>
    internal static class GlobalsWriter
    {
        /// <summary>The file name.</summary>
        public const string FileName = "zts.d.ts";

        /// <summary>The text of zts.d.ts for the given declared namespaces.</summary>
        public static string Write(IEnumerable<string> namespaces)
        {
            var b = new StringBuilder();
            b.Append(DtsGenerator.Banner);
            b.Append("import type { Array as $Array, Type as $Type } from \"csharp:System\";\n\n");
            b.Append("declare const $value: unique symbol;\n");
            b.Append("declare const $definition: unique symbol;\n");
            b.Append("declare const $object: unique symbol;\n");
            b.Append("declare const $opaque: unique symbol;\n");
            b.Append("declare const $ref: unique symbol;\n");
            b.Append("declare const $handle: unique symbol;\n");
            b.Append("declare const $function: unique symbol;\n");
            b.Append("declare const $generic: unique symbol;\n");
            b.Append("declare const $genericKey: unique symbol;\n");
            b.Append("declare const $enum: unique symbol;\n\n");
            b.Append("declare global {\n");
            b.Append(Zts);
            b.Append(Helpers());
            b.Append(Console);
            b.Append(Timers);
            b.Append("    /** The C# namespace tree: every type object of the declared modules. */\n");
            b.Append("    const CSharp: ");
            Tree(b, BuildTree(namespaces), 1);
            b.Append(";\n}\n\nexport {};\n");
            return b.ToString();
        }

        private const string Zts =
            "    namespace zts {\n" +
            "        /** A C# object in JS (ByObj or ByVal exotic). */\n" +
            "        interface Object { readonly [$object]: unknown; }\n" +
            "        /** A type of a generated module that is outside the declaration closure: a C# object whose members are not declared. */\n" +
            "        interface Opaque<K extends string> extends Object { readonly [$opaque]: K; }\n" +
            "        /** A C# delegate whose JS function type is F: it passes where F is declared, as itself. */\n" +
            "        interface Delegate<F> extends Object { readonly [$function]: F; }\n" +
            "        /** A C# type object (a JS function): V is what a value of the type is in JS. */\n" +
            "        interface TypeObject<V> extends Function { readonly [$value]: V; }\n" +
            "        /** The type object of a delegate type: F is the JS function type that converts to it. */\n" +
            "        interface DelegateType<V, F> extends TypeObject<V> { readonly [$handle]: F; }\n" +
            "        /** An open generic type definition (List$1): close it with zts.generic. */\n" +
            "        interface GenericDefinition<K extends string, N extends number> extends Function { readonly [$definition]: [K, N]; }\n" +
            "        /** Closed type objects by definition path, from the JS value types V of the type arguments; every generated module adds its definitions. */\n" +
            "        interface Generics<V extends unknown[]> {}\n" +
            "        /** A generic method whose type arguments a call cannot infer (they appear in no parameter but a ref/out one): close it\n" +
            "         *  with zts.generic_method. K keys its closed signatures in GenericMethods. */\n" +
            "        interface ExplicitGeneric<F, K extends string = never> { readonly [$generic]: F; readonly [$genericKey]: K; }\n" +
            "        /** The closed signatures of explicitly closed generic methods by key, from the JS value types V of the type arguments;\n" +
            "         *  every generated module adds its methods. */\n" +
            "        interface GenericMethods<V extends unknown[]> {}\n" +
            "        /** What zts.generic_method returns for a member type M closed over type arguments whose value types are V. */\n" +
            "        type Closed<M, V extends unknown[] = unknown[]> = M extends ExplicitGeneric<infer F, infer K>\n" +
            "            ? ([K] extends [never] ? F : K extends keyof GenericMethods<V> ? GenericMethods<V>[K] : F) : M;\n" +
            "        /** A C# enum E: a number, branded so that a value of another enum is no E; numbers (and masks made with |) still are. */\n" +
            "        interface Enum<E extends string> { readonly [$enum]?: E; }\n" +
            "        /** The JS value type of a type object. */\n" +
            "        type ValueOf<T> = T extends TypeObject<infer V> ? V : never;\n" +
            "        type ValuesOf<A extends unknown[]> = { [I in keyof A]: ValueOf<A[I]> };\n" +
            "        /** A C# array (index access, length; iterable). Where C# declares T[] or a list, a JS array T[] is accepted too (a copy). */\n" +
            "        interface Array<T> extends Omit<$Array, typeof Symbol.iterator> {\n" +
            "            [index: number]: T;\n" +
            "            readonly length: number;\n" +
            "            [Symbol.iterator](): IterableIterator<T>;\n" +
            "        }\n" +
            "        /** A zts.ref() box for a JS -> C# ref/out argument; value is written back after the call. */\n" +
            "        interface Ref<T> { value: T; readonly [$ref]: T; }\n" +
            "        /** An opaque handle for a C# -> JS ref/out/OpaqueValue argument, valid only during that call. */\n" +
            "        interface OpaqueHandle<T> { readonly [$handle]: T; }\n" +
            "        /** The zts helpers; `zts` itself is `const zts: zts.Helpers`. */\n";

        /// <summary>zts.Helpers: the members of the `zts` global, from their one table (native/core/globals/zts_members.h,
        /// as ZtsGlobalMembers): each member's doc comment, then its declarations.</summary>
        private static string Helpers()
        {
            var b = new StringBuilder("        interface Helpers {\n");
            foreach (ZtsGlobalMembers.Member m in ZtsGlobalMembers.All)
            {
                b.Append("            /** ").Append(m.Doc.Replace("\n", "\n             *  ")).Append(" */\n");
                foreach (string line in m.TypeScript.Split('\n')) b.Append("            ").Append(line).Append('\n');
            }
            return b.Append("        }\n    }\n    const zts: zts.Helpers;\n\n").ToString();
        }

        private const string Console =
            "    /** console: buffered, flushed to TsConsole.Sink outside JS frames. Same shape as lib.dom's, so both can be used. */\n" +
            "    interface Console {\n" +
            "        log(...data: any[]): void;\n" +
            "        debug(...data: any[]): void;\n" +
            "        info(...data: any[]): void;\n" +
            "        warn(...data: any[]): void;\n" +
            "        error(...data: any[]): void;\n" +
            "    }\n" +
            "    var console: Console;\n\n";

        private const string Timers =
            "    /** Timers run by the host's frame pump (TsFramePump.LateUpdate) on the host's clock (TsFramePump.TimeSource), in due order,\n" +
            "     *  each followed by its microtasks; a delay counts from the last pump. Reset clears them. Same shape as lib.dom's. */\n" +
            "    function setTimeout<A extends unknown[]>(callback: (...args: A) => void, ms?: number, ...args: A): number;\n" +
            "    function setInterval<A extends unknown[]>(callback: (...args: A) => void, ms?: number, ...args: A): number;\n" +
            "    function clearTimeout(id: number | undefined): void;\n" +
            "    function clearInterval(id: number | undefined): void;\n" +
            "    /** Runs callback as a microtask (with the Promise jobs). */\n" +
            "    function queueMicrotask(callback: () => void): void;\n\n";

        private sealed class Node
        {
            public string Module;
            public readonly SortedDictionary<string, Node> Children = new SortedDictionary<string, Node>(System.StringComparer.Ordinal);
        }

        private static Node BuildTree(IEnumerable<string> namespaces)
        {
            var root = new Node();
            foreach (string ns in namespaces)
            {
                if (ns.Length == 0)
                {
                    root.Module = ns; // types without a namespace: CSharp.T (docs/EVERYDAY.md)
                    continue;
                }
                Node n = root;
                foreach (string part in ns.Split('.'))
                {
                    Node child;
                    if (!n.Children.TryGetValue(part, out child)) n.Children[part] = child = new Node();
                    n = child;
                }
                n.Module = ns;
            }
            return root;
        }

        private static void Tree(StringBuilder b, Node n, int depth)
        {
            string pad = new string(' ', 4 * (depth + 1));
            if (n.Module != null)
            {
                b.Append("typeof import(").Append(TsNames.Quote(TsNames.Module(n.Module))).Append(")");
                if (n.Children.Count == 0) return;
                b.Append(" & ");
            }
            b.Append("{\n");
            foreach (KeyValuePair<string, Node> c in n.Children)
            {
                b.Append(pad).Append("readonly ").Append(TsNames.Key(c.Key)).Append(": ");
                Tree(b, c.Value, depth + 1);
                b.Append(";\n");
            }
            b.Append(new string(' ', 4 * depth)).Append("}");
        }
    }
}
