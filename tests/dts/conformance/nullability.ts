// tests/fixtures/Nullability.cs: nullability annotations (JetBrains [NotNull]/[CanBeNull], Roslyn's #nullable
// metadata) through the generated declarations. Annotated results are assigned to non-null variables without
// `!`, and callbacks of annotated delegates take non-null parameters (under --strict a wider callback type
// would not compile); unannotated sites stay `| null`. Each case checks at run time that the values are real.
import { eq, ok, some } from './assert.js';
import { Annotated, Enabled, NullableCalls, Visit, Rename, Shape } from 'csharp:Fixtures.Decl';
import type { List$1 } from 'csharp:System.Collections.Generic';

export function test_Nullability_JetBrainsResultsAndMembers(): void {
    const a = new Annotated('ann');
    const self: Annotated = a.Self();
    eq(self, a, 'Self');
    const title: string = a.Title;
    eq(title.length, 3, 'Title');
    a.Title = 'renamed';
    eq(a.Title, 'renamed');
    const note: string | null = a.Note;
    eq(note, null, 'Note starts null');
    a.Note = 'n';
    a.Note = null;
    const items: zts.Array<string | null> = a.Items;
    eq(items.length, 2, 'Items');
    eq(items[1], 'ann!');
    const motto: string = Annotated.Motto;
    eq(motto, 'never null');
    Annotated.Motto = 'still not null';
    eq(Annotated.Motto.toUpperCase(), 'STILL NOT NULL');
    const described: string = a.Describe();
    eq(described, 'renamed:0', 'Describe ([return: System.Diagnostics.CodeAnalysis.NotNull])');
    const boxed = a.Boxed();
    eq(boxed, 7, 'Boxed');
    const maybe: number | null = a.Maybe();
    eq(maybe, null, 'int? stays nullable');
    const oblivious: string | null = a.Oblivious();
    eq(oblivious, null, 'Oblivious');
}

export function test_Nullability_JetBrainsParameters(): void {
    const a = new Annotated('p');
    eq(a.Join('abc', null), 3, 'Join with a [CanBeNull] null');
    eq(a.Join('de', 'fg'), 4);
    eq(a.Find('abc'), 'abc', 'Find');
    eq(a.Find('zzz'), null, 'Find: [CanBeNull] returns null');
    ok(!a.Ensure(null), 'Ensure: a post-condition [NotNull] still takes null');
    ok(a.Ensure('x'), 'Ensure');
    const log: List$1<string | null> = a.Log();
    eq(log.Count, 2, 'Log');
    eq(some(log.get_Item(0)).length, 3);
    // [ItemNotNull]: the elements of the array are strings, usable without a check.
    const words: zts.Array<string> = a.Words();
    eq(words.length, 2, 'Words');
    let joined = '';
    for (const w of words) joined += w.toUpperCase();
    eq(joined, 'ABCDE', 'Words elements');
    eq(a.Letters(words, null), 5, 'Letters');
    eq(a.Letters(words, a.Items), 8, 'Letters with [ItemCanBeNull] extra (p, p!)');
}

export function test_Nullability_JetBrainsDelegates(): void {
    const a = new Annotated('d');
    a.Join('one', null);
    a.Join('two', null);
    let seen = '';
    // name is `string` (no null check needed), note is `string | null`.
    const count = a.Each((name: string, note: string | null) => { seen += name.toUpperCase() + (note === null ? '.' : note) + ';'; });
    eq(count, 2, 'Each');
    eq(seen, 'ONE#0;TWO.;', 'Each visits');
    const renamed: string | null = a.Apply((name: string) => name + '+');
    eq(renamed, 'd+', 'Apply');
    const rename = zts.to_delegate(name => name.toLowerCase(), Rename);
    const direct: string = rename.Invoke('ABC');
    eq(direct, 'abc', 'Rename.Invoke');
    eq(a.Apply(rename), 'd+', 'Apply with a C# delegate');
    let raised = '';
    const handler = zts.to_delegate((name, note) => { raised += name.length + String(note); }, Visit);
    a.add_Visited(handler);
    eq(a.Raise(), 1, 'Raise');
    eq(raised, '2null', 'Visited handler');
    a.remove_Visited(handler);
    eq(a.Raise(), 0, 'Raise without handlers');
}

export function test_Nullability_RoslynMetadata(): void {
    const e = new Enabled('k');
    const label: string = e.Label;
    eq(label, 'k', 'Label (context 1)');
    e.Label = 'L';
    eq(e.Label, 'L');
    const comment: string | null = e.Comment;
    eq(comment, null, 'Comment ([Nullable(2)])');
    e.Comment = 'c';
    eq(e.Comment, 'c');
    const names: zts.Array<string | null> = e.Names;
    eq(names[0], 'k', 'Names');
    const got: string = e.Get('k');
    eq(got.length, 1, 'Get');
    eq(e.Put('j', 'J'), 2, 'Put');
    eq(e.Put('j', null), 1, 'Put null removes');
    eq(e.TryGet('j'), null, 'TryGet ([return: Nullable(2)])');
    eq(e.TryGet('k'), 'k');
    const parts: zts.Array<string> | null = e.Split('x,yz');
    eq(some(parts).length, 2, 'Split ([return: Nullable(new byte[] { 2, 1 })])');
    eq(some(parts)[1].length, 2, 'Split element');
    eq(e.Split(''), null, 'Split may return null');
    const names2: zts.Array<string> = e.Names;
    eq(names2[0].length, 1, 'Names elements (the context covers them)');
    const keys: List$1<string | null> = e.Keys();
    eq(keys.Count, 1, 'Keys ([Nullable(new byte[] { 1, 2 })])');
    eq(e.Either(null, 'b'), 'b', 'Either ([NullableContext(2)])');
    eq(e.Either(null, null), null);
    const legacy: string | null = e.Legacy();
    eq(legacy, null, 'Legacy ([Nullable(0)])');
    const text: string = new Enabled.Inner().Text();
    eq(text, 'inner', 'Inner (the outer type\'s context)');
}

export function test_Nullability_RoslynDelegate(): void {
    const out: string | null = NullableCalls.Run((text: string) => text.toUpperCase() + '!', 'shape');
    eq(out, 'SHAPE!', 'Run with a JS function');
    const shape = zts.to_delegate(text => text.length.toString(), Shape);
    const n: string = shape.Invoke('four');
    eq(n, '4', 'Shape.Invoke');
    eq(NullableCalls.Run(shape, 'abc'), '3', 'Run with a C# delegate');
}
