// Populates a world deterministically (a seeded generator, so every run prints the same story).
import { Entity, Kind, Vec2, World } from "csharp:Sim";

export interface Cast {
    ship: Entity;
    rocks: Entity[];
}

function lcg(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        return state / 0x100000000;
    };
}

export function populate(world: World, crystals: number, rocks: number, seed: number): Cast {
    const random = lcg(seed);
    const at = (margin: number) =>
        new Vec2(margin + random() * (world.Width - 2 * margin), margin + random() * (world.Height - 2 * margin));
    // Spawn is [NotNull] in C# (it throws instead of returning null), so its result is a plain Entity.
    const ship = world.Spawn("Ship", Kind.Ship, new Vec2(world.Width / 2, world.Height / 2), new Vec2(0, 0), 0.4);
    const rockList: Entity[] = [];
    for (let i = 0; i < rocks; i++) {
        const velocity = new Vec2(2 + random() * 3, 1 + random() * 2);
        rockList.push(world.Spawn("Rock", Kind.Rock, at(1), velocity, 0.7));
    }
    for (let i = 0; i < crystals; i++) {
        world.Spawn("Crystal", Kind.Crystal, at(0.5), new Vec2(0, 0), 0.3);
    }
    return { ship, rocks: rockList };
}
