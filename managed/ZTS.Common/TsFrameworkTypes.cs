using System;
using System.Collections.Generic;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace ZTS
{
    /// <summary>
    /// The framework types game scripts reach for, one list for the declarations and the Player build
    /// (docs/PLAYER.md, "Coverage a game needs"): `ztsrun gen-dts` declares them with their members, and
    /// `ztsrun build-player` covers them, so what scripts see declared the Player can call. Both extend the list with
    /// --type 'Name, Assembly' and --types FILE, and drop it with --no-default-types. A generic type is listed by its
    /// definition (List`1); the Player build closes it over the types generic code is closed with most often.
    /// </summary>
    public static class TsFrameworkTypes
    {
        /// <summary>The default set.</summary>
        public static readonly Type[] Defaults =
        {
            typeof(object), typeof(string), typeof(Math), typeof(Random), typeof(DateTime), typeof(TimeSpan), typeof(Guid), typeof(Array),
            typeof(Convert), typeof(StringBuilder),
            typeof(List<>), typeof(Dictionary<,>), typeof(HashSet<>), typeof(Queue<>), typeof(Stack<>), typeof(KeyValuePair<,>),
            typeof(LinkedList<>), typeof(SortedDictionary<,>),
            typeof(Task), typeof(Task<>), typeof(CancellationToken), typeof(CancellationTokenSource),
            // What game and tool scripts reach for besides: printing (Console, Debug), float math (MathF), the process
            // and paths (Environment, Path), enums by name (Enum), nullable and tuple helpers (Nullable, Tuple and
            // ValueTuple with their one- to three-element types). docs/PLAYER.md lists why each is here.
            typeof(Console), typeof(System.Diagnostics.Debug), typeof(MathF), typeof(Environment), typeof(System.IO.Path), typeof(Enum),
            typeof(Nullable), typeof(Tuple), typeof(Tuple<>), typeof(Tuple<,>), typeof(Tuple<,,>),
            typeof(ValueTuple), typeof(ValueTuple<>), typeof(ValueTuple<,>), typeof(ValueTuple<,,>),
        };

        /// <summary>The types of a --types file: one assembly-qualified name a line, '#' starts a comment. A name that
        /// does not resolve is an error naming the file and line.</summary>
        public static List<Type> Load(string path)
        {
            var types = new List<Type>();
            int line = 0;
            foreach (string raw in System.IO.File.ReadAllLines(path))
            {
                line++;
                string name = raw.Split('#')[0].Trim();
                if (name.Length == 0) continue;
                types.Add(Resolve(name, path + ":" + line + ": "));
            }
            return types;
        }

        /// <summary>A type by its assembly-qualified name ("System.Text.StringBuilder, mscorlib"), or an ArgumentException
        /// whose message starts with where (a file and line, or "").</summary>
        public static Type Resolve(string name, string where)
        {
            Type t = Type.GetType(name, false);
            if (t == null)
                throw new ArgumentException(where + "type '" + name + "' not found" +
                                            (name.IndexOf(',') < 0 ? " (give it with its assembly: 'System.Text.StringBuilder, mscorlib')" : ""));
            return t;
        }
    }
}
