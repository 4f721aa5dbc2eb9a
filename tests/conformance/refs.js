// SPEC_MAP D4 zts.ref: JS -> C# ref/out arguments are boxes whose .value is written back after the call.
import { eq, ok, throws } from './assert.js';
import { Refs } from 'csharp:Fixtures';

export function test_Refs_Out_WrittenBack() {
    const r = zts.ref();
    ok(Refs.TryParse('42', r), 'returns true');
    eq(r.value, 42);
    ok(!Refs.TryParse('nope', r), 'returns false');
    eq(r.value, 0, 'out is assigned even on failure');
}

export function test_Refs_Ref_ReadAndWritten() {
    const a = zts.ref(1);
    const b = zts.ref(2);
    Refs.Swap(a, b);
    eq(a.value, 2);
    eq(b.value, 1);
    const s = zts.ref('ab');
    Refs.Append(s, 'cd');
    eq(s.value, 'abcd');
}

export function test_Refs_OutObject() {
    const r = zts.ref();
    Refs.MakeAnimal(r);
    eq(r.value.Name, 'made');
}

export function test_Refs_PlainValue_IsNoMatch() {
    throws(() => Refs.Swap(1, 2), "zts: argument 1 of 'Refs.Swap' is ref/out: pass a zts.ref() box");
}

export function test_Refs_WrongValueKind_IsAnError() {
    throws(() => Refs.Swap(zts.ref('x'), zts.ref(1)), 'zts: cannot convert string to System.Int32');
}
