// Types without a namespace (Unity's default script template) (docs/EVERYDAY.md): CSharp.T and the "csharp:" module.
import { eq, ok } from './assert.js';
import { GlobalGreeter } from 'csharp:';

export function test_Globals_ThroughTheCSharpTree() {
    eq(CSharp.GlobalGreeter.Hello('tree'), 'hello tree', 'CSharp.GlobalGreeter');
}

export function test_Globals_ThroughTheGlobalModule() {
    eq(GlobalGreeter.Hello('module'), 'hello module', "import from 'csharp:'");
    ok(GlobalGreeter === CSharp.GlobalGreeter, 'the same type object');
}
