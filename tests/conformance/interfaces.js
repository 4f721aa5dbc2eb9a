// SPEC_MAP D5 ByObj views through interfaces: an interface view shows the members of the
// interfaces it extends (interfaces have no base class, so they are merged into the view).
import { eq, ok, throws } from './assert.js';
import { Robot, IRobot, IMachine } from 'csharp:Fixtures';

export function test_Interfaces_View_InheritedMembers() {
    const r = Robot.Make(3);            // declared IRobot
    eq(r.Greet(), 'hello from robot-3', 'own member');
    eq(r.Label, 'robot-3', 'property of INamed (two levels up)');
    r.Power = 5;
    eq(r.Power, 5, 'read-write property of IMachine');
    eq(r.Run(2), 'ran 2 steps', 'IMachine.Run(int)');
    eq(r.Run('dance'), "ran 'dance'", 'IRobot.Run(string): one overload set with the inherited one');
    throws(() => { r.Label = 'x'; }, "zts: 'IRobot.Label' is read-only"); // named by the view
}

export function test_Interfaces_View_ExplicitEventThroughInterface() {
    const r = Robot.Make(1);
    const seen = [];
    const onRan = (s) => seen.push(s);
    r.add_Ran(onRan);                   // explicit implementation: reachable through the interface view only
    r.Run(1);
    r.remove_Ran(onRan);
    r.Run(2);
    eq(seen.join('|'), 'ran 1 steps');
}

export function test_Interfaces_View_OnlyInterfaceMembers() {
    const m = zts.cast(Robot.Make(2), IMachine);
    eq(m.Label, 'robot-2');
    ok(m.Greet === undefined, 'IRobot members are not on an IMachine view');
}
