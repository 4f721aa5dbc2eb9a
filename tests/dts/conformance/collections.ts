// Fixtures/Collections.cs through the generated declarations: C# collections are iterable with typed
// for...of, spread and Array.from; the element type is what the enumerator's Current crosses as.
import { eq, ok, throws } from './assert.js';
import { Animal, Collections, Crate, Doubling, DoublingEnumerator, Paged, Shelf, Ticker, TickerEnumerator, Weekdays } from 'csharp:Fixtures';
import type { Object as CsObject } from 'csharp:System';

export function test_Collections_List_TypedForOf(): void {
    let sum = 0;
    for (const x of Collections.Numbers(4)!) {
        const n: number = x;
        sum += n;
    }
    eq(sum, 6);
    const doubled: number[] = Array.from(Collections.Numbers(3)!, x => x * 2);
    eq(doubled.join(','), '0,2,4');
    eq(Collections.Sum(Collections.Numbers(5)), 10);
}

export function test_Collections_Dictionary_KeyValuePairs(): void {
    const parts: string[] = [];
    for (const pair of Collections.Ages()!) parts.push(`${pair.Key}=${pair.Value}`);
    eq(parts.join(','), 'ann=31,bob=42');
}

export function test_Collections_InterfaceViews_TypedElements(): void {
    const words: (string | null)[] = [...Collections.Words('a b')!];
    eq(words.join(','), 'a,b');
    for (const a of Collections.Animals()!) ok(a!.Name !== null, 'IList<Animal> yields Animal | null');
    eq([...Collections.ReadOnlyWords('x y z')!].length, 3);
    eq([...Collections.Distinct(1, 1, 2)!].length, 2);
}

export function test_Collections_Break_Disposes(): void {
    Collections.ResetCounters();
    for (const x of Collections.Counted(5)!) if (x === 1) break;
    eq(Collections.Produced, 2);
    eq(Collections.Disposed, 1);
}

export function test_Collections_Modified_Throws(): void {
    const list = Collections.Numbers(2)!;
    throws(() => { for (const x of list) list.Add(x); }, 'zts: System.InvalidOperationException: ');
}

export function test_Collections_Explicit_Implementations(): void {
    Crate.Disposed = 0;
    const crate = new Crate();
    crate.Add(7);
    crate.Add('s');
    crate.Add(new Animal('a'));
    const items: (number | string | boolean | CsObject | null)[] = [...crate];
    eq(items[0], 7);
    eq(items[1], 's');
    eq(Crate.Disposed, 1);
    const shelf = new Shelf();
    shelf.Put('dune');
    for (const book of shelf) eq(book, 'dune');
}

export function test_Collections_ClosedGeneric_Iterable(): void {
    const IntList = zts.generic(CSharp.System.Collections.Generic.List$1, CSharp.System.Int32);
    const list = new IntList();
    list.Add(3);
    list.Add(4);
    let product = 1;
    for (const x of list) product *= x;
    eq(product, 12);
}

export function test_Collections_ExplicitShapes_IterateAsObjects(): void {
    // Paged's only public GetEnumerator takes a start; Ticker's enumerator has explicit MoveNext/Current:
    // both iterate through the IEnumerable/IEnumerator views, so the elements are typed as `object` results.
    const pages: (number | string | boolean | CsObject | null)[] = [...new Paged(2)];
    eq(pages.join(','), '0,10');
    const e = new Paged(3).GetEnumerator(2);
    ok(e !== null && e.MoveNext());
    const ticks: (number | string | boolean | CsObject | null)[] = [];
    for (const t of new Ticker(2)) ticks.push(t);
    eq(ticks.join('|'), 'tick 1|tick 2');
    const te = new Ticker(1).GetEnumerator();
    ok(te !== null && te instanceof TickerEnumerator, 'the view shows no MoveNext: a TickerEnumerator with no members');
}

// The batched for...of step applies only where the view's members are the interface's.
export function test_Collections_BatchedStep_ViewMembersAndEnums(): void {
    const doubled: number[] = [...new Doubling(2)];
    eq(doubled.join(','), '2,4');
    const e = new Doubling(1).GetEnumerator();
    ok(e !== null && e instanceof DoublingEnumerator && e.MoveNext() && e.Current === 2);
    e!.Reset();
    e!.Dispose();
    const days: number[] = [...Weekdays.FirstTwo()!];
    eq(days.join(','), '1,2');
}
