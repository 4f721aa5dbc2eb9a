// Imports a namespace whose assembly was not given with --assembly (docs/EVERYDAY.md).
import { Player } from "csharp:MyGame";
export function tick(dt) { Player.Update(dt); }
