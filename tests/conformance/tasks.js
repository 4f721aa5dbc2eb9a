// C# tasks as promises and JS promises as C# tasks (docs/EVERYDAY.md).
import { eq, ok } from './assert.js';
import { Loader } from 'csharp:Fixtures.Everyday';

async function rejection(promise) {
    try {
        await promise;
    } catch (e) {
        return e;
    }
    throw new Error('expected a rejection');
}

export async function test_Tasks_TaskOfT_Awaitable() {
    const p = Loader.LoadAsync(21);
    ok(p instanceof Promise, 'a Task<int> result is a Promise');
    eq(await p, 42, 'await LoadAsync(21)');
}

export async function test_Tasks_Completed_Resolves() {
    eq(await Loader.Ready('now'), 'now', 'completed task');
}

export async function test_Tasks_PlainTask_ResolvesUndefined() {
    eq(await Loader.Wait(), undefined, 'Task');
}

export async function test_Tasks_Fault_RejectsWithExceptionType() {
    const e = await rejection(Loader.Fails('boom'));
    ok(e instanceof Error, 'an Error');
    eq(e.message, 'zts: System.InvalidOperationException: boom', 'message');
}

export async function test_Tasks_Canceled_RejectsClearly() {
    const e = await rejection(Loader.Canceled());
    eq(e.message, 'zts: System.Threading.Tasks.TaskCanceledException: the C# task was canceled', 'message');
}

export async function test_Tasks_CompletedOnAnotherThread_SettlesAtThePump() {
    const p = Loader.Gated();
    let settled = false;
    p.then(() => { settled = true; });
    Loader.Release('late'); // completes on another thread, now
    await Promise.resolve();
    eq(settled, false, 'settled before the pump');
    eq(await p, 'late', 'value');
}

export async function test_Tasks_AsyncFunctionAsFuncTask() {
    const r = await Loader.PlusOne(async x => {
        await new Promise(resolve => setTimeout(resolve, 5));
        return x * 10;
    }, 4);
    eq(r, 41, 'C# awaited the JS async function');
}

export async function test_Tasks_AsyncFunctionRejects_FaultsTheTask() {
    const e = await rejection(Loader.PlusOne(async x => { throw new RangeError('bad ' + x); }, 2));
    eq(e.message, 'zts: ZTS.TsException: bad 2', 'message');
}

export async function test_Tasks_PromiseAsTaskArgument() {
    eq(await Loader.Echo(Promise.resolve(7)), 7, 'promise argument');
    eq(await Loader.Echo(new Promise(resolve => setTimeout(() => resolve(8), 10))), 8, 'pending promise argument');
}

export async function test_Tasks_WrongResolvedValue_Faults() {
    const e = await rejection(Loader.Echo(Promise.resolve('seven')));
    ok(e.message.startsWith('zts: cannot convert'), e.message);
}
