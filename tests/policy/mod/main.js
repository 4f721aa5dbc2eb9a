// A mod-style script under ztsrun --policy (tests/policy/mod/mod.policy; NUnit Policy_Ztsrun): it tries to write a
// file and to end the process; both are denied with the zts: text, and the game API still works every frame.
import { Gate, Note } from 'csharp:PolicyFixtures';

let frame = 0;

function attempt(what, fn) {
    try {
        fn();
        console.log(what + ': done');
    } catch (e) {
        console.log(what + ': ' + e.message);
    }
}

export function tick(dt) {
    frame++;
    if (frame === 1) {
        attempt('write', () => CSharp.System.IO.File.WriteAllText('mod-wrote.txt', 'pwned'));
        attempt('exit', () => CSharp.System.Environment.Exit(7));
        attempt('reflect', () => new Note().GetType().Assembly);
    }
    console.log('frame ' + frame + ': ' + Gate.Add(frame, 100));
}
