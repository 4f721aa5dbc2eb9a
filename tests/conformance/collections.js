// C# collections (System.Collections.IEnumerable) are iterable: for...of, spread and Array.from over the
// C# enumerator, disposed when the loop ends or exits early (docs/MARSHAL.md, "C# collections").
import { eq, ok, throws } from './assert.js';
import { Animal, Crate, Collections, Doubling, Geometry, Shelf, Paged, Ticker, Weekdays } from 'csharp:Fixtures';
import { List$1 } from 'csharp:System.Collections.Generic';

export function test_Collections_List_ForOf() {
    const seen = [];
    for (const x of Collections.Numbers(4)) seen.push(x);
    eq(seen.join(','), '0,1,2,3');
    let count = 0;
    for (const x of Collections.Numbers(0)) count += 1 + x;
    eq(count, 0, 'an empty list');
}

export function test_Collections_List_SpreadAndArrayFrom() {
    eq([...Collections.Numbers(3)].join(','), '0,1,2');
    eq(Array.from(Collections.Numbers(3), x => x * 10).join(','), '0,10,20');
    eq(Math.max(...Collections.Numbers(5)), 4);
    const [first, second] = Collections.Numbers(9);
    eq(first + second, 1, 'destructuring');
}

export function test_Collections_List_StructEnumeratorAdvances() {
    // List<int>.GetEnumerator() is a struct: JS holds a ByVal copy, and MoveNext acts on that copy's box.
    const e = Collections.Numbers(2).GetEnumerator();
    ok(e.MoveNext(), 'first');
    eq(e.Current, 0);
    ok(e.MoveNext(), 'second');
    eq(e.Current, 1);
    ok(!e.MoveNext(), 'done');
}

export function test_Collections_Dictionary_KeyValuePairs() {
    const parts = [];
    for (const pair of Collections.Ages()) parts.push(pair.Key + '=' + pair.Value);
    eq(parts.join(','), 'ann=31,bob=42');
    eq([...Collections.Ages().Keys].join(','), 'ann,bob', 'KeyCollection is enumerable too');
    eq([...Collections.Ages().Values].reduce((a, b) => a + b, 0), 73);
}

export function test_Collections_Yield_IEnumerableOfString() {
    eq([...Collections.Words('a bb ccc')].join('|'), 'a|bb|ccc');
}

export function test_Collections_InterfaceViews_Iterable() {
    eq([...Collections.Animals()].map(a => a.Name).join(','), 'rex,tom', 'IList<Animal> elements are Animal objects');
    ok([...Collections.Animals()][0] instanceof Animal);
    eq([...Collections.ReadOnlyWords('x y')].join(','), 'x,y', 'IReadOnlyList<string>');
    eq([...Collections.Distinct(3, 3, 5)].sort().join(','), '3,5', 'ICollection<int> of a HashSet');
}

export function test_Collections_Break_DisposesEnumerator() {
    Collections.ResetCounters();
    for (const x of Collections.Counted(10)) {
        if (x === 2) break;
    }
    eq(Collections.Produced, 3, 'stopped at the break');
    eq(Collections.Disposed, 1, 'break disposed the enumerator');
    for (const x of Collections.Counted(2)) eq(typeof x, 'number');
    eq(Collections.Disposed, 2, 'a completed loop disposes too');
}

export function test_Collections_Throw_DisposesEnumerator() {
    Collections.ResetCounters();
    throws(() => {
        for (const x of Collections.Counted(10)) {
            if (x === 1) throw new Error('stop');
        }
    }, 'stop');
    eq(Collections.Disposed, 1, 'a throw out of the loop disposed the enumerator');
    const [a] = Collections.Counted(10);
    eq(a, 0);
    eq(Collections.Disposed, 2, 'destructuring closes the iterator');
    eq(Collections.Produced, 3);
}

export function test_Collections_ModifiedDuringIteration_IsCSharpError() {
    const list = Collections.Numbers(3);
    throws(() => {
        for (const x of list) list.Add(x);
    }, 'zts: System.InvalidOperationException: ');
    eq(list.Count, 4, 'the first Add happened, the next MoveNext threw');
}

export function test_Collections_ExplicitNonGeneric_IterableThroughIEnumerable() {
    Crate.Disposed = 0;
    const crate = new Crate();
    ok(crate.GetEnumerator === undefined, 'no public GetEnumerator on the view');
    crate.Add(1);
    crate.Add('two');
    crate.Add(true);
    crate.Add(null);
    crate.Add(new Animal('bo'));
    const items = [...crate];
    eq(items.length, 5);
    eq(items[0], 1);
    eq(items[1], 'two');
    eq(items[2], true);
    eq(items[3], null);
    eq(items[4].Name, undefined, 'a C# object viewed as System.Object (Current is object)');
    eq(zts.cast(items[4], Animal).Name, 'bo');
    eq(Crate.Disposed, 1, 'the enumerator is disposed through its IDisposable view');
    for (const x of crate) if (x === 'two') break;
    eq(Crate.Disposed, 2, 'also on break');
}

export function test_Collections_ExplicitGeneric_Iterable() {
    const shelf = new Shelf();
    shelf.Put('dune');
    shelf.Put('emma');
    eq([...shelf].join(','), 'dune,emma');
}

export function test_Collections_ClosedGeneric_NewListIterable() {
    const IntList = zts.generic(List$1, CSharp.System.Int32);
    const list = new IntList();
    list.Add(5);
    list.Add(6);
    eq([...list].join(','), '5,6');
    eq(Collections.Sum(list), 11);
}

export function test_Collections_NotEnumerable_HasNoIterator() {
    eq(Geometry.Stored[Symbol.iterator], undefined, 'a struct that is not IEnumerable');
    eq(new Animal('x')[Symbol.iterator], undefined, 'a class that is not IEnumerable');
}

// Regression: the view's only GetEnumerator takes a parameter (the parameterless one is
// explicit): for...of goes through the IEnumerable view instead of calling GetEnumerator() and failing.
export function test_Collections_GetEnumeratorWithParameter_IterableThroughIEnumerable() {
    const p = new Paged(3);
    eq([...p].join(','), '0,10,20');
    const e = p.GetEnumerator(1);        // the public overload still works
    ok(e.MoveNext());
    eq(e.Current, 10);
}

// Regression: the enumerator implements MoveNext/Current explicitly.
export function test_Collections_ExplicitEnumeratorMembers_Iterable() {
    eq([...new Ticker(2)].join('|'), 'tick 1|tick 2');
    const e = new Ticker(1).GetEnumerator();
    ok(e.MoveNext === undefined, 'the view of TickerEnumerator shows no MoveNext');
}

// Regression: for...of takes one host call per element (MoveNext + Current batched) only where the
// view's public MoveNext/Current are the IEnumerator<T> ones; elsewhere the loop calls the view's members.
export function test_Collections_BatchedStep_OnlyWhereTheViewsMembersAreTheInterfaces() {
    eq([...new Doubling(3)].join(','), '2,4,6', 'the public Current (doubled), not IEnumerator<int>.Current');
    eq([...Weekdays.FirstTwo()].join(','), '1,2', 'enum elements cross as numbers, as Current does');
    const animals = Collections.Animals();
    const first = [...animals], second = [...animals];
    ok(first[0] === second[0], 'C# objects keep their identity');
    eq([...Collections.Ages()].map(p => p.Key).join(','), 'ann,bob', 'struct elements (KeyValuePair)');
}
