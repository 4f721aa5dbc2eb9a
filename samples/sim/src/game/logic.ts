// The game rules: the ship steers to the nearest crystal and away from rocks; the C# world moves
// things and answers queries.
import { Entity, Kind, World } from "csharp:Sim";
import { Cast } from "./spawn";
import { format, normalized, scale, sub } from "./vec";

export const SHIP_SPEED = 4;
const AVOID_DISTANCE = 2;

export interface Score {
    collected: number;
    bumps: number;
    dodging: Entity | null;
}

function steer(world: World, ship: Entity, score: Score): void {
    const target = world.Nearest(ship.Position, Kind.Crystal);
    if (target === null) {
        ship.Velocity = scale(ship.Velocity, 0.9);
        return;
    }
    let direction = normalized(sub(target.Position, ship.Position));
    const rock = world.Nearest(ship.Position, Kind.Rock);
    const close = rock !== null && World.Distance(rock.Position, ship.Position) < AVOID_DISTANCE ? rock : null;
    if (close !== null) {
        const away = normalized(sub(ship.Position, close.Position));
        direction = normalized(scale(sub(direction, scale(away, -1.5)), 1));
        if (score.dodging === null || score.dodging.Id !== close.Id) {
            console.log(`[sim] ${ship.Name} dodges ${close.Label()} at ${format(ship.Position)}`);
        }
    }
    score.dodging = close;
    ship.Velocity = scale(direction, SHIP_SPEED);
}

export function step(world: World, cast: Cast, dt: number, score: Score): void {
    steer(world, cast.ship, score);
    world.Integrate(cast.ship, dt);
    for (const rock of cast.rocks) world.Integrate(rock, dt);
    for (const crystal of world.All(Kind.Crystal)) { // a C# Entity[]: iterable like a JS array
        if (world.Touching(cast.ship, crystal)) {
            world.Despawn(crystal, "collected");
            score.collected++;
        }
    }
    for (const rock of cast.rocks) {
        if (world.Touching(cast.ship, rock)) {
            score.bumps++;
            // Knock the ship back so one touch counts once.
            cast.ship.Position = sub(cast.ship.Position, scale(normalized(sub(rock.Position, cast.ship.Position)), rock.Radius));
        }
    }
}
