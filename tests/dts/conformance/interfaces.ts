// Fixtures/Interfaces.cs through the generated declarations: interface views show the members of the
// interfaces they extend; an explicit event is reachable through the interface view only.
import { eq, ok, some } from './assert.js';
import { Robot, IMachine, INamed } from 'csharp:Fixtures';
import type { IRobot } from 'csharp:Fixtures';

export function test_Robot_InterfaceViews(): void {
    const r: IRobot = some(Robot.Make(3));
    eq(r.Greet(), 'hello from robot-3');
    eq(r.Label, 'robot-3');
    r.Power = 5;
    eq(r.Power, 5);
    eq(r.Run(2), 'ran 2 steps');
    eq(r.Run('dance'), "ran 'dance'");
    const seen: string[] = [];
    const onRan = (s: string | null) => { seen.push(s ?? ''); };
    r.add_Ran(onRan);
    r.Run(1);
    r.remove_Ran(onRan);
    eq(seen.join('|'), 'ran 1 steps');
    const m = zts.cast(r, IMachine);
    eq(m.Label, 'robot-5');
    const named = zts.cast(r, INamed);
    eq(named.Label, 'robot-5');
}

export function test_Robot_ClassView(): void {
    const robot = new Robot();
    robot.Power = 2;
    eq(robot.Label, 'robot-2');
    eq(robot.Run(4), 'ran 4 steps');
    eq(robot.Run('x'), "ran 'x'");
    eq(robot.Greet(), 'hello from robot-2');
    ok(robot instanceof Robot, 'instanceof');
}
