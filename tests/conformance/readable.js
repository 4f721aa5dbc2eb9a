// C# objects read as their ToString() in JS text (docs/EVERYDAY.md).
import { eq } from './assert.js';
import { Vec3, Item, Grumpy, Coins } from 'csharp:Fixtures.Everyday';

export function test_Readable_String_UsesToString() {
    const v = new Vec3(1, 2, 3);
    const item = new Item('Sword', 12);
    eq(String(v), '(1, 2, 3)', 'String(struct)');
    eq(String(item), 'Item(Sword)', 'String(class)');
    eq(`${item} at ${v}`, 'Item(Sword) at (1, 2, 3)', 'template string');
    eq('got ' + item, 'got Item(Sword)', '+');
    eq(item.toString(), 'Item(Sword)', 'toString()');
}

export function test_Readable_DefaultToString_IsTypeName() {
    eq(String(new Coins(3)), 'Fixtures.Everyday.Coins', 'object.ToString()');
}

export function test_Readable_ThrowingToString() {
    eq(String(new Grumpy()), '<ToString threw System.InvalidOperationException: no text today>', 'String');
}
