// Uses of C# members, each covered by the game's Player but two: a method with nine parameters (more than a
// bridge takes) and a type whose assembly is not an input.
import { Scene, Mover } from "csharp:Arena";
import { Bonus } from "csharp:Arena.Extra";

export function run(scene: Scene): string {
    const m = scene.Spawn("ship", null, 3);
    const total = Scene.Nine(1, 2, 3, 4, 5, 6, 7, 8, 9);
    const mover = new Mover("m", 2);
    mover.Speed = mover.Speed + 1;
    const b = Bonus.Of(5);
    const tryGet = zts.generic_method(Scene, "TryGetComponent", Mover);
    return [String(m), total, mover.Speed, b, Scene.Add3(1, 2, 3), tryGet !== null].join(" ");
}
