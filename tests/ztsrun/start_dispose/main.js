// ztsrun end-to-end fixture: a reload runs the new code's dispose before its start (Ztsrun_Reload_NewCodeDisposesBeforeStart).
// Load 1 stands for code written before its dispose could undo anything: its dispose does nothing, and before, the
// objects its start spawned stayed and load 2 doubled them.
import { Host } from 'csharp:ZTS.Run';
import { Spawner } from 'csharp:ReloadWorld';

const load = Spawner.NextLoad(); // C# state: it outlives the reload

export function start() {
    for (let i = 0; i < 3; i++) Spawner.Spawn();
    console.log(`start of load ${load}: ${Spawner.Count} spawned`);
}

export function dispose() {
    if (load === 1) {
        console.log('dispose of load 1: undoes nothing');
        return;
    }
    console.log(`dispose of load ${load}: ${Spawner.DestroyAll()} destroyed`);
}

let ticks = 0;
export function tick(dt) {
    ticks++;
    if (load === 1 && ticks === 2) Host.Reload();
    if (load === 2 && ticks === 2) Host.Exit(Spawner.Count === 3 ? 0 : 1);
}
