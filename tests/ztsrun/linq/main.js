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
    // OrderBy<TSource, TKey>: TKey comes from no receiver, so it is no instance method; closed explicitly it is static.
    const orderBy = zts.generic_method(Enumerable, 'OrderBy', CSharp.System.Int32, CSharp.System.Int32);
    console.log(`OrderBy on instances: ${typeof scores.OrderBy}, static: ${[...Enumerable.ToArray(orderBy(scores, s => -s))].join(',')}`);
    console.log(`names: ${Scores.Names().Where(n => n.length === 3).ToList().Count}, skip 1 take 2: ${[...scores.Skip(1).Take(2)].join(',')}`);
    Host.Exit(0);
}
