// The game's scripts: plain ES modules (no TypeScript here), loaded by TsFileLoader from Program.exe's folder.
import { Scene, Mover, Area } from "csharp:Arena";

let hits = [];

export function run(scene) {
    console.log({ a: 1 }, [1, "two"]);
    const m = scene.Spawn("ship", null, 3);
    scene.Spawn("rock", new Mover("proto", 1), 1);
    const found = zts.ref();
    const tryGet = zts.generic_method(Scene, "TryGetComponent", Mover);
    const ok = tryGet.call(scene, found);
    scene.Scores.set_Item("ship", 10);
    scene.Scores.set_Item("rock", scene.Scores.get_Item("ship") + 5);
    const StrInt = zts.generic(CSharp.System.Collections.Generic.Dictionary$2, CSharp.System.String, CSharp.System.Int32);
    const d = new StrInt();
    d.Add("k", 4);
    const List = zts.generic(CSharp.System.Collections.Generic.List$1, CSharp.System.String);
    const names = new List();
    names.Add("a"); names.Add("b");
    const sb = new CSharp.System.Text.StringBuilder();
    sb.Append("x").Append(42);
    scene.add_Hit((who, dmg) => hits.push(who + ":" + dmg));
    const area = new Area(2, 5);
    return [String(m), ok, String(found.value), scene.Scores.get_Item("rock"), d.get_Item("k"), names.Count,
            sb.ToString(), scene.Ticks, scene.Level(true), scene.Level(false), scene.Bounds.Size, area.Size,
            scene.Started.Year, scene.Elapsed(90).TotalMinutes, Scene.Add3(1, 2, 3),
            CSharp.System.Math.Max(3, 9), CSharp.System.DateTime.Parse("2026-03-04").Month].join(" | ");
}

export function onHit(who, damage) {
    hits.push("onHit " + who + " " + damage);
}

export function errors() {
    const out = [];
    try { Scene.Add3(1.5, 2, 3); } catch (e) { out.push(e.message); }
    out.push(hits.join(","));
    return out.join(" / ");
}
