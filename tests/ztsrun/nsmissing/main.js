// Imports a namespace whose assembly was not given with --assembly (issue 12).
import { Player } from "csharp:MyGame";
export function tick(dt) { Player.Update(dt); }
