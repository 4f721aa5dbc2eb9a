// ztsrun end-to-end fixture: a module that subscribes to a C# event at load time, reloaded
// 300 times (Host.Reload at every frame). The live handler must run on every raise and be the only one.
import { Host } from 'csharp:ZTS.Run';
import { World } from 'csharp:ReloadWorld';

let seen = -1;
World.add_Changed((value) => { seen = value; });

export function tick(dt) {
    const reload = Host.Frame; // one frame per load
    const handlers = World.Raise(reload);
    if (seen !== reload || handlers !== 1) {
        console.log(`FAILED at reload ${reload}: the live handler saw ${seen}, the event has ${handlers} handlers`);
        Host.Exit(1);
        return;
    }
    if (reload === 30 || reload === 300) console.log(`managed bytes at reload ${reload}: ${World.ManagedBytes()}`);
    if (reload === 300) {
        Host.Exit(0);
        return;
    }
    Host.Reload();
}
