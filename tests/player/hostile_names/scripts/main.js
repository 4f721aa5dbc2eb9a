// Calls the members of Hostile.dll (tests/player/hostile_names/MakeHostile.cs) whose names C# cannot spell as written.
import { Host } from 'csharp:ZTS.Run';

export function tick() {
    const api = CSharp.Evil.event.Api;
    const x = zts.ref();
    api.event(x);
    console.log(`Evil.event.Api.Three: ${api.Three()}, event(out x): ${x.value}`);
    console.log(`Lines['Line\\nBreak']: ${CSharp.Evil.Lines['Line\nBreak']()}`);
    const v = CSharp.Evil.Vec.Make();
    console.log(`Vec method named as code: ${v['X() { System.IO.Directory.CreateDirectory("pwned"); return 1; } int Y']()}`);
    Host.Exit(0);
}
