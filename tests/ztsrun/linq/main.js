// LINQ on instances with [assembly: TsUsing("System.Linq")] (tests/ztsrun/linq/csharp/Scores.cs): generic extension
// methods closed over what the receiver gives (List<int>.Where is Where<int>), as C#'s `list.Where(f)`.
import { Host } from 'csharp:ZTS.Run';
import { Scores } from 'csharp:LinqWorld';
import { Enumerable } from 'csharp:System.Linq';

export function tick() {
    const scores = Scores.All();
    const high = scores.Where(s => s > 4);
    console.log(`high: ${high.Count()} of ${scores.Count}, sum ${high.Sum()}, max ${scores.Max()}`);
    console.log(`first over 6: ${scores.First(s => s > 6)}, any over 9: ${scores.Any(s => s > 9)}, contains 5: ${scores.Contains(5)}`);
    // OrderBy<TSource, TKey>(keySelector): only a JS function would give TKey, and it gives no C# type, so that overload
    // is no instance method (closed explicitly it is static); the one with an IComparer<TKey> is, TKey inferred per call
    // from the comparer. Aggregate's seed gives its TAccumulate the same way.
    const orderBy = zts.generic_method(Enumerable, 'OrderBy', CSharp.System.Int32, CSharp.System.Int32);
    const comparer = zts.generic(CSharp.System.Collections.Generic.Comparer$1, CSharp.System.Int32).Default;
    console.log(`OrderBy on instances: ${[...scores.OrderBy(s => -s, comparer)].join(',')}, static: ${[...Enumerable.ToArray(orderBy(scores, s => -s))].join(',')}`);
    console.log(`aggregate: ${scores.Aggregate((a, s) => a + s)}, from 100: ${scores.Aggregate(100, (a, s) => a - s)}, joined: ${scores.Aggregate('', (a, s) => a + s)}`);
    console.log(`names: ${Scores.Names().Where(n => n.length === 3).ToList().Count}, skip 1 take 2: ${[...scores.Skip(1).Take(2)].join(',')}`);
    Host.Exit(0);
}
